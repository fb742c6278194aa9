// Command tableside is the companion for a physical game table: the bank,
// board keeper, battle resolver, phone hub, print shop and score log.
//
// Usage:
//
//	tableside [serve] [--addr :8080] [--db FILE] [--public-url URL]
//	tableside odds [ATTACKER] DEFENDER [--chain D2,D3] [--stop N] [--leave K] [--mompop] [--plan CHANCE] [--json]
//	tableside calc price|bonus ...
//	tableside print --list | NAME [--paper a4|letter] [--names classic|1999|2008] [-o FILE]
//	tableside print record GAME [--db FILE] [--paper a4|letter] [-o FILE]
//	tableside replay FILE [--json]
//	tableside verify FILE
//	tableside scores list|export|import [--db FILE] [--format csv|json] [-o FILE]
//	tableside backup FILE [--db FILE]
//	tableside restore FILE [--db FILE]
//	tableside --version
//
// It always uses Go's own DNS resolver (the go:debug line below): a Linux
// release is linked statically (scripts/dist.sh), and a static
// program must not reach glibc's resolver, which loads shared NSS modules.
//
//go:debug netdns=go
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one subcommand: a one-line summary and its entry point.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// commands is every subcommand; each lives in its own file.
var commands = map[string]command{
	"serve":   {"run the server (the default)", runServe},
	"calc":    {"price and bonus calculators: calc price|bonus ...", runCalc},
	"odds":    {"exact odds of a battle or a chain of battles; --plan: the fewest armies for a chance", runOdds},
	"replay":  {"print the final state of an exported game log", runReplay},
	"verify":  {"check every roll of the app's dice in an exported game log", runVerify},
	"export":  {"write a game's event log to a file, or list the games", runExport},
	"print":   {"write a printable sheet as PDF (--list names them), or a finished game's record (record GAME)", runPrint},
	"scores":  {"list, export or import the score log", runScores},
	"backup":  {"write a consistent copy of the database, even while it runs", runBackup},
	"hub":     {"serve a league hub (many tables, one score log); hub migrate moves it to PostgreSQL", runHub},
	"restore": {"check a backup and put it in place (with Tableside stopped)", runRestore},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if code != 0 && ownConsole() {
		waitForEnter(os.Stdin, os.Stderr)
	}
	os.Exit(code)
}

// waitForEnter keeps a double-clicked tableside.exe's window open after a
// failure, so its message can be read before the window goes.
func waitForEnter(in io.Reader, out io.Writer) {
	fmt.Fprint(out, "\nPress Enter to close this window.")
	bufio.NewReader(in).ReadString('\n')
}

// run dispatches to a subcommand and turns its error into an exit status:
// 2 for a usage error, 1 for anything else.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	name := "serve"
	if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "--help") {
		usage(stdout)
		return 0
	}
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version" || args[0] == "version") {
		fmt.Fprintln(stdout, versionLine())
		return 0
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "tableside: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	err := cmd.run(ctx, args, stdout, stderr)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, new(usageError)):
		fmt.Fprintf(stderr, "tableside %s: %v\n", name, err)
		return 2
	default:
		fmt.Fprintf(stderr, "tableside %s: %v\n", name, err)
		return 1
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Tableside: the companion for your game table.\n\nUsage: tableside [command] [flags]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'tableside COMMAND --help' for a command's flags, 'tableside --version' for the version.")
}

// usageError is a mistake in the command line, answered with exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// flagSet is a command's flags and where its usage goes: asked for
// (--help), to standard output; after a mistake, to standard error.
type flagSet struct {
	*flag.FlagSet
	synopsis       string
	stdout, stderr io.Writer
}

// newFlags makes a flag set that reports errors instead of exiting, and
// prints its usage with a one-line synopsis.
func newFlags(name, synopsis string, stdout, stderr io.Writer) *flagSet {
	fs := &flagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), synopsis: synopsis, stdout: stdout, stderr: stderr}
	fs.SetOutput(io.Discard) // parseFlags says what went wrong, once, where it belongs
	fs.Usage = func() {}
	return fs
}

// printUsage writes the synopsis and every flag to w.
func (fs *flagSet) printUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage: tableside %s\n", fs.synopsis)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// parseFlags parses args, allowing flags after positional arguments
// ("odds 10 7 --json"), and returns the positional ones. --help prints the
// usage on standard output (flag.ErrHelp: exit 0); a mistake prints it on
// standard error (a usage error: exit 2).
func parseFlags(fs *flagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.printUsage(fs.stdout)
				return nil, err
			}
			fs.printUsage(fs.stderr)
			return nil, usageError{err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}
