package scorelog

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"tableside/engine"
	"tableside/scoring"
	"tableside/tracker"
)

// ErrNoPlay and ErrNoPerson mean nothing has the given key or id.
var (
	ErrNoPlay   = errors.New("no such play")
	ErrNoPerson = errors.New("no such person")
)

// Store is the score log on Tableside's database.
type Store struct {
	db *tracker.DB
	// Now is the clock for deletions; tests set it.
	Now func() time.Time
}

// New returns the score log kept in db (whose migrations made its tables).
func New(db *tracker.DB) *Store { return &Store{db: db, Now: time.Now} }

// palette is a colour-blind-safe set (Okabe and Ito) for people who come
// without a colour. Colour is never the only sign of a person: every badge
// carries the name's initial too.
var palette = []string{"#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#000000"}

// querier is what both *sql.DB and *sql.Tx offer.
type querier interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

// newKey makes a play's key: random, so plays from two laptops never collide.
func newKey() string {
	var b [5]byte
	rand.Read(b[:]) // never fails on Linux
	return hex.EncodeToString(b[:])
}

// People lists everyone in the log by name.
func (s *Store) People(ctx context.Context) ([]scoring.Person, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, colour FROM people ORDER BY name COLLATE NOCASE, id`)
	if err != nil {
		return nil, fmt.Errorf("list people: %w", err)
	}
	defer rows.Close()
	var ps []scoring.Person
	for rows.Next() {
		var p scoring.Person
		if err := rows.Scan(&p.ID, &p.Name, &p.Colour); err != nil {
			return nil, fmt.Errorf("list people: %w", err)
		}
		ps = append(ps, p)
	}
	return ps, rows.Err()
}

// Person returns one person.
func (s *Store) Person(ctx context.Context, id int64) (scoring.Person, error) {
	p := scoring.Person{ID: id}
	err := s.db.QueryRowContext(ctx, `SELECT name, colour FROM people WHERE id = ?`, id).Scan(&p.Name, &p.Colour)
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("person %d: %w", id, ErrNoPerson)
	}
	if err != nil {
		return p, fmt.Errorf("person %d: %w", id, err)
	}
	return p, nil
}

// ensurePerson finds a person by name (case does not matter) or adds them.
// A colour given for someone who has none yet becomes theirs.
func ensurePerson(ctx context.Context, q querier, name, colour string) (int64, error) {
	var id int64
	var have string
	err := q.QueryRowContext(ctx, `SELECT id, colour FROM people WHERE name = ? COLLATE NOCASE`, name).Scan(&id, &have)
	switch {
	case err == nil:
		if have == "" && colour != "" {
			if _, err := q.ExecContext(ctx, `UPDATE people SET colour = ? WHERE id = ?`, colour, id); err != nil {
				return 0, fmt.Errorf("person %s: %w", name, err)
			}
		}
		return id, nil
	case !errors.Is(err, sql.ErrNoRows):
		return 0, fmt.Errorf("person %s: %w", name, err)
	}
	if colour == "" {
		var n int
		if err := q.QueryRowContext(ctx, `SELECT count(*) FROM people`).Scan(&n); err != nil {
			return 0, fmt.Errorf("person %s: %w", name, err)
		}
		colour = palette[n%len(palette)]
	}
	res, err := q.ExecContext(ctx, `INSERT INTO people(name, colour) VALUES (?, ?)`, name, colour)
	if err != nil {
		return 0, fmt.Errorf("add person %s: %w", name, err)
	}
	return res.LastInsertId()
}

// Plays returns the plays in the log (deleted ones left out) that pass f,
// oldest first.
func (s *Store) Plays(ctx context.Context, f scoring.Filter) ([]scoring.Play, error) {
	all, err := s.load(ctx, s.db, false)
	if err != nil {
		return nil, err
	}
	var out []scoring.Play
	for _, p := range all {
		if f.Match(p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// Deleted returns the deleted plays, the most recently deleted first, so
// they can be restored.
func (s *Store) Deleted(ctx context.Context) ([]scoring.Play, error) {
	all, err := s.load(ctx, s.db, true)
	if err != nil {
		return nil, err
	}
	var out []scoring.Play
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].Deleted != "" {
			out = append(out, all[i])
		}
	}
	return out, nil
}

// Play returns one play by key, deleted or not.
// It reads that play alone: adding a play reads it back, and reading the
// whole log there made logging n plays cost n².
func (s *Store) Play(ctx context.Context, key string) (scoring.Play, error) {
	plays, err := s.loadWhere(ctx, s.db, ` WHERE key = ?`, key)
	if err != nil {
		return scoring.Play{}, err
	}
	if len(plays) == 0 {
		return scoring.Play{}, fmt.Errorf("play %s: %w", key, ErrNoPlay)
	}
	return plays[0], nil
}

// GameTitles lists the titles of the games in the log, for pickers.
func (s *Store) GameTitles(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT game FROM plays WHERE deleted IS NULL ORDER BY game COLLATE NOCASE`)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	defer rows.Close()
	var gs []string
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return nil, fmt.Errorf("list games: %w", err)
		}
		gs = append(gs, g)
	}
	return gs, rows.Err()
}

