// Package storetest is the one test suite every league.Store passes: the
// SQLite and the PostgreSQL stores run it alike (league/store's tests).
package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tableside/league"
)

// Open makes a fresh, empty store for one test.
type Open func(t *testing.T) league.Store

// Run runs the suite against stores made by open.
func Run(t *testing.T, open Open) {
	tests := map[string]func(*testing.T, league.Store){
		"PairingCodeWorksOnceBeforeItExpires":  pairingCodeWorksOnce,
		"RevokedTableIsMarked":                 revokedTableIsMarked,
		"SamePlayTwiceChangesNothing":          samePlayTwiceChangesNothing,
		"NewerVersionReplacesOlderIsStale":     newerVersionReplaces,
		"DeletedVersionLeavesThePlays":         deletedVersionLeaves,
		"PlayersMatchedByIDThenName":           playersMatchedByIDThenName,
		"MergeMovesPlaysAndRedirectsTheID":     mergeMovesPlays,
		"TwoTablesAddingTheSamePlayersAtOnce":  twoTablesAtOnce,
		"BadPlayRefusedNothingStored":          badPlayRefused,
		"EveryFieldCheckedNamingPlayAndField":  everyFieldChecked,
		"NonceRefusedTheSecondTime":            nonceRefusedTheSecondTime,
		"DumpRestoresIntoAnEmptyStoreOnly":     dumpRestores,
		"MoveTableKeepsEachPlayOnceNewestWins": moveTableKeepsEachPlayOnce,
		"SinceReadsOnlyWhatChanged":            sinceReadsOnlyWhatChanged,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) { fn(t, open(t)) })
	}
}

var t0 = time.Date(2026, 11, 20, 19, 0, 0, 0, time.UTC)

