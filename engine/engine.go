// Package engine holds the contract every game's rules implement, so that the
// tracker can run any game without knowing its rules.
//
// A game is three pure functions over its own state type:
//
//	Decide(state, command) -> events, error  // is it legal now, and what happens
//	Evolve(state, event)   -> state          // apply one event; never fails
//	View(state, viewer)    -> view           // exactly what that viewer may see
//
// Nothing in engine or its subpackages does I/O, reads a clock or uses a
// global random source: dice come in through [Dice] and their faces are
// written into the events, so replaying a log never re-rolls.
package engine

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Seat numbers a player's place at the table, from 0. Host is the laptop.
const (
	Host   = -1 // the host screen (the laptop), which sees and may do everything public plus table admin
	Public = -2 // a spectator or TV: public information only
)

// Viewer says who is looking at (or acting on) a game.
type Viewer struct {
	Seat int `json:"seat"` // a seat number, Host or Public
	// Past is set when the viewer looks back at an earlier moment of the
	// game (the timeline). A view then leaves out what a screen shows only
	// to whoever acts at it now: the laptop that shows the hand of the
	// player on turn, for a table without phones, is used by the player on
	// turn now, not by the one who was on turn then.
	Past bool `json:"past,omitempty"`
}

// IsHost reports whether the viewer is the host screen.
func (v Viewer) IsHost() bool { return v.Seat == Host }

// IsPublic reports whether the viewer is a public screen (the TV, a
// spectator): it sees no seat's secrets and acts for nobody.
func (v Viewer) IsPublic() bool { return v.Seat == Public }

// Command is a request from a screen: "seat 2 buys 3 Festival".
type Command struct {
	Type string          `json:"type"`
	Seat int             `json:"seat"` // who asks; Host for the laptop
	Data json.RawMessage `json:"data,omitempty"`
}

// Admin reports whether the command is table administration that is allowed
// after a game ends (commands whose type starts with "admin.").
func (c Command) Admin() bool { return len(c.Type) > 6 && c.Type[:6] == "admin." }

// Event is a fact the engine decided. Events are what the log stores.
type Event struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data,omitempty"`
}

// Dice is the only source of chance an engine may use. The tracker owns it;
// whatever an engine rolls must be written into the events it returns.
type Dice interface {
	// Roll returns a face from 1 to sides.
	Roll(sides int) int
	// Intn returns a number in [0, n), for shuffles and random choices.
	Intn(n int) int
}

// Setup is what a new game starts from: its seats and its settings.
type Setup struct {
	Seats    []Seat          `json:"seats"`
	Settings json.RawMessage `json:"settings,omitempty"`
}

// Seat is a place at the table.
type Seat struct {
	Name   string `json:"name"`
	Colour string `json:"colour,omitempty"`
}

// Rules is implemented once per game: it is the whole contract, and a game
// that lacks a part of it does not compile. State is owned by the tracker
// and is only changed through Evolve; Decide and View must not modify it.
// A game that has nothing to say for a part (no turns to wait for, no
// settings) answers it with nothing; test engines embed [Base] for that.
// Optional abilities that only some games have (Catalogued, LuckTeller,
// FaceTeller, Measurer, Highlighter, Rememberer, Moder, OpenLog) stay
// interfaces of their own.
type Rules interface {
	// Kind is the game's stable identifier, stored with every game ("coldcash").
	Kind() string
	// Title is the game's name for people ("Cold Cash Risk").
	Title() string
	// MinSeats and MaxSeats bound the number of players.
	MinSeats() int
	MaxSeats() int
	// New returns the state of a fresh game, or an error naming the bad
	// setting. It is deterministic: anything random at the start of a game
	// (a deal, a shuffle) happens in Decide, in answer to a command.
	New(setup Setup) (State, error)
	// Decide validates cmd against s and returns the events that follow.
	Decide(s State, cmd Command, dice Dice) ([]Event, error)
	// Evolve applies one event and returns the new state. It must not fail:
	// every event in a log was once accepted by Decide.
	Evolve(s State, e Event) State
	// View returns what v may see of s, ready to be encoded as JSON.
	View(s State, v Viewer) any

	Describer         // an event in words: the undo button, the timeline
	Finisher          // the final standings, for the score log
	Feeder            // what each event did, told to each reader
	Mover             // what a viewer may do now: the move sheet
	Waiter            // whom the table waits for: the turn bar
	SettingsDescriber // the new-game form
	SettingsChecker   // a new game's settings, checked strictly
}

