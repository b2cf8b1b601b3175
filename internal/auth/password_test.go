package auth

import (
	"crypto/rand"
	"testing"
)

func TestCheckPassword(t *testing.T) {
	for _, tc := range []struct {
		name, pw, username string
		ok                 bool
	}{
		{"SevenIsTooShort", "Zq8#mL2", "", false},
		{"EightIsEnough", "Zq8#mL2v", "", true},
		{"LengthCountsCharactersNotBytes", "ऋषिकेश-नदी", "", true},
		{"At128", string(make128('k')), "", true},
		{"Over128", string(make128('k')) + "k", "", false},
		{"CommonRefused", "12345678", "", false},
		{"CommonRefusedIgnoringCase", "PASSWORD1", "", false},
		{"SameAsUsername", "kavya.rao", "kavya.rao", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := CheckPassword(tc.pw, tc.username) == ""; got != tc.ok {
				t.Fatalf("CheckPassword(%q) ok=%v, want %v (%s)", tc.pw, got, tc.ok, CheckPassword(tc.pw, tc.username))
			}
		})
	}
	if n := len(commonPasswords()); n < 9000 {
		t.Fatalf("only %d common passwords loaded", n)
	}
}

func make128(c byte) []byte {
	b := make([]byte, 128)
	for i := range b {
		b[i] = c
	}
	b[0] = 'Q' // not a common password
	return b
}

func TestArgon2idHash(t *testing.T) {
	h, err := hashPassword(rand.Reader, testArgon, "s3cret-passphrase")
	if err != nil {
		t.Fatal(err)
	}
	h2, _ := hashPassword(rand.Reader, testArgon, "s3cret-passphrase")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	for _, tc := range []struct {
		pw   string
		want bool
	}{{"s3cret-passphrase", true}, {"s3cret-passphrasE", false}, {"", false}} {
		if ok, err := verifyPassword(h, tc.pw); ok != tc.want || err != nil {
			t.Errorf("verify(%q) = %v, %v; want %v", tc.pw, ok, err, tc.want)
		}
	}
	if _, err := verifyPassword("$2a$10$bcrypt", "x"); err == nil {
		t.Error("a non-argon2id hash was accepted")
	}
	if DefaultArgon2.Memory < 19*1024 || DefaultArgon2.Time < 2 {
		t.Errorf("default argon2id cost %+v is below OWASP's minimum", DefaultArgon2)
	}
}