// load reads every play with its players, oldest first. The log of a table is
// small (thousands of plays), so reading it whole keeps statistics simple.
func (s *Store) load(ctx context.Context, q querier, withDeleted bool) ([]scoring.Play, error) {
	where := ` WHERE deleted IS NULL`
	if withDeleted {
		where = ``
	}
	return s.loadWhere(ctx, q, where)
}

// PlayOfGame is the play a finished Tableside game was recorded as (deleted
// or not), read alone: the end screen asks for it.
func (s *Store) PlayOfGame(ctx context.Context, gameID int64) (scoring.Play, error) {
	plays, err := s.loadWhere(ctx, s.db, ` WHERE game_id = ?`, gameID)
	if err != nil {
		return scoring.Play{}, fmt.Errorf("play of game %d: %w", gameID, err)
	}
	if len(plays) == 0 {
		return scoring.Play{}, ErrNoPlay
	}
	return plays[0], nil
}

// loadWhere reads the plays that where (a WHERE clause on plays, or "")
// selects, with their players, oldest first.
func (s *Store) loadWhere(ctx context.Context, q querier, where string, args ...any) ([]scoring.Play, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, key, game, date, time, minutes, place, scoring, notes, coalesce(game_id, 0), coalesce(deleted, '')
		FROM plays`+where+` ORDER BY date, time, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("read plays: %w", err)
	}
	var plays []scoring.Play
	index := map[int64]int{}
	for rows.Next() {
		var p scoring.Play
		if err := rows.Scan(&p.ID, &p.Key, &p.Game, &p.Date, &p.Time, &p.Minutes, &p.Place, &p.Scoring, &p.Notes, &p.GameID, &p.Deleted); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read plays: %w", err)
		}
		index[p.ID] = len(plays)
		plays = append(plays, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read plays: %w", err)
	}
	rows, err = q.QueryContext(ctx, `SELECT pp.play_id, pp.person_id, pe.name, pe.colour, pp.score, pp.rank, pp.winner, pp.start, pp.breakdown
		FROM play_players pp JOIN people pe ON pe.id = pp.person_id
		WHERE pp.play_id IN (SELECT id FROM plays`+where+`) ORDER BY pp.play_id, pp.pos`, args...)
	if err != nil {
		return nil, fmt.Errorf("read players: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var playID int64
		var pl scoring.Player
		var score sql.NullInt64
		var breakdown string
		if err := rows.Scan(&playID, &pl.PersonID, &pl.Name, &pl.Colour, &score, &pl.Rank, &pl.Winner, &pl.Start, &breakdown); err != nil {
			return nil, fmt.Errorf("read players: %w", err)
		}
		if score.Valid {
			v := int(score.Int64)
			pl.Score = &v
		}
		if breakdown != "" {
			if err := json.Unmarshal([]byte(breakdown), &pl.Breakdown); err != nil {
				return nil, fmt.Errorf("read players: play %d: bad breakdown: %w", playID, err)
			}
		}
		if i, ok := index[playID]; ok {
			plays[i].Players = append(plays[i].Players, pl)
		}
	}
	return plays, rows.Err()
}

// Add checks a play and writes it to the log, adding people it names who
// are new. It returns the play as stored.
func (s *Store) Add(ctx context.Context, p scoring.Play) (scoring.Play, error) {
	p.Players = slices.Clone(p.Players) // Normalize fills ranks in; the caller's play stays as it was
	if err := scoring.Normalize(&p); err != nil {
		return scoring.Play{}, err
	}
	if p.Key == "" {
		p.Key = newKey()
	}
	err := s.tx(ctx, func(tx *sql.Tx) error { return insertPlay(ctx, tx, &p, nil) })
	if err != nil {
		return scoring.Play{}, fmt.Errorf("add play: %w", err)
	}
	return s.Play(ctx, p.Key)
}

// Update replaces a play's details and players, keeping its key and its
// link to a Tableside game.
func (s *Store) Update(ctx context.Context, key string, p scoring.Play) (scoring.Play, error) {
	old, err := s.Play(ctx, key)
	if err != nil {
		return scoring.Play{}, err
	}
	p.Key, p.GameID = old.Key, old.GameID
	p.Players = slices.Clone(p.Players)
	keepWinners(old, &p)
	if err := scoring.Normalize(&p); err != nil {
		return scoring.Play{}, err
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE plays SET game = ?, date = ?, time = ?, minutes = ?, place = ?, scoring = ?, notes = ? WHERE id = ?`,
			p.Game, p.Date, p.Time, p.Minutes, p.Place, p.Scoring, p.Notes, old.ID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM play_players WHERE play_id = ?`, old.ID); err != nil {
			return err
		}
		return insertPlayers(ctx, tx, old.ID, p.Players, nil)
	})
	if err != nil {
		return scoring.Play{}, fmt.Errorf("update play %s: %w", key, err)
	}
	return s.Play(ctx, key)
}

