package commands

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"strings"

	"propmatch/internal/kit/version"
)

// command is one of propmatch's commands, as the usage lists it.
type command struct {
	name string
	// args are its arguments after the flags, as the usage shows them; nargs
	// is how many it takes.
	args  string
	nargs int
	// summary says what it does, for the usages.
	summary string
	// define declares the command's flags on fl and returns what runs the
	// command once they are parsed.
	define func(fl *flag.FlagSet) runner
}

// runner runs a command with its parsed flags (captured by define) and
// its arguments.
type runner func(ctx context.Context, c call, args []string) error

// call is what a command runs with.
type call struct {
	cfg            Config
	web            fs.FS
	getenv         func(string) string
	log            *slog.Logger
	stdout, stderr io.Writer
}

// commandList is every command, in the usage's order.
func commandList() []command {
	return []command{serveCommand, migrateCmd, demoCmd, backupCmd, restoreCmd, usersCmd}
}

var migrateCmd = command{name: "migrate", summary: "bring the database schema up to date",
	define: func(*flag.FlagSet) runner {
		return func(ctx context.Context, c call, _ []string) error { return migrateCommand(ctx, c.cfg, c.stdout) }
	}}

var usersCmd = command{name: "users", args: "set-role USERNAME ROLE", nargs: 3, summary: "make a user an admin or an agent (ROLE: admin or agent)",
	define: func(*flag.FlagSet) runner {
		return func(ctx context.Context, c call, args []string) error {
			if args[0] != "set-role" {
				return usageErrorf("unknown users command %q: the only one is set-role", args[0])
			}
			return usersCommand(ctx, c.cfg, args[1], args[2], c.log, c.stdout)
		}
	}}

// UsageError is a command line that cannot run: an unknown command or
// flag, a missing argument. Run has printed it once, with the usage, on
// stderr; the process exits 2, as Go's commands do.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// usageErrorf returns a UsageError that Run prints with the command's usage.
func usageErrorf(format string, a ...any) error {
	return &UsageError{Err: fmt.Errorf(format, a...)}
}

// Main runs the command line args and returns the process's exit code: 0
// when the command succeeded or help was asked for, 2 for a usage error
// (printed once, with the usage), 1 for any other error (printed once).
func Main(ctx context.Context, web fs.FS, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	err := Run(ctx, web, args, getenv, stdout, stderr)
	var usage *UsageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &usage):
		return 2
	default:
		_, _ = fmt.Fprintln(stderr, "propmatch:", err) // nothing else is left to tell it with
		return 1
	}
}

// Run runs the command in args (without the program name). It returns when
// the command ends or ctx is cancelled. web is the built web app that
// `serve` serves (index.html at its root; nil or empty serves none).
// --help on any command prints its usage on stdout and runs nothing; a
// usage error is printed on stderr with the usage and returned as a
// *UsageError.
func Run(ctx context.Context, web fs.FS, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return printUsageError(stderr, "", errors.New("no command given"))
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" {
			cmd, ok := findCommand(args[1])
			if !ok {
				return printUsageError(stderr, "", fmt.Errorf("unknown command %q", args[1]))
			}
			return writeOut(stdout, commandUsage(cmd))
		}
		return writeOut(stdout, mainUsage())
	case "version", "-version", "--version":
		if len(args) > 1 {
			return printUsageError(stderr, "", fmt.Errorf("version takes no arguments, got %q", args[1]))
		}
		return writeOut(stdout, versionLine(version.Get()))
	}
	cmd, ok := findCommand(args[0])
	if !ok {
		return printUsageError(stderr, "", fmt.Errorf("unknown command %q", args[0]))
	}
	fl := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fl.SetOutput(io.Discard) // Run prints the error once, with the usage
	fl.Usage = func() {}
	run := cmd.define(fl)
	rest, err := parseInterleaved(fl, args[1:])
	switch {
	case errors.Is(err, flag.ErrHelp):
		return writeOut(stdout, commandUsage(cmd))
	case err != nil:
		return printUsageError(stderr, cmd.name, err)
	case len(rest) != cmd.nargs:
		if cmd.nargs == 0 {
			return printUsageError(stderr, cmd.name, fmt.Errorf("unexpected argument %q", rest[0]))
		}
		return printUsageError(stderr, cmd.name, fmt.Errorf("%s needs %s", cmd.name, cmd.args))
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	c := call{cfg: cfg, web: web, getenv: getenv, log: newLogger(cfg, stderr), stdout: stdout, stderr: stderr}
	err = run(ctx, c, rest)
	var usage *UsageError
	if errors.As(err, &usage) {
		return printUsageError(stderr, cmd.name, usage.Err)
	}
	return err
}

