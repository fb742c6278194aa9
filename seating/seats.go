package seating

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"tableside/engine"
	"tableside/tracker"
)

// Refusals of joining. They are rule errors: the player's to fix, shown as is.
var (
	ErrBadJoinCode = &engine.RuleError{Rule: "join-code", Message: "This join link is not valid (any more): scan the QR code on the laptop again."}
	ErrSeatTaken   = &engine.RuleError{Rule: "seat-taken", Message: "Another phone already holds that seat. The host can move it to this phone."}
	ErrNoSuchSeat  = &engine.RuleError{Rule: "no-such-seat", Message: "There is no such seat in this game."}
	ErrTableLocked = &engine.RuleError{Rule: "table-locked", Message: "The host has locked this table: every seat has its phone. You can still watch; ask the host if you should be playing."}
)

// Seats keeps which phone holds which seat. A phone proves its seat with a
// random token (256 bits from crypto/rand) that lives in a cookie; only the
// token's SHA-256 is written to the database. Every holder is also kept in
// memory, so resolving a request's seat never touches the disk.
type Seats struct {
	db  *tracker.DB
	tr  *tracker.Tracker
	Now func() time.Time

	mu     sync.Mutex
	loaded bool
	byHash map[string]Holder            // token hash -> holder
	byGame map[int64]map[int]string     // game -> seat -> token hash
	codes  map[string]joinCode          // join code -> what it opens
	game   map[int64]string             // game -> its join code (seat-less)
	rooms  map[string]int64             // room code -> game
	roomOf map[int64]string             // game -> its room code
	locked map[int64]bool               // games whose join code opens no seat (the host locked the table)
	laptop map[int64]map[int]bool       // game -> seats that play on the laptop (laptop_seats.go)
	hooks  []func(game int64, seat int) // told when a seat's phone is replaced or sent away
	next   followLinks                  // finished game -> the game its table plays next (follow.go)
	// follows: new game -> seat -> hash of the one token that may follow
	// into it (follow_rights.go).
	follows map[int64]map[int]string
	wifi    keptWiFi // the table's Wi-Fi (wifi.go)
}

// Holder is a phone holding a seat.
type Holder struct {
	Game   int64     `json:"game"`
	Seat   int       `json:"seat"`
	Device string    `json:"device"` // what the phone said it was, for the host's list
	Since  time.Time `json:"since"`
}

type joinCode struct {
	game int64
	seat int // -1: any free seat (the game's code); else a one-time hand-over
}

// New returns the seat keeper of tr's games, kept in tr's database.
func New(tr *tracker.Tracker) *Seats {
	return &Seats{db: tr.DB(), tr: tr, Now: time.Now}
}

// OnRevoke registers fn to be called (outside any lock) when a seat's phone
// stops holding it: kicked, or moved to another phone. Live streams close here.
func (s *Seats) OnRevoke(fn func(game int64, seat int)) {
	s.mu.Lock()
	s.hooks = append(s.hooks, fn)
	s.mu.Unlock()
}

