// Package league is a club's memory across tables: finished plays travel from
// each table (offline-first, on its own SQLite) to a league hub that keeps
// them on PostgreSQL (or a SQLite file for a club on one machine). This
// package holds what both sides share: a play as it travels, the hub's Store
// contract, and the signature a push carries. The hub's HTTP face is
// league/hub; the table's side is league/table; the stores are league/store.
package league

import (
	"errors"
	"strings"
	"time"
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
	Ref      int64 // the hub's number for it: plays of one date and time are in its order
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

// NameKey is how the hub matches a name typed at two tables: case and outer
// spaces do not matter.
func NameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }
