package commands_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"propmatch/internal/commands"
)

// cli runs the command line args as the propmatch binary does and returns
// its exit code, stdout and stderr. DATABASE_URL names a SQLite file that
// does not exist yet, so a test can tell whether the command touched it.
func cli(t *testing.T, args ...string) (code int, stdout, stderr, dbFile string) {
	t.Helper()
	dbFile = filepath.Join(t.TempDir(), "cli.db")
	e := env{"DATABASE_URL": "sqlite:" + dbFile, "PROPMATCH_ENV": "development", "PROPMATCH_BACKUP_DIR": t.TempDir()}
	var out, errOut bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code = commands.Main(ctx, nil, args, e.get, &out, &errOut)
	return code, out.String(), errOut.String(), dbFile
}

// everyCommand is every command the usage lists.
var everyCommand = []string{"serve", "migrate", "demo", "backup", "restore", "users"}

func TestHelpOnEveryCommandRunsNothing(t *testing.T) {
	for _, name := range everyCommand {
		for _, help := range [][]string{{name, "--help"}, {name, "-h"}, {name, "-help"}, {"help", name}} {
			t.Run(strings.Join(help, " "), func(t *testing.T) {
				code, stdout, stderr, db := cli(t, help...)
				if code != 0 {
					t.Errorf("exit code %d, want 0; stderr:\n%s", code, stderr)
				}
				if !strings.HasPrefix(stdout, "Usage: propmatch "+name) {
					t.Errorf("stdout does not start with the command's usage:\n%s", stdout)
				}
				if stderr != "" {
					t.Errorf("stderr = %q, want nothing", stderr)
				}
				if _, err := os.Stat(db); !os.IsNotExist(err) {
					t.Errorf("--help ran the command: the database %s was made (%v)", db, err)
				}
			})
		}
	}
}

func TestAWrongFlagIsPrintedOnceWithTheUsageAndExits2(t *testing.T) {
	for _, name := range everyCommand {
		t.Run(name, func(t *testing.T) {
			code, stdout, stderr, db := cli(t, name, "--bogus")
			if code != 2 {
				t.Errorf("exit code %d, want 2", code)
			}
			if n := strings.Count(stderr, "-bogus"); n != 1 {
				t.Errorf("stderr names the flag %d times, want once:\n%s", n, stderr)
			}
			if !strings.Contains(stderr, "Usage: propmatch "+name) {
				t.Errorf("stderr has no usage:\n%s", stderr)
			}
			if stdout != "" {
				t.Errorf("stdout = %q", stdout)
			}
			if _, err := os.Stat(db); !os.IsNotExist(err) {
				t.Errorf("a wrong flag ran the command: %s was made (%v)", db, err)
			}
		})
	}
}

func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		name       string
		args       []string
		code       int
		stdout     string // contained
		stderr     string // contained
		onceStderr string // contained exactly once
	}{
		{"VersionFlag", []string{"--version"}, 0, "propmatch ", "", ""},
		{"VersionCommand", []string{"version"}, 0, "propmatch ", "", ""},
		{"VersionSingleDash", []string{"-version"}, 0, "propmatch ", "", ""},
		{"VersionTakesNoArguments", []string{"version", "x"}, 2, "", "Usage:", `"x"`},
		{"HelpCommand", []string{"help"}, 0, "propmatch demo [--agents N]", "", ""},
		{"HelpFlag", []string{"--help"}, 0, "propmatch version", "", ""},
		{"HelpOnAnUnknownCommand", []string{"help", "frobnicate"}, 2, "", "Usage:", "frobnicate"},
		{"NoCommand", nil, 2, "", "Usage:", "no command given"},
		{"UnknownCommand", []string{"frobnicate"}, 2, "", "Usage:", "frobnicate"},
		{"UnexpectedArgument", []string{"migrate", "now"}, 2, "", "Usage: propmatch migrate", `unexpected argument "now"`},
		{"MissingArgument", []string{"restore"}, 2, "", "Usage: propmatch restore", "restore needs FILE"},
		{"UsersNeedsItsArguments", []string{"users", "set-role", "kiran"}, 2, "", "Usage: propmatch users set-role USERNAME ROLE", "users needs"},
		{"UnknownUsersCommand", []string{"users", "delete", "kiran", "admin"}, 2, "", "Usage: propmatch users", `unknown users command "delete"`},
		{"NegativeCountIsAUsageError", []string{"demo", "--agents", "-1"}, 2, "", "Usage: propmatch demo", "must not be negative"},
		{"BadFlagValue", []string{"demo", "--agents", "many"}, 2, "", "Usage: propmatch demo", `"many"`},
		{"AFailureIsPrintedOnceAndExits1", []string{"restore", "/nonexistent/backup.zip"}, 1, "", "propmatch: restore:", "/nonexistent/backup.zip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr, _ := cli(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
			if !strings.Contains(stdout, tc.stdout) {
				t.Errorf("stdout does not say %q:\n%s", tc.stdout, stdout)
			}
			if !strings.Contains(stderr, tc.stderr) {
				t.Errorf("stderr does not say %q:\n%s", tc.stderr, stderr)
			}
			if tc.onceStderr != "" && strings.Count(stderr, tc.onceStderr) != 1 {
				t.Errorf("stderr says %q %d times, want once:\n%s", tc.onceStderr, strings.Count(stderr, tc.onceStderr), stderr)
			}
		})
	}
}
