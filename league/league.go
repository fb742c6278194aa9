// Package league is a club's memory across tables: finished plays travel from
// each table (offline-first, on its own SQLite) to a league hub that keeps
// them on PostgreSQL (or a SQLite file for a club on one machine). This
// package holds what both sides share: a play as it travels, the hub's Store
// contract, and the signature a push carries. The hub's HTTP face is
// league/hub; the table's side is league/table; the stores are league/store.
package league

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"tableside/tracker/scorelog"
)

// Errors a Store names.
var (
	ErrBadCode   = errors.New("pairing code unknown, used or expired")
	ErrNoTable   = errors.New("no such table")
	ErrRevoked   = errors.New("table key revoked")
	ErrNoPlayer  = errors.New("no such league player")
	ErrNotEmpty  = errors.New("the destination league already holds data")
	ErrBadPlay   = errors.New("bad play")
	ErrSameMerge = errors.New("a player cannot be merged into themself")
	ErrSameTable = errors.New("a table cannot take over its own plays")
)

// Play is one finished play as a table sends it: keyed by the table's stable
// play id, at a version that grows with every edit or delete on the table.
type Play struct {
	ID      string   `json:"id"`      // the table's stable play key
	Version int      `json:"version"` // 1, 2, ...: a newer one replaces, the same changes nothing
	Kind    string   `json:"kind,omitempty"`
	Title   string   `json:"title"`
	Date    string   `json:"date"` // YYYY-MM-DD, the table's local date
	Time    string   `json:"time,omitempty"`
	Minutes int      `json:"minutes,omitempty"`
	Luck    string   `json:"luck,omitempty"` // a line about the dice, when the game had any
	Scoring string   `json:"scoring"`
	Deleted bool     `json:"deleted,omitempty"` // deleted on the table: the hub hides it
	Players []Player `json:"players"`
}

// Player is one person's result in a play.
type Player struct {
	LeagueID int64  `json:"league,omitempty"` // 0 until the hub has assigned one
	Local    int64  `json:"local"`            // the table's person id
	Name     string `json:"name"`
	Score    *int   `json:"score,omitempty"`
	Rank     int    `json:"rank"`
	Winner   bool   `json:"winner,omitempty"`
}

// StoredPlay is a play as the hub keeps it.
type StoredPlay struct {
	Play
	TableID  string
	Received time.Time
}

// Table is a paired table. The hub keeps no key: a table's key is derived
// from the hub's secret (see Keys); KeyHash tells a key the hub issued.
type Table struct {
	ID      string
	Name    string
	KeyHash string
	Revoked bool
	Paired  time.Time
}

// LeaguePlayer is a person the hub knows; MergedInto is set once a merge
// made them someone else (their plays moved; a table that still names them
// is told the id they became).
type LeaguePlayer struct {
	ID         int64
	Name       string
	MergedInto int64
}

// Outcome is what a push did to one play.
type Outcome string

// The outcomes of a pushed play.
const (
	Stored    Outcome = "stored"    // new, or a newer version replaced the old
	Unchanged Outcome = "unchanged" // the hub has this version already
	Stale     Outcome = "stale"     // the hub has a newer version
)

// Result is the hub's answer for one pushed play: what happened and the
// league ids of its players, in the play's order, for the table to remember.
type Result struct {
	ID      string  `json:"id"`
	Version int     `json:"version"`
	Outcome Outcome `json:"outcome"`
	Players []int64 `json:"players"`
}

// The patterns are compiled on first use, not at every start of the binary.
var (
	idRE   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`) })
	dateRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`) })
)

// Check refuses a play the hub must not store, naming what is wrong.
func (p Play) Check() error {
	bad := func(f string, a ...any) error {
		return fmt.Errorf("%w: play %q: %s", ErrBadPlay, p.ID, fmt.Sprintf(f, a...))
	}
	switch {
	case !idRE().MatchString(p.ID):
		return bad("the id must be 1 to 40 letters, digits, - or _")
	case p.Version < 1:
		return bad("version %d; versions start at 1", p.Version)
	case strings.TrimSpace(p.Title) == "" || len(p.Title) > 80:
		return bad("the game's title must be 1 to 80 characters")
	case !dateRE().MatchString(p.Date):
		return bad("date %q is not YYYY-MM-DD", p.Date)
	case !scorelog.Scoring(p.Scoring).Valid():
		return bad("scoring %q is not one of high, low, winlose, ranks", p.Scoring)
	case len(p.Players) == 0 || len(p.Players) > 20:
		return bad("%d players; a play has 1 to 20", len(p.Players))
	case len(p.Luck) > 200 || len(p.Kind) > 40 || len(p.Time) > 5 || p.Minutes < 0:
		return bad("a field is too long or negative")
	}
	for i, pl := range p.Players {
		if err := scorelog.CheckName(pl.Name); err != nil {
			return bad("player %d: %v", i+1, err)
		}
		if pl.Rank < 1 || pl.Rank > len(p.Players) {
			return bad("player %s: rank %d", pl.Name, pl.Rank)
		}
	}
	return nil
}

// NameKey is how the hub matches a name typed at two tables: case and outer
// spaces do not matter.
func NameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }
