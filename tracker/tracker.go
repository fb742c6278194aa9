// Package tracker runs games at the table: it keeps every game's event log in
// SQLite, holds each game's current state in memory (rebuilt from the log),
// asks the game's engine to decide each command, and tells subscribers when a
// game changes. It knows no game's rules.
package tracker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"tableside/engine"
)

// ErrNoGame means no game has the given id.
var ErrNoGame = errors.New("no such game")

// ErrNothingToUndo and ErrNothingToRedo are refusals of undo and redo.
var (
	ErrNothingToUndo = &engine.RuleError{Rule: "nothing-to-undo", Message: "There is nothing to undo."}
	ErrNothingToRedo = &engine.RuleError{Rule: "nothing-to-redo", Message: "There is nothing to redo."}
)

// Tracker owns the running games.
type Tracker struct {
	db    *DB
	rules map[string]engine.Rules
	kinds []engine.Rules

	mu    sync.Mutex
	games map[int64]*game

	// Now is the clock; tests set it. Seed draws each command's dice seed.
	Now  func() time.Time
	Seed func() [32]byte
	// OnStatus, when set, is called after a game finishes (with its result) or
	// is reopened by an undo (with nil). The score log listens here.
	OnStatus func(ctx context.Context, info GameInfo, res *engine.Result)
	Log      *slog.Logger
}

// New returns a tracker over db that can run the given games.
func New(db *DB, games ...engine.Rules) *Tracker {
	t := &Tracker{db: db, rules: map[string]engine.Rules{}, games: map[int64]*game{},
		Now: time.Now, Seed: randomSeed, Log: slog.Default()}
	for _, r := range games {
		t.rules[r.Kind()] = r
		t.kinds = append(t.kinds, r)
	}
	return t
}

// DB returns the database the tracker writes to.
func (t *Tracker) DB() *DB { return t.db }

// Kinds lists the games this tracker can run, in the order given to New.
func (t *Tracker) Kinds() []engine.Rules { return t.kinds }

// Rules returns the engine for a kind of game.
func (t *Tracker) Rules(kind string) (engine.Rules, bool) {
	r, ok := t.rules[kind]
	return r, ok
}

// Create starts a new game of the given kind.
func (t *Tracker) Create(ctx context.Context, kind, name string, setup engine.Setup) (GameInfo, error) {
	rules, ok := t.rules[kind]
	if !ok {
		return GameInfo{}, engine.Refuse("unknown-game", "Tableside does not know the game %q.", kind)
	}
	if n := len(setup.Seats); n < rules.MinSeats() || n > rules.MaxSeats() {
		return GameInfo{}, engine.Refuse("seat-count", "%s takes %d to %d players, not %d.", rules.Title(), rules.MinSeats(), rules.MaxSeats(), n)
	}
	setup.Seats = slices.Clone(setup.Seats)
	for i, s := range setup.Seats {
		if strings.TrimSpace(s.Name) == "" {
			return GameInfo{}, engine.Refuse("seat-name", "Player %d needs a name.", i+1)
		}
		n, err := engine.CheckName(fmt.Sprintf("Player %d's name", i+1), s.Name)
		if err != nil {
			return GameInfo{}, err
		}
		setup.Seats[i].Name = n
	}
	state, err := rules.New(setup)
	if err != nil {
		return GameInfo{}, fmt.Errorf("create %s: %w", kind, err)
	}
	if strings.TrimSpace(name) == "" {
		name = rules.Title()
	}
	if name, err = engine.CheckName("The game's name", name); err != nil {
		return GameInfo{}, err
	}
	info := GameInfo{Kind: kind, Name: name, Created: t.Now().UTC(), Setup: setup}
	if err := t.db.insertGame(ctx, &info); err != nil {
		return GameInfo{}, err
	}
	t.mu.Lock()
	t.games[info.ID] = &game{info: info, rules: rules, state: state, hist: newHistory(), subs: map[chan int64]struct{}{}}
	t.mu.Unlock()
	return info, nil
}

// Games lists every game, newest first.
func (t *Tracker) Games(ctx context.Context) ([]GameInfo, error) { return t.db.games(ctx) }

