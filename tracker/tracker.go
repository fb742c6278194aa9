// Package tracker runs games at the table: it keeps every game's event log in
// SQLite, holds each game's current state in memory (rebuilt from the log),
// asks the game's engine to decide each command, and tells subscribers when a
// game changes. It knows no game's rules.
package tracker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tableside/engine"
)

// ErrNoGame means no game has the given id.
var ErrNoGame = errors.New("no such game")

// errNothingToUndo and errNothingToRedo are refusals of undo and redo.
var (
	errNothingToUndo = &engine.RuleError{Rule: "nothing-to-undo", Message: "There is nothing to undo."}
	errNothingToRedo = &engine.RuleError{Rule: "nothing-to-redo", Message: "There is nothing to redo."}
)

// Tracker owns the running games.
type Tracker struct {
	db    *DB
	rules map[string]engine.Rules
	kinds []engine.Rules

	mu    sync.Mutex
	games map[int64]*game
	swept time.Time    // when evictIdle last looked (under mu)
	loads atomic.Int64 // games rebuilt from their logs, for tests and /debug

	dmu     sync.Mutex
	damaged map[int64]DamagedError // by game: what /healthz reports (damaged.go)

	// Now is the clock; tests set it. Seed draws each command's dice seed.
	Now  func() time.Time
	Seed func() [32]byte
	// IdleNow is the clock that says how long a game was left alone (see
	// idleEviction); tests set it. It is not Now, so that keeping a game in
	// memory never moves the times the log records.
	IdleNow func() time.Time
	// OnStatus, when set, is called after a game finishes (with its result) or
	// is reopened by an undo (with nil), once the change is on disk; also
	// when a loaded game's status is corrected from its log. It may be
	// called with the game's lock held: it must not call back into the
	// tracker for that game. The score log listens here.
	OnStatus func(ctx context.Context, info GameInfo, res *engine.Result)
	Log      *slog.Logger
}