// load reads every holder and code once; afterwards memory is the index and
// every change goes through this type, to disk first.
func (s *Seats) load(ctx context.Context) error {
	if s.loaded {
		return nil
	}
	byHash, byGame := map[string]Holder{}, map[int64]map[int]string{}
	rows, err := s.db.QueryContext(ctx, `SELECT token_hash, game_id, seat, device, created FROM seat_tokens`)
	if err != nil {
		return fmt.Errorf("read seats: %w", err)
	}
	for rows.Next() {
		var h Holder
		var hash, created string
		if err := rows.Scan(&hash, &h.Game, &h.Seat, &h.Device, &created); err != nil {
			rows.Close()
			return fmt.Errorf("read seats: %w", err)
		}
		h.Since, _ = time.Parse(time.RFC3339Nano, created)
		byHash[hash] = h
		if byGame[h.Game] == nil {
			byGame[h.Game] = map[int]string{}
		}
		byGame[h.Game][h.Seat] = hash
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read seats: %w", err)
	}
	codes, games := map[string]joinCode{}, map[int64]string{}
	s.rooms, s.roomOf = map[string]int64{}, map[int64]string{}
	rows, err = s.db.QueryContext(ctx, `SELECT code, game_id, coalesce(seat, -1), coalesce(room, '') FROM join_codes`)
	if err != nil {
		return fmt.Errorf("read join codes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var code, room string
		var jc joinCode
		if err := rows.Scan(&code, &jc.game, &jc.seat, &room); err != nil {
			return fmt.Errorf("read join codes: %w", err)
		}
		codes[code] = jc
		if jc.seat < 0 {
			games[jc.game] = code
			s.setRoom(jc.game, room)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read join codes: %w", err)
	}
	locked := map[int64]bool{}
	lrows, err := s.db.QueryContext(ctx, `SELECT name FROM secrets WHERE name LIKE 'locked:%'`)
	if err != nil {
		return fmt.Errorf("read locked tables: %w", err)
	}
	defer lrows.Close()
	for lrows.Next() {
		var name string
		if err := lrows.Scan(&name); err != nil {
			return fmt.Errorf("read locked tables: %w", err)
		}
		var game int64
		if _, err := fmt.Sscanf(name, "locked:%d", &game); err == nil {
			locked[game] = true
		}
	}
	if err := lrows.Err(); err != nil {
		return fmt.Errorf("read locked tables: %w", err)
	}
	follows, err := s.loadFollows(ctx)
	if err != nil {
		return err
	}
	laptop, err := s.loadLaptop(ctx)
	if err != nil {
		return err
	}
	s.byHash, s.byGame, s.codes, s.game, s.locked, s.follows, s.laptop, s.loaded = byHash, byGame, codes, games, locked, follows, laptop, true
	return nil
}

// Lookup finds the seat a token holds. Unknown tokens are simply not found.
func (s *Seats) Lookup(ctx context.Context, token string) (Holder, bool, error) {
	if token == "" {
		return Holder{}, false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return Holder{}, false, err
	}
	h, ok := s.byHash[hashToken(token)]
	return h, ok, nil
}

// Holders lists the phones holding seats in a game, by seat.
func (s *Seats) Holders(ctx context.Context, game int64) (map[int]Holder, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return nil, err
	}
	out := map[int]Holder{}
	for seat, hash := range s.byGame[game] {
		out[seat] = s.byHash[hash]
	}
	return out, nil
}

// GameCode returns the game's join code (the secret in its join QR), making
// one the first time.
func (s *Seats) GameCode(ctx context.Context, game int64) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return "", err
	}
	if code, ok := s.game[game]; ok {
		return code, nil
	}
	code, room := NewSecret(16), s.newRoom()
	if _, err := s.db.ExecContext(ctx, `INSERT INTO join_codes(code, game_id, seat, created, room) VALUES (?, ?, NULL, ?, ?)`,
		code, game, s.Now().UTC().Format(time.RFC3339Nano), room); err != nil {
		return "", fmt.Errorf("make join code for game %d: %w", game, err)
	}
	s.codes[code] = joinCode{game: game, seat: -1}
	s.game[game] = code
	s.setRoom(game, room)
	return code, nil
}

// CheckCode reports whether code opens game, and for a hand-over code the one
// seat it opens (-1: any free seat).
func (s *Seats) CheckCode(ctx context.Context, game int64, code string) (seat int, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return 0, err
	}
	jc, ok := s.codes[code]
	if !ok || code == "" || jc.game != game {
		return 0, ErrBadJoinCode
	}
	if jc.seat < 0 && s.locked[game] {
		return 0, ErrTableLocked
	}
	return jc.seat, nil
}

// Claim gives seat to a phone that shows code, and returns the phone's new
// token. The game's code opens any free seat; a hand-over code opens its own
// seat once. seats is how many seats the game has.
func (s *Seats) Claim(ctx context.Context, game int64, seats, seat int, code, device string) (string, error) {
	if seat < 0 || seat >= seats {
		return "", ErrNoSuchSeat
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return "", err
	}
	jc, ok := s.codes[code]
	if !ok || code == "" || jc.game != game || (jc.seat >= 0 && jc.seat != seat) {
		return "", ErrBadJoinCode
	}
	if jc.seat < 0 && s.locked[game] {
		return "", ErrTableLocked // a hand-over code still works: the host chose that phone
	}
	if over, err := s.finished(ctx, game); err != nil || over {
		return "", cmp.Or(err, error(ErrGameOver))
	}
	used := ""
	if jc.seat >= 0 {
		used = code // a hand-over code opens its seat once
	}
	return s.seatPhone(ctx, game, seat, device, spent{code: used})
}

// spent is what taking a seat uses up: a one-time hand-over code, or the
// seat's follow right.
type spent struct {
	code   string
	follow bool
}