// load returns the running game, rebuilding it from its log on first use.
func (t *Tracker) load(ctx context.Context, id int64) (*game, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if g, ok := t.games[id]; ok {
		return g, nil
	}
	info, err := t.db.game(ctx, id)
	if err != nil {
		return nil, err
	}
	rules, ok := t.rules[info.Kind]
	if !ok {
		return nil, fmt.Errorf("game %d: this Tableside cannot run %q games", id, info.Kind)
	}
	g := &game{info: info, rules: rules, subs: map[chan int64]struct{}{}}
	if err := g.rebuild(ctx, t.db); err != nil {
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	t.games[id] = g
	return g, nil
}

// Info returns a game's description.
func (t *Tracker) Info(ctx context.Context, id int64) (GameInfo, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return GameInfo{}, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.info, nil
}

// Undo reverts the newest command still in force. The whole state is rebuilt
// from the log, so an undo can never leave a half-reverted state.
func (t *Tracker) Undo(ctx context.Context, id int64) (string, error) {
	return t.revert(ctx, id, typeUndo)
}

// Redo restores the command most recently undone, while no new command has
// been made since.
func (t *Tracker) Redo(ctx context.Context, id int64) (string, error) {
	return t.revert(ctx, id, typeRedo)
}

func (t *Tracker) revert(ctx context.Context, id int64, typ string) (string, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return "", err
	}
	g.write.Lock()
	defer g.write.Unlock()
	target, ok := g.hist.lastDone()
	refusal := ErrNothingToUndo
	if typ == typeRedo {
		target, ok = g.hist.nextRedo()
		refusal = ErrNothingToRedo
	}
	if !ok {
		return "", refusal
	}
	desc := g.describe(target.first)
	rec := Record{Seq: g.seq + 1, Time: t.Now().UTC(), Actor: engine.Host, Cmd: g.seq + 1, Type: typ,
		Data: engine.NewEvent(typ, undoData{Cmd: target.cmd}).Data}
	if err := t.db.appendRecords(ctx, id, []Record{rec}); err != nil {
		return "", fmt.Errorf("%s: %w", strings.TrimPrefix(typ, "tracker."), err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.rebuild(ctx, t.db); err != nil {
		return "", fmt.Errorf("%s: %w", strings.TrimPrefix(typ, "tracker."), err)
	}
	t.checkFinished(ctx, g)
	g.notify()
	return desc, nil
}

// UndoPreview says what Undo would revert, for the button's label.
func (t *Tracker) UndoPreview(ctx context.Context, id int64) (string, bool, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return "", false, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	target, ok := g.hist.lastDone()
	if !ok {
		return "", false, nil
	}
	return g.describe(target.first), true, nil
}

// checkFinished updates the game's status when a command ends it, or an undo
// reopens it, and tells OnStatus.
func (t *Tracker) checkFinished(ctx context.Context, g *game) {
	f, ok := g.rules.(engine.Finisher)
	if !ok {
		return
	}
	res, done := f.Result(g.state)
	switch {
	case done && g.info.Status == "playing":
		now := t.Now().UTC()
		if err := t.db.setStatus(ctx, g.info.ID, "finished", now); err != nil {
			t.Log.Error("mark game finished", "game", g.info.ID, "err", err)
			return
		}
		g.info.Status, g.info.Finished = "finished", &now
		if t.OnStatus != nil {
			t.OnStatus(ctx, g.info, &res)
		}
	case !done && g.info.Status == "finished":
		if err := t.db.setStatus(ctx, g.info.ID, "playing", time.Time{}); err != nil {
			t.Log.Error("reopen game", "game", g.info.ID, "err", err)
			return
		}
		g.info.Status, g.info.Finished = "playing", nil
		if t.OnStatus != nil {
			t.OnStatus(ctx, g.info, nil)
		}
	}
}

// View returns what v may see of a game now, with the sequence number it
// reflects.
func (t *Tracker) View(ctx context.Context, id int64, v engine.Viewer) (any, int64, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.rules.View(g.state, v), g.seq, nil
}

// State calls fn with a game's current state under the game's lock. fn must
// not keep or modify the state.
func (t *Tracker) State(ctx context.Context, id int64, fn func(s engine.State, seq int64)) error {
	g, err := t.load(ctx, id)
	if err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	fn(g.state, g.seq)
	return nil
}

// Subscribe returns a channel that receives a game's sequence number after
// each change, and a function to stop. A slow reader misses intermediate
// numbers, never the latest: each send replaces an unread one.
func (t *Tracker) Subscribe(ctx context.Context, id int64) (<-chan int64, func(), error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	ch := make(chan int64, 1)
	g.mu.Lock()
	g.subs[ch] = struct{}{}
	g.mu.Unlock()
	stop := func() {
		g.mu.Lock()
		delete(g.subs, ch)
		g.mu.Unlock()
	}
	return ch, stop, nil
}
