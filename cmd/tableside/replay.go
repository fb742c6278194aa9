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
	x, err := readExportFile(pos[0])
	if err != nil {
		return err
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

// readExportFile reads an exported game log (replay, verify). Its errors
// name the file; the command's name is said once, by run.
func readExportFile(path string) (tracker.Export, error) {
	f, err := os.Open(path)
	if err != nil {
		return tracker.Export{}, err // "open FILE: ..."
	}
	defer f.Close()
	x, err := tracker.ReadExport(f)
	if err != nil {
		return tracker.Export{}, fmt.Errorf("%s: %w", path, err)
	}
	return x, nil
}
