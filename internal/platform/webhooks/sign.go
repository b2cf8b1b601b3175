package webhooks

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"strconv"
	"strings"
)

// SecretPrefix starts every endpoint secret, as Standard Webhooks writes them.
const SecretPrefix = "whsec_"

// secretBytes is how many random bytes an endpoint secret carries (the
// specification asks for 24 to 64).
const secretBytes = 32

// newSecret returns a fresh endpoint secret: whsec_ and base64 of 32 random bytes.
func newSecret(r io.Reader) (string, error) {
	b := make([]byte, secretBytes)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", err
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

// secretKey is the HMAC key of secret: the bytes its base64 part decodes to.
func secretKey(secret string) ([]byte, error) {
	return base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
}

// Sign returns the webhook-signature header of one attempt: "v1," and the
// base64 HMAC-SHA256, keyed with the secret's bytes, of
// msgID + "." + timestamp + "." + body (Standard Webhooks, symmetric).
func Sign(secret, msgID string, timestamp int64, body []byte) (string, error) {
	key, err := secretKey(secret)
	if err != nil {
		return "", errors.New("webhooks: the endpoint secret is not base64")
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msgID + "." + strconv.FormatInt(timestamp, 10) + "."))
	m.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil)), nil
}

// sealer keeps endpoint secrets in the database sealed with AES-256-GCM
// under a key derived from the server secret: a copy of the database alone
// cannot sign, and the server can (unlike a hash, which cannot sign).
type sealer struct{ aead cipher.AEAD }

func newSealer(serverSecret []byte) sealer {
	if len(serverSecret) == 0 { // tests without a configured secret
		serverSecret = make([]byte, 32)
		if _, err := rand.Read(serverSecret); err != nil {
			panic("webhooks: no random source: " + err.Error())
		}
	}
	m := hmac.New(sha256.New, serverSecret)
	m.Write([]byte("propmatch webhook secrets v1"))
	block, err := aes.NewCipher(m.Sum(nil))
	if err != nil {
		panic(err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return sealer{aead}
}

const sealedPrefix = "v1:"

func (s sealer) seal(plain string) (string, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := s.aead.Seal(nonce, nonce, []byte(plain), []byte("webhook endpoint secret"))
	return sealedPrefix + base64.StdEncoding.EncodeToString(out), nil
}

func (s sealer) open(sealed string) (string, error) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(sealed, sealedPrefix))
	if err != nil || !strings.HasPrefix(sealed, sealedPrefix) || len(raw) < s.aead.NonceSize() {
		return "", errors.New("webhooks: unreadable sealed secret")
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], []byte("webhook endpoint secret"))
	if err != nil {
		return "", errors.New("webhooks: the endpoint secret does not open with this server's secret")
	}
	return string(plain), nil
}