// seatPhone gives seat of game to a new phone and returns its token, once
// the caller has checked the phone may have it (s.mu held, loaded). What it
// spends is deleted with it, in the same transaction. A seat that plays on
// the laptop goes to a phone only with its hand-over code (the host's
// deliberate "Move to a phone"), and then plays on that phone.
func (s *Seats) seatPhone(ctx context.Context, game int64, seat int, device string, use spent) (string, error) {
	used := use.code
	if err := s.takenLocked(game, seat); errors.Is(err, ErrSeatTaken) || (err != nil && used == "") {
		return "", err
	}
	fromLaptop := s.laptop[game][seat]
	if len(device) > 80 {
		device = device[:80]
	}
	token := NewSecret(32)
	hash := hashToken(token)
	now := s.Now().UTC()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return "", fmt.Errorf("claim seat: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO seat_tokens(token_hash, game_id, seat, device, created) VALUES (?, ?, ?, ?, ?)`,
		hash, game, seat, device, now.Format(time.RFC3339Nano)); err != nil {
		return "", fmt.Errorf("claim seat %d of game %d: %w", seat, game, err)
	}
	if used != "" {
		if _, err := tx.ExecContext(ctx, `DELETE FROM join_codes WHERE code = ?`, used); err != nil {
			return "", fmt.Errorf("claim seat: use hand-over code: %w", err)
		}
	}
	if fromLaptop {
		if _, err := tx.ExecContext(ctx, `DELETE FROM laptop_seats WHERE game_id = ? AND seat = ?`, game, seat); err != nil {
			return "", fmt.Errorf("claim seat %d of game %d from the laptop: %w", seat, game, err)
		}
	}
	forget := func() {}
	if use.follow {
		if forget, err = s.dropFollows(ctx, tx, game, seat); err != nil {
			return "", err
		}
	}
	if err := tx.Commit(); err != nil {
		return "", fmt.Errorf("claim seat: %w", err)
	}
	forget()
	if used != "" {
		delete(s.codes, used)
	}
	s.markLaptop(game, seat, false)
	s.byHash[hash] = Holder{Game: game, Seat: seat, Device: device, Since: now}
	if s.byGame[game] == nil {
		s.byGame[game] = map[int]string{}
	}
	s.byGame[game][seat] = hash
	return token, nil
}

// Release sends a seat's phone away (the host's "kick"): its token stops
// working at once and the seat is free for any phone with the game's code.
func (s *Seats) Release(ctx context.Context, game int64, seat int) error {
	_, err := s.revoke(ctx, game, seat, false)
	return err
}

// Handover moves a seat to another phone: the current phone's token stops
// working at once, and the returned one-time code opens this seat (and no
// other) for the next phone that shows it.
func (s *Seats) Handover(ctx context.Context, game int64, seats, seat int) (string, error) {
	if seat < 0 || seat >= seats {
		return "", ErrNoSuchSeat
	}
	return s.revoke(ctx, game, seat, true)
}

