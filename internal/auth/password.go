package auth

import (
	"bufio"
	"bytes"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
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

//go:embed data/common-passwords.txt
var commonPasswordData []byte

var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 10000)
	sc := bufio.NewScanner(bytes.NewReader(commonPasswordData))
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); w != "" {
			set[w] = struct{}{}
		}
	}
	return set
})

// CheckPassword returns a user-facing reason why pw may not be used, or "".
func CheckPassword(pw, username string) string {
	n := utf8.RuneCountInString(pw)
	switch {
	case n < MinPasswordLength:
		return fmt.Sprintf("Password must be at least %d characters", MinPasswordLength)
	case n > MaxPasswordLength:
		return fmt.Sprintf("Password must be at most %d characters", MaxPasswordLength)
	}
	lower := strings.ToLower(pw)
	if _, common := commonPasswords()[lower]; common {
		return "This password is too common. Choose one that is harder to guess"
	}
	if username != "" && strings.EqualFold(pw, username) {
		return "Password must not be the same as your username"
	}
	return ""
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
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
