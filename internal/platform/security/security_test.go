package security_test

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"propmatch/internal/platform/security"
)

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

func TestLoadSecret(t *testing.T) {
	long := "0123456789abcdef0123456789abcdef"
	t.Run("GeneratedOnceAndKept", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "data", security.SecretFileName)
		s1, err := security.LoadSecret("", file)
		if err != nil || len(s1) < security.MinSecretLength {
			t.Fatalf("got %q, %v", s1, err)
		}
		s2, err := security.LoadSecret("", file)
		if err != nil || string(s1) != string(s2) {
			t.Fatalf("second start got another secret: %q vs %q (%v)", s1, s2, err)
		}
		if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o600 {
			t.Fatalf("secret file mode %v, want 0600", fi.Mode().Perm())
		}
	})
	t.Run("ConcurrentFirstStartsAgree", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), security.SecretFileName)
		got := make([]string, 20)
		var wg sync.WaitGroup
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s, err := security.LoadSecret("", file)
				if err != nil {
					t.Error(err)
				}
				got[i] = string(s)
			}()
		}
		wg.Wait()
		for _, s := range got {
			if s != got[0] {
				t.Fatal("concurrent first starts made different secrets")
			}
		}
	})
	t.Run("ConfiguredValueWins", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), security.SecretFileName)
		s, err := security.LoadSecret(long, file)
		if err != nil || string(s) != long {
			t.Fatalf("got %q, %v", s, err)
		}
		if _, err := os.Stat(file); !os.IsNotExist(err) {
			t.Fatal("a file was written although the secret is configured")
		}
	})
	t.Run("ShortSecretRefused", func(t *testing.T) {
		if _, err := security.LoadSecret("too-short", ""); err == nil {
			t.Fatal("a short secret was accepted")
		}
		file := filepath.Join(t.TempDir(), "short")
		os.WriteFile(file, []byte("short\n"), 0o600)
		if _, err := security.LoadSecret("", file); err == nil {
			t.Fatal("a short secret file was accepted")
		}
	})
	t.Run("DefaultFileNextToTheSQLiteDatabase", func(t *testing.T) {
		for url, want := range map[string]string{
			"sqlite:data/propmatch.db":        filepath.Join("data", security.SecretFileName),
			"sqlite:/var/lib/pm/propmatch.db": filepath.Join("/var/lib/pm", security.SecretFileName),
			"postgres://db/propmatch":         filepath.Join("data", security.SecretFileName),
		} {
			if got := security.DefaultSecretFile(url); got != want {
				t.Errorf("DefaultSecretFile(%q) = %q, want %q", url, got, want)
			}
		}
	})
}
