// Package scorepad is a live score pad for any game the table plays:
// points per player, round by round, and the final standings for the score
// log. It is also the simplest complete engine, a model for the others.
package scorepad

import (
	"encoding/json"
	"strconv"

	"tableside/engine"
)

// Settings choose how the pad ranks players.
type Settings struct {
	LowWins bool `json:"lowWins"` // golf-style games: the lowest total wins
}

// State is the pad: every entry, in order, and whether the game is over.
type State struct {
	Seats    []engine.Seat `json:"seats"`
	Settings Settings      `json:"settings"`
	Entries  []Entry       `json:"entries"`
	Over     bool          `json:"over"`
	// sums are the running totals Evolve keeps, so that the feed's "in
	// all" costs nothing per score on a long pad; not part of the game.
	sums []int
}

// Entry is points written next to a player's name: a score command's
// data, and the event it makes.
type Entry struct {
	Seat   int    `json:"seat" args:"required"`
	Points int    `json:"points" args:"required"`
	Note   string `json:"note,omitempty"` // a few words typed next to the score
}

// Totals sums each seat's points.
func (s *State) Totals() []int {
	t := make([]int, len(s.Seats))
	for _, e := range s.Entries {
		t[e.Seat] += e.Points
	}
	return t
}

// Rules implements engine.Rules for the score pad.
type Rules struct{}

func (Rules) Kind() string  { return "scorepad" }
func (Rules) Title() string { return "Score pad (any game)" }
func (Rules) MinSeats() int { return 1 }
func (Rules) MaxSeats() int { return 12 }

// New starts an empty pad.
func (Rules) New(setup engine.Setup) (engine.State, error) {
	s := &State{Seats: setup.Seats, Entries: []Entry{}}
	if err := engine.Decode("settings", setup.Settings, &s.Settings); err != nil {
		return nil, err
	}
	return s, nil
}

// Commands and the events they make.
const (
	CmdScore  = "score"  // {seat, points, note}: write points for a seat
	CmdFinish = "finish" // end the game
	EvScored  = "scored"
	EvEnded   = "ended"
)

const maxPoints = 1_000_000

// maxNote is the longest note a score may carry, in bytes.
const maxNote = 200

// Decide checks a command against the pad.
func (Rules) Decide(st engine.State, cmd engine.Command, _ engine.Dice) ([]engine.Event, error) {
	s := st.(*State)
	if s.Over {
		return nil, engine.Refuse("game-over", "The game is over.")
	}
	switch cmd.Type {
	case CmdScore:
		e, err := engine.DecodeArgs[Entry](cmd.Type, cmd.Data)
		if err != nil {
			return nil, err
		}
		if e.Seat < 0 || e.Seat >= len(s.Seats) {
			return nil, engine.Refuse("no-such-seat", "There is no player %d.", e.Seat+1)
		}
		if cmd.Seat != engine.Host && cmd.Seat != e.Seat {
			return nil, engine.Refuse("own-score-only", "You can only write your own score; the host writes the others'.")
		}
		if e.Points > maxPoints || e.Points < -maxPoints {
			return nil, engine.Refuse("points-range", "Points must be between -%d and %d.", maxPoints, maxPoints)
		}
		if len(e.Note) > maxNote {
			return nil, engine.Refuse("note-length", "A note may be at most %d characters.", maxNote)
		}
		return []engine.Event{engine.NewEvent(EvScored, e)}, nil
	case CmdFinish:
		if _, err := engine.DecodeArgs[struct{}](cmd.Type, cmd.Data); err != nil {
			return nil, err
		}
		if cmd.Seat != engine.Host {
			return nil, engine.Refuse("host-only", "Only the host can end the game.")
		}
		return []engine.Event{engine.NewEvent(EvEnded, nil)}, nil
	}
	return nil, engine.Refuse("unknown-command", "The score pad does not know the command %q.", cmd.Type)
}

// Evolve applies an event.
func (Rules) Evolve(st engine.State, ev engine.Event) engine.State {
	s := st.(*State)
	switch ev.Type {
	case EvScored:
		e := engine.Payload[Entry](ev)
		s.Entries = append(s.Entries, e)
		if s.sums == nil {
			s.sums = s.Totals()
		} else if e.Seat >= 0 && e.Seat < len(s.sums) {
			s.sums[e.Seat] += e.Points
		}
	case EvEnded:
		s.Over = true
	}
	return s
}

// View is the same for everyone: a score pad has no secrets.
func (Rules) View(st engine.State, _ engine.Viewer) any {
	s := st.(*State)
	return struct {
		*State
		Totals []int `json:"totals"`
	}{s, s.Totals()}
}

// Describe names an event for the undo button.
func (Rules) Describe(st engine.State, ev engine.Event) string {
	s := st.(*State)
	switch ev.Type {
	case EvScored:
		e := engine.Payload[Entry](ev)
		if e.Seat >= 0 && e.Seat < len(s.Seats) {
			return s.Seats[e.Seat].Name + " scored " + strconv.Itoa(e.Points)
		}
	case EvEnded:
		return "the end of the game"
	}
	return ev.Type
}

// Result ranks the players once the game is over.
func (Rules) Result(st engine.State) (engine.Result, bool) {
	s := st.(*State)
	if !s.Over {
		return engine.Result{}, false
	}
	t := s.Totals()
	best := 0
	for i, v := range t {
		if i == 0 || (s.Settings.LowWins && v < best) || (!s.Settings.LowWins && v > best) {
			best = v
		}
	}
	r := engine.Result{LowWins: s.Settings.LowWins}
	for i, v := range t {
		r.Scores = append(r.Scores, engine.Score{Seat: i, Points: v, Winner: v == best})
	}
	return r, true
}

// Waiting is the score pad's engine.Waiter: anyone writes a score at any
// time, so the table waits for nobody in particular.
func (Rules) Waiting(engine.State) (engine.Waiting, bool) { return engine.Waiting{}, false }

// CheckSettings refuses a new pad's setting it does not know.
func (Rules) CheckSettings(raw json.RawMessage) error { return engine.StrictSettings[Settings](raw) }

// OpenLog: every score on the pad is public, so its log is too.
func (Rules) OpenLog() {}
