package auth

import (
	"bytes"
	"compress/gzip"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Argon2Params is the cost of argon2id hashing.
type Argon2Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
}

// DefaultArgon2 follows OWASP's argon2id recommendation (19 MiB, 2 passes, 1 lane).
var DefaultArgon2 = Argon2Params{Memory: 19 * 1024, Time: 2, Threads: 1}

// Password length limits.
const (
	MinPasswordLength = 8
	MaxPasswordLength = 128
)

//go:embed data/common-passwords.txt.gz
var commonPasswordData []byte

// commonPasswords is the sorted list of data/common-passwords.txt.gz,
// unpacked on first use.
var commonPasswords = sync.OnceValue(func() []string {
	zr, err := gzip.NewReader(bytes.NewReader(commonPasswordData))
	if err != nil {
		panic("auth: common password list: " + err.Error())
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		panic("auth: common password list: " + err.Error())
	}
	return strings.Fields(string(data))
})

func isCommon(lower string) bool {
	_, found := slices.BinarySearch(commonPasswords(), lower)
	return found
}

// PasswordContext is the account a password is for. A password built on
// any of these (or on the product's name) is refused.
type PasswordContext struct {
	Username, FullName, Email, Phone string
}

// CheckPassword returns a user-facing reason why pw may not be the password
// of the account who describes, or "". It refuses passwords that are too
// short or too long, only spaces, one character or a short pattern
// repeated, among the 100,000 most common or one of them (or an Indian
// favourite) in disguise (isWeak), or built on the account's username,
// name, email, phone number or the word PropMatch.
func CheckPassword(pw string, who PasswordContext) string {
	n := utf8.RuneCountInString(pw)
	lower := strings.ToLower(pw)
	switch {
	case n < MinPasswordLength:
		return fmt.Sprintf("Password must be at least %d characters", MinPasswordLength)
	case n > MaxPasswordLength:
		return fmt.Sprintf("Password must be at most %d characters", MaxPasswordLength)
	case strings.TrimSpace(pw) == "":
		return "Password must not be only spaces"
	case repeats(lower):
		return "Password must not be one character or a short pattern repeated, like aaaaaaaa or abcabcab"
	case isCommon(lower):
		return tooCommon
	}
	for _, c := range contextWords(who) {
		if builtOn(lower, c.word) {
			return "Password must not be based on " + c.what + ". Add words of your own"
		}
	}
	if isWeak(pw) {
		return tooCommon
	}
	return ""
}

const tooCommon = "This password is too common. Choose one that is harder to guess"

// contextWord is a word a password must not be built on, and how the
// message names it.
type contextWord struct{ word, what string }

// contextWords returns, lower-cased, the words of who that a password must
// not be built on, and the product's name.
func contextWords(who PasswordContext) []contextWord {
	words := []contextWord{{"propmatch", "the name PropMatch"}, {strings.ToLower(strings.TrimSpace(who.Username)), "your username"}}
	name := strings.Fields(strings.ToLower(who.FullName))
	words = append(words, contextWord{strings.Join(name, ""), "your name"})
	for _, part := range name {
		words = append(words, contextWord{part, "your name"})
	}
	email := strings.ToLower(strings.TrimSpace(who.Email))
	if local, _, ok := strings.Cut(email, "@"); ok {
		words = append(words, contextWord{email, "your email address"}, contextWord{local, "your email address"})
		for _, part := range strings.FieldsFunc(local, notLetterOrDigit) {
			words = append(words, contextWord{part, "your email address"})
		}
	}
	if digits := strings.TrimPrefix(who.Phone, "+"); digits != "" {
		words = append(words, contextWord{digits, "your phone number"}, contextWord{strings.TrimPrefix(digits, "91"), "your phone number"})
	}
	return words
}

func notLetterOrDigit(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// builtOn reports whether pw contains word (of at least 3 characters) and
// what is left without it would not pass as a password on its own.
func builtOn(pw, word string) bool {
	if utf8.RuneCountInString(word) < 3 || !strings.Contains(pw, word) {
		return false
	}
	rest := strings.TrimSpace(strings.ReplaceAll(pw, word, ""))
	return utf8.RuneCountInString(rest) < MinPasswordLength || repeats(rest) || isCommon(rest)
}

// repeats reports whether s is one unit of 1 to 4 characters over and over
// (the last time possibly cut short), such as "aaaaaaaa" or "abcabcab".
func repeats(s string) bool {
	r := []rune(s)
	for unit := 1; unit <= 4 && 2*unit <= len(r); unit++ {
		same := true
		for i := unit; i < len(r) && same; i++ {
			same = r[i] == r[i%unit]
		}
		if same {
			return true
		}
	}
	return false
}

// hashPassword returns the PHC-format argon2id hash of pw.
func hashPassword(random io.Reader, p Argon2Params, pw string) (string, error) {
	salt := make([]byte, 16)
	if _, err := io.ReadFull(random, salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, 32)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads, enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

var errBadHash = errors.New("malformed password hash")

// maxKeyLen bounds the key length read from a stored hash; hashPassword
// writes 32 bytes.
const maxKeyLen = 1024

// verifyPassword reports whether pw matches the PHC-format hash, in constant time.
func verifyPassword(hash, pw string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var p Argon2Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return false, errBadHash
	}
	enc := base64.RawStdEncoding
	salt, err1 := enc.DecodeString(parts[4])
	want, err2 := enc.DecodeString(parts[5])
	n := len(want)
	if err1 != nil || err2 != nil || n == 0 || n > maxKeyLen {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, uint32(n))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
