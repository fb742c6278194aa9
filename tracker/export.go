package tracker

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"tableside/engine"
)

// LogFormat names the version of the exported log file format (docs/event-log.md).
const LogFormat = "tableside-log/1"

// Export is a game's whole log as a file: what `tableside replay` reads.
type Export struct {
	Format string   `json:"format"`
	Game   GameInfo `json:"game"`
	// FirstDice is the commitment to the game's first dice seed, shown on
	// the host's and the TV's screens when it opened (dice_seed.go).
	FirstDice string   `json:"firstDice,omitempty"`
	Events    []Record `json:"events"`
}

// Export writes a game's log as JSON.
func (t *Tracker) Export(ctx context.Context, id int64, w io.Writer) error {
	info, err := t.db.game(ctx, id)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	first, err := t.db.firstDice(ctx, id)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	x := Export{Format: LogFormat, Game: info, FirstDice: first, Events: []Record{}}
	recs, err := t.db.rawLog(ctx, id) // a damaged event goes out marked: the log can be rescued
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	x.Events = append(x.Events, recs...)
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(x); err != nil {
		return fmt.Errorf("export game %d: %w", id, err)
	}
	return nil
}

// ReadExport parses an exported log, checking that it is one.
func ReadExport(r io.Reader) (Export, error) {
	var x Export
	dec := json.NewDecoder(r)
	if err := dec.Decode(&x); err != nil {
		return x, fmt.Errorf("read log: not a Tableside log file: %w", err)
	}
	if x.Format != LogFormat {
		return x, fmt.Errorf("read log: format %q, want %q", x.Format, LogFormat)
	}
	for i, e := range x.Events {
		if e.Seq != int64(i+1) {
			return x, fmt.Errorf("read log: event %d has sequence number %d; the log has a gap or is out of order", i+1, e.Seq)
		}
		if e.Damaged != "" {
			return x, fmt.Errorf("read log: event %d (%s) is marked damaged (%s): repair its data from \"raw\" first", e.Seq, e.Type, e.Damaged)
		}
	}
	return x, nil
}

// Replay computes the final state of an exported log with the given engines.
func Replay(x Export, games ...engine.Rules) (engine.State, error) {
	for _, r := range games {
		if r.Kind() == x.Game.Kind {
			s, _, err := rebuild(r, x.Game.Setup, x.Events, nil)
			return s, err
		}
	}
	return nil, fmt.Errorf("this Tableside cannot run %q games", x.Game.Kind)
}