// keepWinners carries a points game's winners over an edit that changed no
// score and chose none: a tie the game broke by its own rule (recorded from
// a Tableside game) stays broken when someone only corrects the place.
func keepWinners(old scoring.Play, p *scoring.Play) {
	if !p.Scoring.Points() || old.Scoring != p.Scoring || len(old.Players) != len(p.Players) {
		return
	}
	for i, pl := range p.Players {
		o := old.Players[i]
		if pl.Winner || pl.Score == nil || o.Score == nil || *pl.Score != *o.Score || !strings.EqualFold(pl.Name, o.Name) {
			return
		}
	}
	for i := range p.Players {
		p.Players[i].Winner = old.Players[i].Winner
	}
}

// Delete takes a play out of the log, restorably.
func (s *Store) Delete(ctx context.Context, key string) error {
	return s.setDeleted(ctx, key, s.Now().UTC().Format(time.RFC3339))
}

// Restore puts a deleted play back.
func (s *Store) Restore(ctx context.Context, key string) error { return s.setDeleted(ctx, key, nil) }

func (s *Store) setDeleted(ctx context.Context, key string, at any) error {
	res, err := s.db.ExecContext(ctx, `UPDATE plays SET deleted = ? WHERE key = ?`, at, key)
	if err != nil {
		return fmt.Errorf("play %s: %w", key, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("play %s: %w", key, ErrNoPlay)
	}
	return nil
}

// UpdatePerson renames a person and sets their colour. A name another
// person already has is refused: their plays would become one person's.
func (s *Store) UpdatePerson(ctx context.Context, id int64, name, colour string) (scoring.Person, error) {
	name = strings.TrimSpace(name)
	colour = strings.ToLower(strings.TrimSpace(colour))
	if err := scoring.CheckName(name); err != nil {
		return scoring.Person{}, err
	}
	if !scoring.ValidColour(colour) {
		return scoring.Person{}, engine.Refuse("person-colour", "%q is not a colour like #1d6b4f.", colour)
	}
	if _, err := s.Person(ctx, id); err != nil {
		return scoring.Person{}, err
	}
	var other int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM people WHERE name = ? COLLATE NOCASE AND id != ?`, name, id).Scan(&other)
	if err == nil {
		return scoring.Person{}, engine.Refuse("person-name-taken", "Someone else is already called %s; pick another name.", name)
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return scoring.Person{}, fmt.Errorf("person %d: %w", id, err)
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE people SET name = ?, colour = ? WHERE id = ?`, name, colour, id); err != nil {
		return scoring.Person{}, fmt.Errorf("person %d: %w", id, err)
	}
	return scoring.Person{ID: id, Name: name, Colour: colour}, nil
}

// tx runs fn in one transaction: all of it is written, or none.
func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// known caches people's ids by lower-case name within one transaction, so a
// big import asks the database once per person, not once per row.
type known map[string]int64

// insertPlay writes a normalized play and its players.
func insertPlay(ctx context.Context, tx *sql.Tx, p *scoring.Play, people known) error {
	var gameID, deleted any
	if p.GameID != 0 {
		gameID = p.GameID
	}
	if p.Deleted != "" {
		deleted = p.Deleted
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO plays(key, game, date, time, minutes, place, scoring, notes, game_id, deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.Key, p.Game, p.Date, p.Time, p.Minutes, p.Place, p.Scoring, p.Notes, gameID, deleted)
	if err != nil {
		return fmt.Errorf("play %s: %w", p.Key, err)
	}
	if p.ID, err = res.LastInsertId(); err != nil {
		return err
	}
	return insertPlayers(ctx, tx, p.ID, p.Players, people)
}

func insertPlayers(ctx context.Context, tx *sql.Tx, playID int64, players []scoring.Player, people known) error {
	for i, pl := range players {
		id, ok := people[strings.ToLower(pl.Name)]
		if !ok {
			var err error
			if id, err = ensurePerson(ctx, tx, pl.Name, pl.Colour); err != nil {
				return err
			}
			if people != nil {
				people[strings.ToLower(pl.Name)] = id
			}
		}
		var score any
		if pl.Score != nil {
			score = *pl.Score
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO play_players(play_id, pos, person_id, score, rank, winner, start, breakdown) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			playID, i, id, score, pl.Rank, pl.Winner, pl.Start, breakdownJSON(pl.Breakdown)); err != nil {
			return fmt.Errorf("player %s: %w", pl.Name, err)
		}
	}
	return nil
}

// breakdownJSON encodes a breakdown canonically (keys sorted), or "" for none.
func breakdownJSON(b map[string]int) string {
	if len(b) == 0 {
		return ""
	}
	out, _ := json.Marshal(b) // a map of ints always encodes, keys sorted
	return string(out)
}