// parseInterleaved parses fl's flags before, between and after the
// arguments (`restore FILE --trust-unsigned` and `restore
// --trust-unsigned FILE` alike) and returns the arguments.
func parseInterleaved(fl *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fl.Parse(args); err != nil {
			return nil, err
		}
		if fl.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fl.Arg(0))
		args = fl.Args()[1:]
	}
}

func findCommand(name string) (command, bool) {
	for _, c := range commandList() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// printUsageError prints err once on stderr, with the usage of command
// name (the main usage when name is empty), and returns it as a UsageError.
func printUsageError(stderr io.Writer, name string, err error) error {
	usage, prefix := mainUsage(), "propmatch: "
	if cmd, ok := findCommand(name); ok {
		usage, prefix = commandUsage(cmd), "propmatch "+name+": "
	}
	_, _ = fmt.Fprintf(stderr, "%s%v\n\n%s", prefix, err, usage) // the error is returned either way
	return &UsageError{Err: err}
}

func writeOut(w io.Writer, s string) error {
	_, err := io.WriteString(w, s)
	return err
}

// mainUsage lists every command with every flag it takes.
func mainUsage() string {
	var b strings.Builder
	b.WriteString("PropMatch: matching properties with buyers, for agents.\n\nUsage:\n")
	for _, cmd := range commandList() {
		fmt.Fprintf(&b, "  %s\n      %s\n", synopsis(cmd), strings.ReplaceAll(cmd.summary, "\n", "\n      "))
	}
	b.WriteString("  propmatch version\n      print the build's version (also propmatch --version)\n")
	b.WriteString("  propmatch help [COMMAND]\n      print this, or a command's flags in full (also propmatch COMMAND --help)\n")
	b.WriteString("\nConfiguration is read from the environment; see the README.\n")
	return b.String()
}

// commandUsage is one command's usage: its synopsis, what it does and
// each flag with its default.
func commandUsage(cmd command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: %s\n\n%s\n", synopsis(cmd), cmd.summary)
	fl := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	cmd.define(fl)
	first := true
	fl.VisitAll(func(f *flag.Flag) {
		if first {
			b.WriteString("\nFlags:\n")
			first = false
		}
		value, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(&b, "  --%s", f.Name)
		if value != "" {
			fmt.Fprintf(&b, " %s", flagValue(value))
		}
		fmt.Fprintf(&b, "\n      %s", usage)
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			fmt.Fprintf(&b, " (default %s)", f.DefValue)
		}
		b.WriteString("\n")
	})
	return b.String()
}

// synopsis is "propmatch NAME [--flag VALUE]... ARGS" with every flag.
func synopsis(cmd command) string {
	fl := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	cmd.define(fl)
	parts := []string{"propmatch", cmd.name}
	fl.VisitAll(func(f *flag.Flag) {
		value, _ := flag.UnquoteUsage(f)
		if value == "" {
			parts = append(parts, "[--"+f.Name+"]")
			return
		}
		parts = append(parts, "[--"+f.Name+" "+flagValue(value)+"]")
	})
	if cmd.args != "" {
		parts = append(parts, cmd.args)
	}
	return strings.Join(parts, " ")
}

// flagValue is how the usage names a flag's value: the word quoted in its
// usage, else its type in capitals.
func flagValue(name string) string {
	switch name {
	case "int", "uint":
		return "N"
	case "string":
		return "VALUE"
	}
	return strings.ToUpper(name)
}

// versionLine is what `propmatch version` prints.
func versionLine(in version.Info) string {
	line := "propmatch " + in.Version
	var more []string
	if in.Revision != "" && !strings.HasPrefix(in.Revision, in.Version) {
		more = append(more, "commit "+in.Revision[:min(12, len(in.Revision))])
	}
	if in.Go != "" {
		more = append(more, "built with "+in.Go)
	}
	if len(more) > 0 {
		line += " (" + strings.Join(more, ", ") + ")"
	}
	return line + "\n"
}