// Paired pairs a table called name with a fresh code, for tests.
func Paired(t testing.TB, s league.Store, id string) league.Table {
	t.Helper()
	ctx := context.Background()
	code := "code-" + id
	if err := s.AddCode(ctx, code, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	tb := league.Table{ID: id, Name: "Table " + id, KeyHash: "hash-" + id, Paired: t0}
	if err := s.Pair(ctx, code, t0, tb); err != nil {
		t.Fatal(err)
	}
	return tb
}

// NewPlay is a two-player points play for tests.
func NewPlay(id string, version int, a, b string, sa, sb int) league.Play {
	p := league.Play{ID: id, Version: version, Kind: "scorepad", Title: "Carcassonne", Date: "2026-11-20", Time: "19:30", Minutes: 40, Scoring: "high", Luck: "no dice"}
	ra, rb := 1, 2
	if sb > sa {
		ra, rb = 2, 1
	}
	p.Players = []league.Player{
		{Local: 1, Name: a, Score: &sa, Rank: ra, Winner: ra == 1},
		{Local: 2, Name: b, Score: &sb, Rank: rb, Winner: rb == 1},
	}
	return p
}

func put(t *testing.T, s league.Store, table string, plays ...league.Play) []league.Result {
	t.Helper()
	res, err := s.Put(context.Background(), table, plays, t0)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func plays(t *testing.T, s league.Store) []league.StoredPlay {
	t.Helper()
	ps, err := s.Plays(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func pairingCodeWorksOnce(t *testing.T, s league.Store) {
	ctx := context.Background()
	if err := s.AddCode(ctx, "h1", t0.Add(10*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := s.AddCode(ctx, "old", t0.Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	tb := league.Table{ID: "a", Name: "Kitchen", KeyHash: "k", Paired: t0}
	for _, c := range []string{"old", "nope"} {
		if err := s.Pair(ctx, c, t0, tb); !errors.Is(err, league.ErrBadCode) {
			t.Errorf("code %s: %v, want ErrBadCode", c, err)
		}
	}
	if err := s.Pair(ctx, "h1", t0, tb); err != nil {
		t.Fatal(err)
	}
	tb.ID = "b"
	if err := s.Pair(ctx, "h1", t0, tb); !errors.Is(err, league.ErrBadCode) {
		t.Fatalf("second use: %v, want ErrBadCode", err)
	}
	got, err := s.Table(ctx, "a")
	if err != nil || got.Name != "Kitchen" || got.Revoked || !got.Paired.Equal(t0) {
		t.Fatalf("table a = %+v, %v", got, err)
	}
	if _, err := s.Table(ctx, "b"); !errors.Is(err, league.ErrNoTable) {
		t.Fatalf("table b: %v, want ErrNoTable", err)
	}
}

func revokedTableIsMarked(t *testing.T, s league.Store) {
	ctx := context.Background()
	Paired(t, s, "a")
	Paired(t, s, "b")
	if err := s.Revoke(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if err := s.Revoke(ctx, "zz"); !errors.Is(err, league.ErrNoTable) {
		t.Fatalf("revoke unknown: %v", err)
	}
	ts, err := s.Tables(ctx)
	if err != nil || len(ts) != 2 {
		t.Fatalf("tables %+v, %v", ts, err)
	}
	for _, tb := range ts {
		if tb.Revoked != (tb.ID == "a") {
			t.Errorf("table %s revoked = %v", tb.ID, tb.Revoked)
		}
	}
}

func samePlayTwiceChangesNothing(t *testing.T, s league.Store) {
	Paired(t, s, "a")
	p := NewPlay("p1", 1, "Ana", "Bo", 30, 20)
	if r := put(t, s, "a", p); r[0].Outcome != league.Stored {
		t.Fatalf("first push: %+v", r)
	}
	before, _ := s.Dump(context.Background())
	if r := put(t, s, "a", p); r[0].Outcome != league.Unchanged || len(r[0].Players) != 2 {
		t.Fatalf("second push: %+v", r)
	}
	after, _ := s.Dump(context.Background())
	if err := league.SameSums(before.Sums(), after.Sums()); err != nil {
		t.Fatalf("a re-sent play changed the league: %v", err)
	}
	if ps := plays(t, s); len(ps) != 1 || ps[0].ID != "p1" || *ps[0].Players[0].Score != 30 {
		t.Fatalf("plays %+v", ps)
	}
}

func newerVersionReplaces(t *testing.T, s league.Store) {
	Paired(t, s, "a")
	put(t, s, "a", NewPlay("p1", 1, "Ana", "Bo", 30, 20))
	if r := put(t, s, "a", NewPlay("p1", 3, "Ana", "Bo", 10, 20)); r[0].Outcome != league.Stored {
		t.Fatalf("newer: %+v", r)
	}
	if r := put(t, s, "a", NewPlay("p1", 2, "Ana", "Bo", 99, 20)); r[0].Outcome != league.Stale {
		t.Fatalf("older: %+v", r)
	}
	ps := plays(t, s)
	if len(ps) != 1 || ps[0].Version != 3 || *ps[0].Players[0].Score != 10 || ps[0].Players[1].Rank != 1 {
		t.Fatalf("plays %+v", ps)
	}
}

func deletedVersionLeaves(t *testing.T, s league.Store) {
	Paired(t, s, "a")
	put(t, s, "a", NewPlay("p1", 1, "Ana", "Bo", 30, 20), NewPlay("p2", 1, "Ana", "Bo", 3, 2))
	del := NewPlay("p1", 2, "Ana", "Bo", 30, 20)
	del.Deleted = true
	put(t, s, "a", del)
	if ps := plays(t, s); len(ps) != 1 || ps[0].ID != "p2" {
		t.Fatalf("plays %+v", ps)
	}
	put(t, s, "a", NewPlay("p1", 3, "Ana", "Bo", 30, 20)) // restored on the table
	if ps := plays(t, s); len(ps) != 2 {
		t.Fatalf("after restore: %+v", ps)
	}
}

func playersMatchedByIDThenName(t *testing.T, s league.Store) {
	Paired(t, s, "a")
	Paired(t, s, "b")
	r1 := put(t, s, "a", NewPlay("p1", 1, "Ana", "Bo", 30, 20))
	r2 := put(t, s, "b", NewPlay("p1", 1, "ana ", "Cy", 1, 2)) // same play id on another table is another play
	if r1[0].Players[0] != r2[0].Players[0] {
		t.Fatalf("Ana is %d on one table and %d on the other", r1[0].Players[0], r2[0].Players[0])
	}
	// The table remembers Bo's id; Bo renamed on the table stays Bo.
	p := NewPlay("p2", 1, "Ana", "Bob", 5, 6)
	p.Players[1].LeagueID = r1[0].Players[1]
	r3 := put(t, s, "a", p)
	if r3[0].Players[1] != r1[0].Players[1] {
		t.Fatalf("Bob by id became %d, want %d", r3[0].Players[1], r1[0].Players[1])
	}
	// An id the hub never issued falls back to the name.
	p = NewPlay("p3", 1, "Cy", "Ana", 5, 6)
	p.Players[0].LeagueID = 999999
	if r := put(t, s, "b", p); r[0].Players[0] != r2[0].Players[1] {
		t.Fatalf("unknown id: Cy became %d, want %d", r[0].Players[0], r2[0].Players[1])
	}
	if ps := plays(t, s); len(ps) != 4 {
		t.Fatalf("%d plays, want 4", len(ps))
	}
	if pl, _ := s.Players(context.Background()); len(pl) != 3 {
		t.Fatalf("players %+v, want Ana, Bo, Cy", pl)
	}
}

func mergeMovesPlays(t *testing.T, s league.Store) {
	ctx := context.Background()
	Paired(t, s, "a")
	r := put(t, s, "a", NewPlay("p1", 1, "Ana", "Bo", 30, 20), NewPlay("p2", 1, "Ana M.", "Bo", 3, 2))
	ana, anaM := r[0].Players[0], r[1].Players[0]
	if err := s.Merge(ctx, anaM, ana); err != nil {
		t.Fatal(err)
	}
	for _, p := range plays(t, s) {
		if p.Players[0].LeagueID != ana || p.Players[0].Name != "Ana" {
			t.Errorf("play %s: first player %+v, want Ana (%d)", p.ID, p.Players[0], ana)
		}
	}
	p := NewPlay("p3", 1, "Ana M.", "Bo", 1, 0)
	p.Players[0].LeagueID = anaM
	if r := put(t, s, "a", p); r[0].Players[0] != ana {
		t.Fatalf("the merged id is answered as %d, want %d", r[0].Players[0], ana)
	}
	if r := put(t, s, "a", NewPlay("p4", 1, "ana m.", "Bo", 1, 0)); r[0].Players[0] != ana {
		t.Fatalf("the merged name is answered as %d, want %d", r[0].Players[0], ana)
	}
	if err := s.Merge(ctx, ana, ana); !errors.Is(err, league.ErrSameMerge) {
		t.Fatalf("self merge: %v", err)
	}
	if err := s.Merge(ctx, anaM, r[0].Players[1]); !errors.Is(err, league.ErrNoPlayer) {
		t.Fatalf("merging a merged player: %v", err)
	}
}

func twoTablesAtOnce(t *testing.T, s league.Store) {
	Paired(t, s, "a")
	Paired(t, s, "b")
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for _, table := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				// Opposite orders at the two tables: a naive store deadlocks.
				a, b := "Dee", "Eli"
				if table == "b" {
					a, b = b, a
				}
				p := NewPlay(fmt.Sprintf("p%d", i), 1, a, b, i, 5)
				p.Players = append(p.Players, league.Player{Local: 3, Name: fmt.Sprintf("New %d", i), Rank: 3})
				if i >= 5 {
					p.Players[0].Rank, p.Players[1].Rank = 1, 2
				}
				if _, err := s.Put(context.Background(), table, []league.Play{p}, t0); err != nil {
					errs <- fmt.Errorf("table %s play %d: %w", table, i, err)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if ps := plays(t, s); len(ps) != 20 {
		t.Fatalf("%d plays, want 20", len(ps))
	}
	pl, _ := s.Players(context.Background())
	if len(pl) != 12 {
		t.Fatalf("%d players, want Dee, Eli and New 0..9 once each", len(pl))
	}
}

func badPlayRefused(t *testing.T, s league.Store) {
	Paired(t, s, "a")
	good := NewPlay("p1", 1, "Ana", "Bo", 1, 2)
	bad := NewPlay("p2", 0, "Ana", "Bo", 1, 2)
	_, err := s.Put(context.Background(), "a", []league.Play{good, bad}, t0)
	if !errors.Is(err, league.ErrBadPlay) {
		t.Fatalf("version 0: %v, want ErrBadPlay", err)
	}
	if ps := plays(t, s); len(ps) != 0 {
		t.Fatalf("a refused batch stored %d plays", len(ps))
	}
}

// Poisoned are plays a paired table could push that no store may hold,
// each with the field the refusal must name: text PostgreSQL cannot keep
// (NUL, invalid UTF-8), numbers past its INTEGER, dates no calendar has.
func Poisoned() []struct {
	Field string
	Play  league.Play
} {
	type poisoned = struct {
		Field string
		Play  league.Play
	}
	var out []poisoned
	add := func(field string, change func(p *league.Play)) {
		p := NewPlay("bad", 1, "Ana", "Bo", 30, 20)
		change(&p)
		out = append(out, poisoned{field, p})
	}
	huge := 1 << 40
	add("title", func(p *league.Play) { p.Title = "Carca\x00ssonne" })
	add("title", func(p *league.Play) { p.Title = "Carca\xffssonne" })
	add("title", func(p *league.Play) { p.Title = strings.Repeat("Ñ", league.MaxTitle+1) })
	add("luck", func(p *league.Play) { p.Luck = "lucky\x00" })
	add("kind", func(p *league.Play) { p.Kind = "score\x00pad" })
	add("version", func(p *league.Play) { p.Version = 1 << 31 })
	add("minutes", func(p *league.Play) { p.Minutes = 1 << 31 })
	add("minutes", func(p *league.Play) { p.Minutes = -1 })
	add("date", func(p *league.Play) { p.Date = "9999-99-99" })
	add("date", func(p *league.Play) { p.Date = "2026-02-30" })
	add("time", func(p *league.Play) { p.Time = "25:61" })
	add("players[1].score", func(p *league.Play) { p.Players[0].Score = &huge })
	add("players[2].name", func(p *league.Play) { p.Players[1].Name = "B\x00o" })
	add("players[2].name", func(p *league.Play) { p.Players[1].Name = "ana" })
	add("players[1].rank", func(p *league.Play) { p.Players[0].Rank = 1 << 40 })
	add("players[1].local", func(p *league.Play) { p.Players[0].Local = -1 })
	return out
}

// everyFieldChecked: a poisoned play in a batch is refused naming the play
// and the field, and nothing of the batch is stored; a title of 80
// characters beyond ASCII is taken (the limit counts characters).
func everyFieldChecked(t *testing.T, s league.Store) {
	Paired(t, s, "a")
	for _, c := range Poisoned() {
		good := NewPlay("good", 1, "Ana", "Bo", 1, 2)
		_, err := s.Put(context.Background(), "a", []league.Play{good, c.Play}, t0)
		pe, ok := league.AsPlayError(err)
		if !ok || !errors.Is(err, league.ErrBadPlay) || pe.Play != "bad" || pe.Field != c.Field {
			t.Errorf("%s %+v: %v, want a refusal of play bad naming %s", c.Field, c.Play, err, c.Field)
		}
	}
	if ps := plays(t, s); len(ps) != 0 {
		t.Fatalf("refused batches stored %d plays", len(ps))
	}
	long := NewPlay("long", 1, "Ana", "Bo", 1, 2)
	long.Title = strings.Repeat("Ñ", league.MaxTitle)
	put(t, s, "a", long)
	if ps := plays(t, s); len(ps) != 1 || ps[0].Title != long.Title {
		t.Fatalf("a title of %d Ñ: %+v", league.MaxTitle, ps)
	}
}

// nonceRefusedTheSecondTime: a table's nonce is fresh once; another
// table's same nonce is its own; a nonce older than the window is forgotten.
func nonceRefusedTheSecondTime(t *testing.T, s league.Store) {
	ctx := context.Background()
	fresh := func(table, nonce string, at time.Time) bool {
		t.Helper()
		ok, err := s.Nonce(ctx, table, nonce, at)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !fresh("a", "n1", t0) || fresh("a", "n1", t0.Add(time.Minute)) {
		t.Fatal("a nonce was taken twice, or not once")
	}
	if !fresh("b", "n1", t0) {
		t.Fatal("another table's nonce was refused")
	}
	if fresh("a", "n1", t0.Add(2*league.MaxSkew)) {
		t.Fatal("a nonce was forgotten inside the window")
	}
	later := t0.Add(2*league.MaxSkew + time.Minute)
	fresh("a", "n2", later) // prunes n1
	if !fresh("a", "n1", later) {
		t.Fatal("a nonce past the window is still kept: the table would grow for ever")
	}
}

func dumpRestores(t *testing.T, s league.Store) {
	ctx := context.Background()
	Paired(t, s, "a")
	put(t, s, "a", NewPlay("p1", 1, "Ana", "Bo", 30, 20))
	d, err := s.Dump(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Restore(ctx, d); !errors.Is(err, league.ErrNotEmpty) {
		t.Fatalf("restore into a full store: %v", err)
	}
	sums := d.Sums()
	if sums["plays"].Rows != 1 || sums["play_players"].Rows != 2 || sums["tables"].Rows != 1 || sums["pairing_codes"].Rows != 1 {
		t.Fatalf("sums %+v", sums)
	}
}

// A table paired again takes over its old pairing's plays: each play once,
// at the newer of the two versions, all under the new id; the old pairing
// is revoked. A move to itself or from an unknown table changes nothing.
func moveTableKeepsEachPlayOnce(t *testing.T, s league.Store) {
	ctx := context.Background()
	Paired(t, s, "old")
	Paired(t, s, "new")
	put(t, s, "old", NewPlay("p1", 1, "Ana", "Bo", 1, 2), NewPlay("p2", 3, "Ana", "Bo", 30, 2), NewPlay("p3", 1, "Ana", "Cy", 5, 2))
	put(t, s, "new", NewPlay("p1", 1, "Ana", "Bo", 1, 2), NewPlay("p2", 2, "Ana", "Bo", 20, 2), NewPlay("p4", 1, "Bo", "Cy", 5, 2))
	if err := s.MoveTable(ctx, "new", "new"); !errors.Is(err, league.ErrSameTable) {
		t.Fatalf("move to itself: %v", err)
	}
	if err := s.MoveTable(ctx, "gone", "new"); !errors.Is(err, league.ErrNoTable) {
		t.Fatalf("move from an unknown table: %v", err)
	}
	if n := len(plays(t, s)); n != 6 {
		t.Fatalf("a refused move changed the plays: %d, want 6", n)
	}
	if err := s.MoveTable(ctx, "old", "new"); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, p := range plays(t, s) {
		if p.TableID != "new" {
			t.Errorf("play %s is still on table %s", p.ID, p.TableID)
		}
		if _, dup := got[p.ID]; dup {
			t.Errorf("play %s is there twice", p.ID)
		}
		got[p.ID] = p.Version
	}
	if want := map[string]int{"p1": 1, "p2": 3, "p3": 1, "p4": 1}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("after the move: %v, want %v", got, want)
	}
	if tb, err := s.Table(ctx, "old"); err != nil || !tb.Revoked {
		t.Fatalf("the old pairing after the move: %+v %v, want revoked", tb, err)
	}
	// The table re-sends its log under the new id: nothing changes.
	for _, r := range put(t, s, "new", NewPlay("p3", 1, "Ana", "Cy", 5, 2)) {
		if r.Outcome != league.Unchanged {
			t.Fatalf("re-sent play after the move: %v", r.Outcome)
		}
	}
}

// sinceReadsOnlyWhatChanged: a hub that has read the league up to one count
// gets only the plays stored after it (an edit and a deletion too); a
// merge, which rewrites stored plays, makes it read everything.
func sinceReadsOnlyWhatChanged(t *testing.T, s league.Store) {
	ctx := context.Background()
	since := func(gen int64) league.Delta {
		t.Helper()
		d, err := s.Since(ctx, gen)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	ids := func(d league.Delta) (out []string) {
		for _, p := range d.Plays {
			out = append(out, fmt.Sprintf("%s v%d deleted=%v", p.ID, p.Version, p.Deleted))
		}
		return out
	}
	Paired(t, s, "a")
	r := put(t, s, "a", NewPlay("p1", 1, "Ana", "Bo", 3, 2), NewPlay("p2", 1, "Cy", "Bo", 3, 2))
	d := since(-1)
	if !d.Full || len(d.Plays) != 2 || d.Plays[0].Ref == 0 || len(d.Plays[1].Players) != 2 {
		t.Fatalf("a first read: full %v, %v", d.Full, ids(d))
	}
	gen := d.Changes
	if d := since(gen); d.Full || len(d.Plays) != 0 || d.Changes != gen {
		t.Fatalf("nothing changed, yet: full %v, %v at %d", d.Full, ids(d), d.Changes)
	}
	gone := NewPlay("p2", 2, "Cy", "Bo", 3, 2)
	gone.Deleted = true
	put(t, s, "a", NewPlay("p3", 1, "Ana", "Cy", 1, 2), NewPlay("p1", 2, "Ana", "Bo", 5, 2), gone)
	d = since(gen)
	if got := ids(d); d.Full || d.Changes != gen+1 || !slices.Equal(got, []string{"p1 v2 deleted=false", "p2 v2 deleted=true", "p3 v1 deleted=false"}) {
		t.Fatalf("after a push: full %v at %d, %v", d.Full, d.Changes, got)
	}
	if d.Plays[0].Players[0].LeagueID != r[0].Players[0] || *d.Plays[0].Players[0].Score != 5 {
		t.Fatalf("the edited play reads %+v", d.Plays[0].Players[0])
	}
	gen = d.Changes
	if err := s.Merge(ctx, r[1].Players[0], r[0].Players[0]); err != nil {
		t.Fatal(err)
	}
	if d := since(gen); !d.Full || len(d.Plays) != 2 {
		t.Fatalf("after a merge: full %v, %v", d.Full, ids(d))
	}
}