// Moder is implemented by a game played in modes (Cold Cash Risk's bank
// and board): Mode names the one s is played in, for the screens' title
// ("Cold Cash Risk · board"); "" names none.
type Moder interface {
	Mode(s State) string
}

// State is a game's state. Each game uses its own concrete type.
type State any

// Describer says in words what an event did, so the host's undo button can
// say what it will undo ("Ana bought 3 Luxor"). Part of Rules.
type Describer interface {
	Describe(s State, e Event) string
}

// Catalogued is implemented by games that are a published board game with an
// entry on BoardGameGeek, so exports (BG Stats) can name it exactly: BGGID is
// that entry's number (RISK: 181). A game without one (the score pad,
// Tableside's own games) does not implement it, and no id is invented.
type Catalogued interface {
	BGGID() int
}

// Finisher gives a game's scores for the score log once it ends. Part of
// Rules.
type Finisher interface {
	// Result reports the final standings once the game is over.
	Result(s State) (Result, bool)
}

// Result is a finished game's outcome, per seat in seat order.
type Result struct {
	Scores []Score `json:"scores"`
	// Start is the seat that played first, when the game knows it (the
	// score log marks the start player).
	Start *int `json:"start,omitempty"`
	// LowWins says the lowest points win (a golf-style score pad); otherwise
	// the highest do. Result.Podium ranks by it.
	LowWins bool `json:"lowWins,omitempty"`
}

// SeatPtr is a seat number as a Result's optional Start.
func SeatPtr(seat int) *int { return &seat }

// Score is one seat's final score with its breakdown ("cash 12000, bonuses 3000").
type Score struct {
	Seat      int            `json:"seat"`
	Points    int            `json:"points"`
	Winner    bool           `json:"winner"`
	Breakdown map[string]int `json:"breakdown,omitempty"`
}

// RuleError is a refusal that names the rule broken. Screens show Message as is.
type RuleError struct {
	Rule    string // a short stable name, e.g. "max-three-shares"
	Message string // for people: "You may buy at most 3 shares a turn."
}

func (e *RuleError) Error() string { return e.Message }

// Refuse builds a RuleError; format follows fmt.Sprintf.
func Refuse(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// IsRefusal reports whether err is a rule refusal (the player's mistake,
// not a fault of the program).
func IsRefusal(err error) bool {
	var re *RuleError
	return errors.As(err, &re)
}

// NewEvent encodes data as an event's payload. Payloads are plain structs,
// so encoding cannot fail; a failure is a programming error and panics.
func NewEvent(typ string, data any) Event {
	if data == nil {
		return Event{Type: typ}
	}
	b, err := json.Marshal(data)
	if err != nil {
		panic(fmt.Sprintf("engine: encode %s event: %v", typ, err))
	}
	return Event{Type: typ, Data: b}
}

// Decode reads a payload into v leniently (unknown fields are ignored),
// refusing malformed input with a message that names it. It is for stored
// settings, which a game stored long ago may carry with an option since
// removed; a command's payload is read with [DecodeArgs].
func Decode(typ string, data json.RawMessage, v any) error {
	if len(data) == 0 {
		data = []byte("{}")
	}
	if err := json.Unmarshal(data, v); err != nil {
		return Refuse("malformed", "%s: the request is malformed: %v", typ, err)
	}
	return nil
}

// Payload reads an event's payload in Evolve: d := engine.Payload[movedEv](e).
// Every event in a log was made by Decide, so a payload that does not
// decode is a programming error (the tracker turns the panic into a refusal).
func Payload[T any](e Event) T {
	var v T
	if len(e.Data) == 0 {
		return v
	}
	if err := json.Unmarshal(e.Data, &v); err != nil {
		panic(fmt.Sprintf("engine: decode %s event: %v", e.Type, err))
	}
	return v
}
