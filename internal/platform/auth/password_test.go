package auth

import (
	"crypto/rand"
	"strings"
	"testing"
)

func TestCheckPassword(t *testing.T) {
	kavya := PasswordContext{Username: "kavya.rao", FullName: "Kavya Rao", Email: "k.rao@example.in", Phone: "+919845012763"}
	for _, tc := range []struct {
		name string
		pw   string
		who  PasswordContext
		ok   bool
	}{
		{"SevenIsTooShort", "Zq8#mL2", PasswordContext{}, false},
		{"EightIsEnough", "Zq8#mL2v", PasswordContext{}, true},
		{"LengthCountsCharactersNotBytes", "ऋषिकेश-नदी", PasswordContext{}, true},
		{"At128", string(make128('k')), PasswordContext{}, true},
		{"Over128", string(make128('k')) + "k", PasswordContext{}, false},
		{"CommonRefused", "12345678", PasswordContext{}, false},
		{"CommonRefusedIgnoringCase", "PASSWORD1", PasswordContext{}, false},
		{"CommonFromTheTop100000Refused", "onthefloor", PasswordContext{}, false},
		{"OnlySpacesRefused", "        ", PasswordContext{}, false},
		{"OnlyWhitespaceRefused", " \t  \t   ", PasswordContext{}, false},
		{"OneCharacterRepeatedRefused", "aaaaaaaa", PasswordContext{}, false},
		{"OneSymbolRepeatedRefused", "########", PasswordContext{}, false},
		{"ShortPatternRepeatedRefused", "xq7xq7xq7", PasswordContext{}, false},
		{"ProductNameRefused", "propmatch", PasswordContext{}, false},
		{"ProductNameWithDigitsRefused", "PropMatch2026", PasswordContext{}, false},
		{"ProductNameInAPassphraseAllowed", "propmatch-monsoon-terrace", PasswordContext{}, true},
		{"SameAsUsername", "kavya.rao", kavya, false},
		{"UsernameIgnoringCase", "Kavya.Rao", kavya, false},
		{"UsernameWithDigitsRefused", "kavya.rao123", kavya, false},
		{"NameRefused", "KavyaRao", kavya, false},
		{"NamePartWithDigitsRefused", "kavya@2026", kavya, false},
		{"EmailRefused", "k.rao@example.in", kavya, false},
		{"PhoneRefused", "9845012763", kavya, false},
		{"PhoneWithCountryCodeRefused", "+919845012763", kavya, false},
		{"NameInAStrongPassphraseAllowed", "kavya-climbs-granite-peaks", kavya, true},
		{"UnrelatedPasswordAllowed", "Monsoon-Terrace-42", kavya, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reason := CheckPassword(tc.pw, tc.who)
			if ok := reason == ""; ok != tc.ok {
				t.Fatalf("CheckPassword(%q) ok=%v, want %v (%s)", tc.pw, ok, tc.ok, reason)
			}
		})
	}
	if n := len(commonPasswords()); n < 100_000 {
		t.Fatalf("only %d common passwords loaded, want at least 100,000", n)
	}
}

func TestPasswordMessagesNameTheRule(t *testing.T) {
	kavya := PasswordContext{Username: "kavya.rao", FullName: "Kavya Rao", Email: "k.rao@example.in", Phone: "+919845012763"}
	for _, tc := range []struct{ pw, want string }{
		{"        ", "only spaces"},
		{"aaaaaaaa", "repeated"},
		{"password1", "too common"},
		{"propmatch", "PropMatch"},
		{"kavya.rao", "username"},
		{"kavyarao1", "name"},
		{"k.rao@example.in", "email"},
		{"9845012763", "phone"},
	} {
		if got := CheckPassword(tc.pw, kavya); !strings.Contains(got, tc.want) {
			t.Errorf("CheckPassword(%q) = %q, want it to mention %q", tc.pw, got, tc.want)
		}
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

// disguisedCommonPasswords are 24 weak passwords the common list alone let
// through: a common word or an Indian favourite with a capital, digits for
// letters, spaces, or a symbol, digits or a year at the end (issue 21, F10).
var disguisedCommonPasswords = []string{
	"Passw0rd!", "Welcome@123", "India@123", "P r o p M a t c h",
	"Bharat@2024", "Hindustan#1", "Mumbai@123", "D3lhi@2025", "Bengaluru!1", "Chennai@786",
	"K0lkata#99", "Hyderabad@1", "Pune@12345", "Cricket@123", "Sachin@10", "Dh0ni@007",
	"Virat@18", "Kohli#1818", "Bollyw00d!", "ShahRukh@123", "Pr0p3rty!", "Bangal0re#1",
	"M u m b a i 2 0 2 4", "$unsh1ne!",
}

func TestCommonPasswordsInDisguiseAreRefused(t *testing.T) {
	for _, pw := range disguisedCommonPasswords {
		t.Run(pw, func(t *testing.T) {
			if got := CheckPassword(pw, PasswordContext{}); !strings.Contains(got, "too common") {
				t.Fatalf("CheckPassword(%q) = %q, want it refused as too common", pw, got)
			}
		})
	}
	for _, pw := range []string{
		"Zq8#mL2v", "Monsoon-Terrace-42", "Chai&Ghats#Rainy7", "india-monsoon-tea-garden",
		"Tr1cky-anil-pass", "Mumbai local at 9:14 is late", "ऋषिकेश-नदी", "Kx!7pune-harbour",
	} {
		t.Run("Strong/"+pw, func(t *testing.T) {
			if got := CheckPassword(pw, PasswordContext{}); got != "" {
				t.Fatalf("CheckPassword(%q) = %q, want it accepted", pw, got)
			}
		})
	}
}
