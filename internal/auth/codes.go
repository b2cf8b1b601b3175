package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"math/big"
)

// newCode returns a uniformly random 6-digit code.
func newCode(random io.Reader) (string, error) {
	n, err := rand.Int(random, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// hashCode binds a one-time code to what it is for (a phone or an email), so
// that one stored hash cannot be replayed for another.
func hashCode(scope, code string) string {
	sum := sha256.Sum256([]byte(scope + "\x00" + code))
	return hex.EncodeToString(sum[:])
}

func codeMatches(storedHash, scope, code string) bool {
	return subtle.ConstantTimeCompare([]byte(storedHash), []byte(hashCode(scope, code))) == 1
}

// newToken returns a random 256-bit session token and the hash stored for it.
func newToken(random io.Reader) (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := io.ReadFull(random, b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// isSixDigits reports whether s is exactly six ASCII digits.
func isSixDigits(s string) bool {
	if len(s) != 6 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
