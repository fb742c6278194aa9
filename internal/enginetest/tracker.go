package enginetest

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/tracker"
)

// Tracked is a game run by the real tracker over a SQLite file in the
// test's temp directory.
type Tracked struct {
	T     testing.TB
	Ctx   context.Context
	Rules engine.Rules
	Path  string // the SQLite file
	Tr    *tracker.Tracker
	ID    int64
	// Result is the last result the tracker reported to the score log hook.
	Result *engine.Result
}

// Track creates a game of rules' kind on a fresh SQLite file.
func Track(t testing.TB, rules engine.Rules, name string, setup engine.Setup) *Tracked {
	t.Helper()
	g := &Tracked{T: t, Ctx: context.Background(), Rules: rules, Path: filepath.Join(t.TempDir(), "t.db")}
	g.Tr = g.Open()
	g.Tr.OnStatus = func(_ context.Context, _ tracker.GameInfo, r *engine.Result) { g.Result = r }
	info, err := g.Tr.Create(g.Ctx, rules.Kind(), name, setup)
	if err != nil {
		t.Fatal(err)
	}
	g.ID = info.ID
	return g
}

// Open is a fresh tracker on the game's file (closed when the test ends).
func (g *Tracked) Open() *tracker.Tracker {
	g.T.Helper()
	db, err := tracker.OpenDB(g.Path)
	if err != nil {
		g.T.Fatal(err)
	}
	g.T.Cleanup(func() { db.Close() })
	return tracker.New(db, g.Rules)
}

// Do sends a command through the tracker; data as for Cmd.
func (g *Tracked) Do(seat int, typ string, data any) error {
	_, err := g.Tr.Do(g.Ctx, g.ID, Cmd(seat, typ, data), "")
	return err
}

// Must is Do that fails the test on any error.
func (g *Tracked) Must(seat int, typ string, data any) {
	g.T.Helper()
	if err := g.Do(seat, typ, data); err != nil {
		g.T.Fatalf("%s %v: %v", typ, data, err)
	}
}

// State calls fn with the live state (fn must not keep or change it).
func (g *Tracked) State(fn func(engine.State)) {
	g.T.Helper()
	if err := g.Tr.State(g.Ctx, g.ID, func(s engine.State, _ int64) { fn(s) }); err != nil {
		g.T.Fatal(err)
	}
}

// Seq is the game's log position.
func (g *Tracked) Seq() int64 {
	g.T.Helper()
	_, seq, err := g.Tr.View(g.Ctx, g.ID, engine.Viewer{Seat: engine.Host})
	if err != nil {
		g.T.Fatal(err)
	}
	return seq
}

// RefusedUnlogged checks that the command is a rule refusal and that the
// log did not move.
func (g *Tracked) RefusedUnlogged(seat int, typ string, data any) {
	g.T.Helper()
	seq := g.Seq()
	if err := g.Do(seat, typ, data); !engine.IsRefusal(err) {
		g.T.Fatalf("%s %v by seat %d: want a refusal, got %v", typ, data, seat, err)
	}
	if g.Seq() != seq {
		g.T.Fatal("a refusal wrote to the log")
	}
}

func (g *Tracked) live() []byte {
	var b []byte
	g.State(func(s engine.State) { b, _ = json.Marshal(s) })
	return b
}

// CheckExportReplays exports the game's log, replays it, and checks the
// state is the live one byte for byte.
func (g *Tracked) CheckExportReplays() {
	g.T.Helper()
	var buf bytes.Buffer
	if err := g.Tr.Export(g.Ctx, g.ID, &buf); err != nil {
		g.T.Fatal(err)
	}
	x, err := tracker.ReadExport(&buf)
	if err != nil {
		g.T.Fatal(err)
	}
	replayed, err := tracker.Replay(x, g.Rules)
	if err != nil {
		g.T.Fatal(err)
	}
	again, _ := json.Marshal(replayed)
	if live := g.live(); !bytes.Equal(live, again) {
		g.T.Fatalf("replay differs from the live state:\nlive     %s\nreplayed %s", live, again)
	}
}

// CheckReopenReplays opens a fresh tracker on the same file, which replays
// the log from disk, and checks its state is the live one byte for byte.
func (g *Tracked) CheckReopenReplays() {
	g.T.Helper()
	fresh := &Tracked{T: g.T, Ctx: g.Ctx, Rules: g.Rules, Path: g.Path, Tr: g.Open(), ID: g.ID}
	if live, again := g.live(), fresh.live(); !bytes.Equal(live, again) {
		g.T.Fatalf("replay differs from the live state:\nlive     %s\nreplayed %s", live, again)
	}
}

// Reseal is a roll's reveal rewritten as a careful forger would: a seed of
// their own, its commitment, and the faces that seed rolls on the same
// dice, so the roll checks out on its own and only the chain of
// commitments can catch it.
func Reseal(d tracker.DiceReveal, seed [32]byte) tracker.DiceReveal {
	d.Rolls = append([]tracker.Roll{}, d.Rolls...)
	d.Seed, d.Commit = hex.EncodeToString(seed[:]), tracker.Commitment(seed)
	sides := make([]int, len(d.Rolls))
	for i := range d.Rolls {
		sides[i] = d.Rolls[i].Sides
	}
	for i, f := range tracker.Faces(seed, sides) {
		d.Rolls[i].Face = f
	}
	return d
}
