package auth

import (
	"crypto/hmac"
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

// codeKey derives the key for code hashes from the server secret, or makes a
// random one when there is no secret.
func codeKey(secret []byte) []byte {
	if len(secret) == 0 {
		secret = make([]byte, 32)
		if _, err := rand.Read(secret); err != nil {
			panic("auth: no random source: " + err.Error())
		}
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("propmatch one-time codes v1"))
	return m.Sum(nil)
}

// hashCode returns the stored form of a one-time code: HMAC-SHA256 keyed
// with the server secret, so that a copy of the database alone cannot be
// searched for the code (a million candidates take under a second unkeyed).
// The scope (a phone or an email) binds the hash to what the code is for.
func (s *Service) hashCode(scope, code string) string {
	m := hmac.New(sha256.New, s.codeKey)
	m.Write([]byte(scope + "\x00" + code))
	return hex.EncodeToString(m.Sum(nil))
}

func (s *Service) codeMatches(storedHash, scope, code string) bool {
	return subtle.ConstantTimeCompare([]byte(storedHash), []byte(s.hashCode(scope, code))) == 1
}

// newToken returns a random 256-bit session token and the hash stored for it.
// The hash is plain SHA-256: a 256-bit random token cannot be searched for,
// so a key would add nothing.
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