// New returns a tracker over db that can run the given games.
func New(db *DB, games ...engine.Rules) *Tracker {
	t := &Tracker{db: db, rules: map[string]engine.Rules{}, games: map[int64]*game{},
		Now: time.Now, IdleNow: time.Now, Seed: randomSeed, Log: slog.Default()}
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
	if err := engine.UniqueNames(setup.Seats); err != nil {
		return GameInfo{}, err
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
	seed, first, err := t.loadDiceSeed(ctx, info.ID)
	if err != nil {
		return GameInfo{}, fmt.Errorf("create %s: %w", kind, err)
	}
	g := &game{info: info, rules: rules, state: state, hist: newHistory(), subs: map[chan int64]struct{}{}, dice: seed, first: first, rememberer: remembererOf(rules)}
	g.mu.Lock()
	t.remember(ctx, g) // a setting given on the form, or drawn at set-up
	g.mu.Unlock()
	t.mu.Lock()
	t.games[info.ID] = g
	g.used = t.IdleNow()
	t.mu.Unlock()
	return info, nil
}

// Games lists every game, newest first.
func (t *Tracker) Games(ctx context.Context) ([]GameInfo, error) { return t.db.games(ctx) }

// load returns the running game, rebuilding it from its log on first use.
func (t *Tracker) load(ctx context.Context, id int64) (*game, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.IdleNow()
	t.evictIdle(now)
	if g, ok := t.games[id]; ok {
		g.used = now
		return g, nil
	}
	t.loads.Add(1)
	info, err := t.db.game(ctx, id)
	if err != nil {
		return nil, err
	}
	rules, ok := t.rules[info.Kind]
	if !ok {
		return nil, fmt.Errorf("game %d: this Tableside cannot run %q games", id, info.Kind)
	}
	g := &game{info: info, rules: rules, subs: map[chan int64]struct{}{}}
	if g.dice, g.first, err = t.loadDiceSeed(ctx, id); err != nil {
		return nil, err
	}
	recs, err := g.log(ctx, t.db)
	if err != nil {
		t.noteDamage(err)
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	if g.state, g.hist, err = rebuild(rules, info.Setup, recs, &g.feed); err != nil {
		t.logFault(g, "load", err)
		err = storedDamage(id, err)
		t.noteDamage(err)
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	if n := len(recs); n > 0 {
		g.seq = recs[n-1].Seq
		t.rederive(ctx, g, recs[n-1].Time)
	}
	if g.rememberer = remembererOf(rules); g.rememberer != nil {
		// What the game says now is not news: only a change is remembered.
		r, _ := g.rememberer.Remember(g.state)
		g.remembered = r.Value
	}
	g.used = now
	t.games[id] = g
	return g, nil
}

// rederive makes the game's status row say what its log says. Since a
// game's end and its status are written in one transaction this only finds
// games left behind by older versions (or a hand-edited file); it is checked
// at every load all the same, so no game is ever stranded "playing" after
// its final event. last is the time of the log's last event: when the game
// ended.
func (t *Tracker) rederive(ctx context.Context, g *game, last time.Time) {
	ch, res, err := g.statusFor(g.state, last)
	if err != nil || ch == nil {
		return
	}
	if err := setStatus(ctx, t.db, g.info.ID, ch.status, ch.at); err != nil {
		t.Log.Error("game status from its log", "game", g.info.ID, "err", err)
		return
	}
	t.Log.Warn("game status corrected from its log", "game", g.info.ID, "was", g.info.Status, "now", ch.status)
	t.statusChanged(ctx, g, ch, res)
}

// Reconcile loads every game still marked "playing" whose engine can end it,
// so that its status is re-derived from its log (and a finished one reaches
// the score log). The server runs it in the background at start; it returns
// how many games it corrected.
func (t *Tracker) Reconcile(ctx context.Context) (int, error) {
	gs, err := t.db.games(ctx)
	if err != nil {
		return 0, fmt.Errorf("reconcile: %w", err)
	}
	n := 0
	for _, info := range gs {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		_, ok := t.rules[info.Kind]
		if !ok || info.Status != statusPlaying {
			continue
		}
		g, err := t.load(ctx, info.ID)
		if err != nil {
			t.Log.Error("reconcile", "game", info.ID, "err", err)
			continue
		}
		g.mu.Lock()
		if g.info.Status != statusPlaying {
			n++
		}
		g.mu.Unlock()
	}
	return n, nil
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

// Reverted answers an undo or a redo.
type Reverted struct {
	What   string // the command's label ("Ben scored 7")
	Cmd    int64  // the command undone or redone (the seq of its first event)
	Repeat bool   // the idempotency key was answered before; nothing new was done
}

// Undo reverts target, which must be the newest command still in force: a
// screen says which command its button reverts, so a double tap or a phone's
// command in between can never make it revert another. Target 0 means
// whatever is newest, for tools and tests; screens always name it. A
// repeated idempotency key is answered as a repeat. The whole state is
// rebuilt from the log, so an undo can never leave a half-reverted state.
func (t *Tracker) Undo(ctx context.Context, id, target int64, idem string) (Reverted, error) {
	return t.revert(ctx, id, typeUndo, target, idem, 0)
}

// Redo restores target, which must be the command most recently undone,
// while no new command has been made since. Target 0 as for Undo.
func (t *Tracker) Redo(ctx context.Context, id, target int64, idem string) (Reverted, error) {
	return t.revert(ctx, id, typeRedo, target, idem, 0)
}

// Target is a command that undo or redo would take, with its label.
type Target struct {
	Cmd  int64  `json:"cmd"`
	What string `json:"what"`
	Seat int    `json:"seat"` // who made it (a seat, or engine.Host)
}

// Reverts are the commands the undo and redo buttons would take now; a zero
// Cmd means there is none.
type Reverts struct {
	Undo Target `json:"undo"`
	Redo Target `json:"redo"`
}

func (g *game) reverts() Reverts {
	var r Reverts
	if gr, ok := g.hist.lastDone(); ok {
		r.Undo = Target{Cmd: gr.cmd, What: g.describe(gr.first), Seat: gr.first.Actor}
	}
	if gr, ok := g.hist.nextRedo(); ok {
		r.Redo = Target{Cmd: gr.cmd, What: g.describe(gr.first), Seat: gr.first.Actor}
	}
	return r
}

// revert undoes or redoes target. asked is the undo request the undo
// approves (0: the host's own undo); it must still stand.
func (t *Tracker) revert(ctx context.Context, id int64, typ string, target int64, idem string, asked int64) (Reverted, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return Reverted{}, err
	}
	// Changes happen only under g.write, so the state and history can be
	// read here without g.mu; readers are shut out only while the result
	// is put in place.
	g.write.Lock()
	defer g.write.Unlock()
	verb := strings.TrimPrefix(typ, "tracker.")
	if g.stale {
		if err := g.rebuildLocked(ctx, t.db); err != nil {
			return Reverted{}, fmt.Errorf("%s: game %d: %w", verb, id, err)
		}
	}
	if asked > 0 && (g.hist.asked == nil || g.hist.asked.Seq != asked) {
		return Reverted{}, conflict("request-void", "That request no longer stands: something else happened since it was made.")
	}
	hash := commandHash(typ, engine.Host, json.RawMessage(strconv.FormatInt(target, 10)))
	if idem != "" {
		if use, seen := g.hist.idem[idem]; seen {
			if !use.matches(engine.Host, hash) {
				return Reverted{}, errKeyReused
			}
			out := Reverted{Cmd: target, Repeat: true}
			if i, ok := g.hist.index[target]; ok {
				out.What = g.describe(g.hist.groups[i].first)
			}
			return out, nil
		}
	}
	gr, err := g.revertTarget(typ, target)
	if err != nil {
		return Reverted{}, err
	}
	desc := g.describe(gr.first)
	seed, next, err := t.revertDice(typ, gr, g.dice)
	if err != nil {
		return Reverted{}, fmt.Errorf("%s: game %d: %w", verb, id, err)
	}
	rec := Record{Seq: g.seq + 1, Time: t.Now().UTC(), Actor: engine.Host, Cmd: g.seq + 1, Type: typ,
		Data: engine.NewEvent(typ, undoData{Cmd: gr.cmd, Asked: asked, Next: next}).Data}
	if idem != "" {
		rec.Idem, rec.IdemHash = idem, hash
	}
	// The state after: the log with this record, replayed. Nothing in
	// memory changes until it is on disk, together with the game's status
	// when the undo reopens it (or the redo ends it).
	recs, err := g.log(ctx, t.db)
	if err != nil {
		return Reverted{}, fmt.Errorf("%s: %w", verb, err)
	}
	var feed []FeedItem
	st, h, err := rebuild(g.rules, g.info.Setup, append(recs, rec), &feed)
	if err != nil {
		t.logFault(g, verb, err)
		return Reverted{}, fmt.Errorf("%s: %w", verb, err)
	}
	ch, res, err := g.statusFor(st, rec.Time)
	if err != nil {
		t.logFault(g, verb, err)
		return Reverted{}, fmt.Errorf("%s: %w", verb, err)
	}
	var newSeed *[32]byte
	if seed != g.dice {
		newSeed = &seed
	}
	if err := t.db.appendRecords(ctx, id, []Record{rec}, ch, newSeed); err != nil {
		return Reverted{}, fmt.Errorf("%s: %w", verb, err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.state, g.hist, g.feed, g.seq, g.reads, g.dice = st, h, feed, rec.Seq, nil, seed
	t.statusChanged(ctx, g, ch, res)
	t.remember(ctx, g)
	g.notify()
	return Reverted{What: desc, Cmd: gr.cmd}, nil
}

// revertTarget finds the command an undo or redo takes, refusing when the
// screen's target is no longer it.
func (g *game) revertTarget(typ string, target int64) (group, error) {
	label := func(cmd int64) string {
		if i, ok := g.hist.index[cmd]; ok {
			return g.describe(g.hist.groups[i].first)
		}
		return fmt.Sprintf("command %d", cmd)
	}
	i, known := g.hist.index[target]
	if target != 0 && !known {
		return group{}, engine.Refuse("no-such-command", "There is no command %d in this game.", target)
	}
	if typ == typeUndo {
		newest, ok := g.hist.lastDone()
		switch {
		case target == 0 && !ok:
			return group{}, errNothingToUndo
		case target == 0 || newest.cmd == target:
			return newest, nil
		case g.hist.groups[i].undone:
			return group{}, conflict("already-undone", "%s is already undone.", label(target))
		default:
			return group{}, conflict("undo-moved", "%s since; undo that first?", label(newest.cmd))
		}
	}
	next, ok := g.hist.nextRedo()
	switch {
	case !ok && target != 0 && !g.hist.groups[i].undone:
		return group{}, conflict("already-redone", "%s is already back.", label(target))
	case !ok:
		return group{}, errNothingToRedo
	case target == 0 || next.cmd == target:
		return next, nil
	case !g.hist.groups[i].undone:
		return group{}, conflict("already-redone", "%s is already back.", label(target))
	default:
		return group{}, conflict("redo-moved", "Redo now brings back %s, not %s; tap Redo again for that.", label(next.cmd), label(target))
	}
}

// UndoPreview says what Undo would revert, for the button's label.
func (t *Tracker) UndoPreview(ctx context.Context, id int64) (Reverts, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return Reverts{}, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.reverts(), nil
}

// statusChanged records in memory a status change just written with the
// events that caused it, and tells OnStatus.
func (t *Tracker) statusChanged(ctx context.Context, g *game, ch *statusChange, res *engine.Result) {
	if ch == nil {
		return
	}
	g.setStatus(ch)
	if t.OnStatus != nil {
		t.OnStatus(ctx, g.info, res)
	}
}

func (t *Tracker) logFault(g *game, what string, err error) {
	var f *faultError
	if errors.As(err, &f) {
		t.Log.Error("engine fault", "game", g.info.ID, "kind", f.Kind, "in", f.Where, "during", what,
			"panic", fmt.Sprint(f.Value), "stack", string(f.Stack))
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
	var view any
	if err := guard(g.info.Kind, "View", func() { view = g.rules.View(g.state, v) }); err != nil {
		t.logFault(g, "view", err)
		return nil, 0, fmt.Errorf("view of game %d: %w", id, err)
	}
	return view, g.seq, nil
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
	if err := guard(g.info.Kind, "State", func() { fn(g.state, g.seq) }); err != nil {
		t.logFault(g, "state", err)
		return fmt.Errorf("game %d: %w", id, err)
	}
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

// StoredInfo is a game's row as the database holds it, without loading the
// game: the export of a game whose log is damaged must still find it.
func (t *Tracker) StoredInfo(ctx context.Context, id int64) (GameInfo, error) {
	return t.db.game(ctx, id)
}
