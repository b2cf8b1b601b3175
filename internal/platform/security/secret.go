package security

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// MinSecretLength is the shortest server secret accepted, in bytes.
const MinSecretLength = 32

// SecretFileName is the name of the generated server secret file.
const SecretFileName = "propmatch.secret"

// LoadSecret returns the server secret: value when it is set, else the
// contents of file. When neither is set and file does not exist, it
// generates a random 256-bit secret and writes it to file (mode 0600, its
// folder created), so that the secret survives restarts but lives outside
// the database. Two processes starting at once end up with the same secret.
// It returns an error for a secret shorter than MinSecretLength.
func LoadSecret(value, file string) ([]byte, error) {
	if value = strings.TrimSpace(value); value != "" {
		return checkSecret([]byte(value), "PROPMATCH_SECRET")
	}
	if file == "" {
		return nil, errors.New("server secret: neither a secret nor a secret file is configured")
	}
	data, err := os.ReadFile(file) //nolint:gosec // the operator configures this path
	if errors.Is(err, os.ErrNotExist) {
		if err := createSecret(file); err != nil {
			return nil, fmt.Errorf("server secret: create %s: %w", file, err)
		}
		data, err = os.ReadFile(file) //nolint:gosec // the operator configures this path
	}
	if err != nil {
		return nil, fmt.Errorf("server secret: %w", err)
	}
	return checkSecret([]byte(strings.TrimSpace(string(data))), file)
}

func checkSecret(s []byte, from string) ([]byte, error) {
	if len(s) < MinSecretLength {
		return nil, fmt.Errorf("server secret from %s must be at least %d characters", from, MinSecretLength)
	}
	return s, nil
}

// createSecret writes a fresh secret to a temporary file and links it into
// place, which fails if another process got there first (that secret wins).
func createSecret(file string) error {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	dir := filepath.Dir(file)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".propmatch-secret-*")
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // if this fails, an owner-only (0600) copy stays beside the secret
	err = fill(tmp, hex.EncodeToString(b)+"\n")
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	err = os.Link(tmp.Name(), file)
	if err == nil || errors.Is(err, os.ErrExist) {
		return nil
	}
	// A file system without hard links: create the file exclusively instead.
	return writeExclusive(file, hex.EncodeToString(b)+"\n")
}

// fill writes content to f, makes it readable by its owner only, and
// flushes it to disk.
func fill(f *os.File, content string) error {
	if _, err := f.WriteString(content); err != nil {
		return err
	}
	if err := f.Chmod(0o600); err != nil {
		return err
	}
	return f.Sync()
}

func writeExclusive(file, content string) error {
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) //nolint:gosec // the operator configures this path
	if errors.Is(err, os.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := f.WriteString(content); err != nil {
		_ = f.Close() // the write error is the one to report
		return err
	}
	return f.Close()
}

// DefaultSecretFile returns where the generated secret lives for a database
// URL: next to the SQLite file, or in ./data for PostgreSQL.
func DefaultSecretFile(databaseURL string) string {
	if path, ok := strings.CutPrefix(databaseURL, "sqlite:"); ok {
		return filepath.Join(filepath.Dir(strings.TrimPrefix(path, "//")), SecretFileName)
	}
	return filepath.Join("data", SecretFileName)
}
