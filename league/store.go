package league

import (
	"context"
	"time"
)

// Store is where a hub keeps the league. Two implementations (league/store:
// SQLite and PostgreSQL) pass one test suite (league/storetest).
type Store interface {
	// AddCode keeps a pairing code's hash until it expires.
	AddCode(ctx context.Context, codeHash string, expires time.Time) error
	// Pair uses up a pairing code (unknown, used or expired: ErrBadCode) and
	// records the table, in one transaction.
	Pair(ctx context.Context, codeHash string, now time.Time, t Table) error
	Table(ctx context.Context, id string) (Table, error)
	Tables(ctx context.Context) ([]Table, error)
	Revoke(ctx context.Context, id string) error
	// MoveTable makes into the table from was (a table paired again): from's
	// plays become into's, the newer version winning where both hold one,
	// and from is revoked.
	MoveTable(ctx context.Context, from, into string) error

	// Put stores a table's plays: each by (table, play id), a newer version
	// replacing an older, the same or an older changing nothing. Players are
	// matched by the league id the table sends (a merged one is followed),
	// else by name, else added.
	Put(ctx context.Context, tableID string, plays []Play, now time.Time) ([]Result, error)
	// Plays lists the plays not deleted, oldest first.
	Plays(ctx context.Context) ([]StoredPlay, error)
	Players(ctx context.Context) ([]LeaguePlayer, error)
	// Merge makes from into: from's plays become into's.
	Merge(ctx context.Context, from, into int64) error

	// Nonce records a push's nonce, reporting false when the table used it
	// within twice league.MaxSkew (a replay): kept in the database, so a
	// restart or a second hub process over it refuses the replay too.
	Nonce(ctx context.Context, tableID, nonce string, now time.Time) (bool, error)

	// Changes is a count that grows with every change to what the public
	// pages show (a play stored, a merge, a table paired, revoked or
	// moved), kept in the database so that every hub process over it sees
	// the others' changes.
	Changes(ctx context.Context) (int64, error)
	// Since reads, at one moment, the change count and what changed after
	// count gen: the plays stored since (deleted ones too, marked), or every
	// play not deleted when something rewrote stored plays in bulk (a merge,
	// a table moved, a restore) after gen, or gen is not a count it made
	// (Delta.Full). A hub brings its pages up to date with it.
	Since(ctx context.Context, gen int64) (Delta, error)

	// Dump reads every row of every table; Restore writes a dump into an
	// empty store (ErrNotEmpty otherwise). Together they move a league.
	Dump(ctx context.Context) (Dump, error)
	Restore(ctx context.Context, d Dump) error
	Close() error
}

// Delta is what changed in a league after a change count (Store.Since).
type Delta struct {
	Changes int64        // the count it is of
	Full    bool         // Plays is every play not deleted, not only those changed
	Plays   []StoredPlay // oldest first
}
