package dbdump

import (
	"archive/zip"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strings"
)

// A backup's manifest is signed: the archive's entry manifest.sig holds the
// hex HMAC-SHA256 of manifest.json's exact bytes, keyed by a key derived
// from the server secret (KeyFrom). The manifest holds every table's
// SHA-256, so the signature covers every row: a file edited and given new
// checksums no longer matches, since whoever edits it does not hold the
// secret. See docs/decisions.md, "Signed backups (issue 21)".

// signatureName is the signature's entry in the archive, after the manifest.
const signatureName = "manifest.sig"

// keyLabel is what the server secret keys to derive the manifest key: a
// key of its own, so a signature never serves as anything else (such as a
// one-time code's hash).
const keyLabel = "propmatch backup manifest v1"

// Key signs and checks backup manifests.
type Key []byte

// KeyFrom derives the manifest key from the server secret:
// HMAC-SHA256(secret, "propmatch backup manifest v1").
func KeyFrom(secret []byte) Key {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(keyLabel)) // a hash's Write never fails
	return m.Sum(nil)
}

// sign returns the signature of the manifest's bytes.
func (k Key) sign(manifest []byte) string {
	m := hmac.New(sha256.New, k)
	m.Write(manifest) // a hash's Write never fails
	return hex.EncodeToString(m.Sum(nil))
}

// maxSignature caps the signature entry read: a real one is 64 bytes.
const maxSignature = 1 << 10

// checkSignature returns why the manifest's bytes are not signed by k,
// for the operator, or "" when they are.
func checkSignature(files map[string]*zip.File, manifest []byte, k Key) string {
	const other = "made by another installation (another server secret) or edited after it was written"
	if len(k) == 0 {
		return "this installation has no server secret to check its signature with"
	}
	f := files[signatureName]
	if f == nil {
		return "it is not signed (no " + signatureName + "): " + other + ", or by a PropMatch older than signed backups"
	}
	rc, err := f.Open()
	if err != nil {
		return "its signature cannot be read (" + err.Error() + ")"
	}
	defer func() { _ = rc.Close() }()
	raw, err := io.ReadAll(io.LimitReader(rc, maxSignature))
	if err != nil {
		return "its signature is damaged (" + err.Error() + ")"
	}
	got, err := hex.DecodeString(strings.TrimSpace(string(raw)))
	want, _ := hex.DecodeString(k.sign(manifest)) // our own hex
	if err != nil || !hmac.Equal(got, want) {
		return "its signature does not match this installation's server secret: it was " + other
	}
	return ""
}
