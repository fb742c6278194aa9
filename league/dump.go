package league

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
)

// Dump is every row of a league, table by table, in plain values, so that a
// league can move between stores and both sides can be summed alike.
type Dump struct {
	Tables      []TableRow
	Players     []PlayerRow
	Plays       []PlayRow
	PlayPlayers []PlayPlayerRow
	Codes       []CodeRow
}

// TableRow is a row of tables.
type TableRow struct {
	ID, Name, KeyHash string
	Revoked           bool
	Paired            string
}

// PlayerRow is a row of players.
type PlayerRow struct {
	ID         int64
	Name       string
	MergedInto int64
}

// PlayRow is a row of plays.
type PlayRow struct {
	Ref                     int64
	TableID, PlayID         string
	Version                 int
	Kind, Title, Date, Time string
	Minutes                 int
	Luck, Scoring           string
	Deleted                 bool
	Received                string
}

// PlayPlayerRow is a row of play_players.
type PlayPlayerRow struct {
	Ref, Pos, PlayerID, Local int64
	Score                     *int
	Rank                      int
	Winner                    bool
}

// CodeRow is a row of pairing_codes.
type CodeRow struct {
	Hash, Expires string
	Used          bool
}

// Sum is one table's row count and checksum.
type Sum struct {
	Rows     int
	Checksum string // SHA-256 of the rows in key order, as JSON lines
}

// Sums counts and checksums every table of a dump, rows in key order, so
// two stores holding the same league give the same sums.
func (d Dump) Sums() map[string]Sum {
	return map[string]Sum{
		"tables":        sumOf(d.Tables, func(a, b TableRow) int { return cmp.Compare(a.ID, b.ID) }),
		"players":       sumOf(d.Players, func(a, b PlayerRow) int { return cmp.Compare(a.ID, b.ID) }),
		"plays":         sumOf(d.Plays, func(a, b PlayRow) int { return cmp.Compare(a.Ref, b.Ref) }),
		"play_players":  sumOf(d.PlayPlayers, func(a, b PlayPlayerRow) int { return cmp.Or(cmp.Compare(a.Ref, b.Ref), cmp.Compare(a.Pos, b.Pos)) }),
		"pairing_codes": sumOf(d.Codes, func(a, b CodeRow) int { return cmp.Compare(a.Hash, b.Hash) }),
	}
}

func sumOf[T any](rows []T, order func(a, b T) int) Sum {
	rows = slices.Clone(rows)
	slices.SortFunc(rows, order)
	h := sha256.New()
	for _, r := range rows {
		b, _ := json.Marshal(r) // plain values: cannot fail
		h.Write(append(b, '\n'))
	}
	return Sum{Rows: len(rows), Checksum: hex.EncodeToString(h.Sum(nil))}
}

// SameSums names every table whose count or checksum differs, or is nil.
func SameSums(from, to map[string]Sum) error {
	var bad []string
	for _, name := range []string{"tables", "players", "plays", "play_players", "pairing_codes"} {
		if from[name] != to[name] {
			bad = append(bad, fmt.Sprintf("%s: %d rows %.12s vs %d rows %.12s", name, from[name].Rows, from[name].Checksum, to[name].Rows, to[name].Checksum))
		}
	}
	if bad != nil {
		return fmt.Errorf("the copy differs: %v", bad)
	}
	return nil
}
