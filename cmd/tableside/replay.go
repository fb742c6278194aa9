package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"tableside/games"
	"tableside/tracker"
)

// runReplay reads an exported game log and prints its final state.
func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("replay", "replay FILE [--json]", stdout, stderr)
	asJSON := fs.Bool("json", false, "print the final state as JSON (the default prints it indented for reading)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one exported log file (from the game's Export log button or 'tableside replay --help')")
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return err // "open FILE: ...": the command's name is said once, by run
	}
	defer f.Close()
	x, err := tracker.ReadExport(f)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	state, err := tracker.Replay(x, games.All()...)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	enc := json.NewEncoder(stdout)
	if !*asJSON {
		enc.SetIndent("", "  ")
	}
	return enc.Encode(state)
}