func (s *Seats) revoke(ctx context.Context, game int64, seat int, handover bool) (string, error) {
	s.mu.Lock()
	if err := s.load(ctx); err != nil {
		s.mu.Unlock()
		return "", err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		s.mu.Unlock()
		return "", fmt.Errorf("free seat %d: %w", seat, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM seat_tokens WHERE game_id = ? AND seat = ?`, game, seat); err != nil {
		s.mu.Unlock()
		return "", fmt.Errorf("free seat %d of game %d: %w", seat, game, err)
	}
	// The host decided who holds this seat: no phone of the game before
	// may follow into it any more.
	forget, err := s.dropFollows(ctx, tx, game, seat)
	if err != nil {
		s.mu.Unlock()
		return "", err
	}
	var code string
	if handover {
		// An older hand-over code for this seat is replaced: only the newest QR works.
		if _, err := tx.ExecContext(ctx, `DELETE FROM join_codes WHERE game_id = ? AND seat = ?`, game, seat); err != nil {
			s.mu.Unlock()
			return "", fmt.Errorf("hand over seat %d: %w", seat, err)
		}
		code = NewSecret(16)
		if _, err := tx.ExecContext(ctx, `INSERT INTO join_codes(code, game_id, seat, created) VALUES (?, ?, ?, ?)`,
			code, game, seat, s.Now().UTC().Format(time.RFC3339Nano)); err != nil {
			s.mu.Unlock()
			return "", fmt.Errorf("hand over seat %d: %w", seat, err)
		}
	}
	if err := tx.Commit(); err != nil {
		s.mu.Unlock()
		return "", fmt.Errorf("free seat %d: %w", seat, err)
	}
	forget()
	if hash, ok := s.byGame[game][seat]; ok {
		delete(s.byHash, hash)
		delete(s.byGame[game], seat)
	}
	if handover {
		for c, jc := range s.codes {
			if jc.game == game && jc.seat == seat {
				delete(s.codes, c)
			}
		}
		s.codes[code] = joinCode{game: game, seat: seat}
	}
	hooks := append([]func(int64, int){}, s.hooks...)
	s.mu.Unlock()
	for _, fn := range hooks {
		fn(game, seat)
	}
	return code, nil
}

// NewGameCode replaces a game's join code (the host's "New join code"): the
// old QR, link and code stop working at once; phones already seated keep
// their seats, and one-time hand-over codes are untouched.
func (s *Seats) NewGameCode(ctx context.Context, game int64) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return "", err
	}
	code, room := NewSecret(16), s.newRoom()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return "", fmt.Errorf("new join code for game %d: %w", game, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM join_codes WHERE game_id = ? AND seat IS NULL`, game); err != nil {
		return "", fmt.Errorf("new join code for game %d: %w", game, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO join_codes(code, game_id, seat, created, room) VALUES (?, ?, NULL, ?, ?)`,
		code, game, s.Now().UTC().Format(time.RFC3339Nano), room); err != nil {
		return "", fmt.Errorf("new join code for game %d: %w", game, err)
	}
	// A new join code shuts out every old credential, follow rights too.
	forget, err := s.dropFollows(ctx, tx, game, -1)
	if err != nil {
		return "", err
	}
	if err := tx.Commit(); err != nil {
		return "", fmt.Errorf("new join code for game %d: %w", game, err)
	}
	forget()
	if old, ok := s.game[game]; ok {
		delete(s.codes, old)
	}
	s.codes[code] = joinCode{game: game, seat: -1}
	s.game[game] = code
	s.setRoom(game, room) // the old room code goes with the old join code
	return code, nil
}

// Locked reports whether the host locked a game's table: its join code
// opens no seat (spectators still watch).
func (s *Seats) Locked(ctx context.Context, game int64) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return false, err
	}
	return s.locked[game], nil
}

// SetLocked locks or unlocks a game's table. The lock is kept across
// restarts as a row "locked:GAME" in the secrets table (a name-value table
// that needs no migration of its own). Locking also retires the table's
// room code (unlocking draws a new one when it is next shown) and the
// follow rights into it: the host has decided who sits here.
func (s *Seats) SetLocked(ctx context.Context, game int64, locked bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("lock table of game %d: %w", game, err)
	}
	defer tx.Rollback()
	name := fmt.Sprintf("locked:%d", game)
	forget := func() {}
	if locked {
		_, err = tx.ExecContext(ctx, `INSERT INTO secrets(name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING`,
			name, s.Now().UTC().Format(time.RFC3339Nano))
		if err == nil {
			_, err = tx.ExecContext(ctx, `UPDATE join_codes SET room = NULL WHERE game_id = ? AND seat IS NULL`, game)
		}
		if err == nil {
			forget, err = s.dropFollows(ctx, tx, game, -1)
		}
	} else {
		_, err = tx.ExecContext(ctx, `DELETE FROM secrets WHERE name = ?`, name)
	}
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return fmt.Errorf("lock table of game %d: %w", game, err)
	}
	if locked {
		s.locked[game] = true
		s.setRoom(game, "")
		forget()
	} else {
		delete(s.locked, game)
	}
	return nil
}

// RotateSecret replaces a named server secret with a new random one and
// returns it (the host's "Sign out other host screens"): the old value
// stops working as soon as the caller uses the new one.
func (s *Seats) RotateSecret(ctx context.Context, name string) (string, error) {
	v := NewSecret(32)
	if _, err := s.db.ExecContext(ctx, `INSERT INTO secrets(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value`, name, v); err != nil {
		return "", fmt.Errorf("replace secret %s: %w", name, err)
	}
	return v, nil
}

// Secret returns a named server secret (the host token), making it the first
// time, so it survives restarts.
func (s *Seats) Secret(ctx context.Context, name string) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = ?`, name).Scan(&v)
	if err == nil {
		return v, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("read secret %s: %w", name, err)
	}
	v = NewSecret(32)
	if _, err := s.db.ExecContext(ctx, `INSERT INTO secrets(name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING`, name, v); err != nil {
		return "", fmt.Errorf("make secret %s: %w", name, err)
	}
	// Another caller may have won the race: read what is stored.
	if err := s.db.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = ?`, name).Scan(&v); err != nil {
		return "", fmt.Errorf("read secret %s: %w", name, err)
	}
	return v, nil
}

// NewSecret returns n random bytes from crypto/rand, base64url without padding.
func NewSecret(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (Go 1.24+ aborts rather than return an error)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
