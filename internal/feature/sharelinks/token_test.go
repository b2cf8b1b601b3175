package sharelinks

import (
	"encoding/base64"
	"regexp"
	"testing"
)

// TestTokens: 256 random bits each, base64url without padding (43
// characters), never repeated, and only the hash is what is stored.
func TestTokens(t *testing.T) {
	form := regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)
	seen := map[string]bool{}
	ones := 0
	for range 2000 {
		tok, hash, err := newToken()
		if err != nil {
			t.Fatal(err)
		}
		if !form.MatchString(tok) || !ValidToken(tok) {
			t.Fatalf("token %q is not 43 base64url characters", tok)
		}
		raw, _ := base64.RawURLEncoding.DecodeString(tok)
		if len(raw)*8 < 128 {
			t.Fatalf("token has %d bits", len(raw)*8)
		}
		for _, b := range raw {
			for ; b != 0; b &= b - 1 {
				ones++
			}
		}
		if seen[tok] {
			t.Fatalf("token %q repeated", tok)
		}
		seen[tok] = true
		if hash == tok || hash != hashToken(tok) || len(hash) != 64 {
			t.Fatalf("hash %q of %q", hash, tok)
		}
	}
	// Half the bits set, give or take: the bytes are random, not a counter.
	if total := 2000 * TokenBytes * 8; ones < total*48/100 || ones > total*52/100 {
		t.Errorf("%d of %d bits set", ones, total)
	}
	for _, bad := range []string{"", "short", "AAAA" + string(make([]byte, 39)), "*******************************************"} {
		if ValidToken(bad) {
			t.Errorf("ValidToken(%q)", bad)
		}
	}
}
