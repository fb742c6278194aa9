package engine

import (
	"errors"
	"strings"
)

// Teaching is the first-game mode's words on a viewer's sheet: what to do
// now, what each everyday choice does for this player, and the everyday
// moves that are missing now and why. Every number in it is the engine's.
type Teaching struct {
	Now    string   `json:"now"`
	Does   []Does   `json:"does,omitempty"`
	NotNow []Absent `json:"notNow,omitempty"`
}

// Does says what one everyday choice does for the player.
type Does struct {
	Label string `json:"label"`
	Does  string `json:"does"`
}

// Absent is an everyday move the sheet does not offer now. Why is the
// engine's own refusal of Try, the command a player would send for it, so
// a reason is never a retyped rule.
type Absent struct {
	Move string  `json:"move"`
	Why  string  `json:"why"`
	Try  Command `json:"-"`
}

// FirstGameSetting is first-game mode on the new-game form, the same for
// every game that teaches (each game's settings carry it as "firstGame").
var FirstGameSetting = Setting{Key: "firstGame", Label: "First game: each step says what to do and what each choice does", Kind: SettingBool, Default: "false",
	Help: "For a table learning the game: every step's card says in a line what to do now, what each everyday choice does for that player, and why a missing move is missing. Each phone can turn it off."}

// Teacher is one game's part of first-game mode, bound to a state: what
// only the game knows. Teach does the rest, the same way for every game.
type Teacher interface {
	// Now says what seat does at sh's step, as a sentence from the
	// state's numbers; "" keeps the sheet's own words.
	Now(seat int, sh Sheet) string
	// Does says what move m does for seat, from the state's numbers; ""
	// says nothing (a rare move, or one whose label says it all).
	Does(seat int, m Move) string
	// Absent lists the everyday moves sh lacks, each as the command a
	// player would send for it (Try); Why is left to Teach.
	Absent(seat int, sh Sheet) []Absent
}

// Decider is a game's Decide: Teach asks it, on the state and with dice
// that roll nothing, why a move is missing, so a reason is never retyped.
type Decider func(s State, cmd Command, dice Dice) ([]Event, error)

// maxDoes bounds a card's "what each choice does" lines: the everyday
// choices, one line per kind of move and what it concerns, never a wall.
const maxDoes = 6

// maxKind bounds the lines of one kind of move (the attacks, the merges):
// the first few teach what the rest do.
const maxKind = 3

// Teach sets sh's teaching for seat from t: a "Now:" line, what each
// everyday choice does, and each absent move the game refuses on s, with
// the game's own words (decide's refusal). A sheet with no move of the table's step (hiding
// shares while another plays) teaches the seat to wait.
func Teach(t Teacher, decide Decider, s State, seat int, sh *Sheet) {
	if seat < 0 || len(sh.Moves) == 0 {
		return
	}
	if !atStep(*sh) {
		sh.Teach = &Teaching{Now: "Now: wait. " + Sentence(firstNonEmpty(sh.Text, "The table waits for another player."))}
		return
	}
	now := t.Now(seat, *sh)
	if now == "" {
		now = firstNonEmpty(sh.Ask, sh.Text)
	}
	tc := &Teaching{Now: "Now: " + stop(now)}
	seen, kinds := map[string]bool{}, map[string]int{}
	for _, m := range sh.Moves {
		if len(tc.Does) == maxDoes {
			break
		}
		// One line for what a move is about (buy 1, 2 or 3 of a company
		// is one line), at most maxKind for one kind of move.
		key := m.Type + "/" + firstNonEmpty(firstOf(m.Concerns), m.ID)
		if seen[key] || kinds[m.Type] == maxKind {
			continue
		}
		if d := t.Does(seat, m); d != "" {
			seen[key] = true
			kinds[m.Type]++
			tc.Does = append(tc.Does, Does{Label: m.Label, Does: d})
		}
	}
	for _, a := range t.Absent(seat, *sh) {
		var re *RuleError
		if _, err := decide(s, a.Try, StillDice{}); errors.As(err, &re) {
			a.Why = re.Message
			tc.NotNow = append(tc.NotNow, a)
		}
	}
	sh.Teach = tc
}

// atStep says whether the sheet holds a move of its own step (a sheet
// that names no step: an everyday move, not only folded ones).
func atStep(sh Sheet) bool {
	for _, m := range sh.Moves {
		if sh.Step != "" && m.Step == sh.Step || sh.Step == "" && !m.Minor {
			return true
		}
	}
	return false
}

// Sentence starts s with a capital and ends it with a full stop.
func Sentence(s string) string {
	s = stop(s)
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// stop ends s with a full stop unless it ends a sentence already.
func stop(s string) string {
	s = strings.TrimSpace(s)
	if s != "" && !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

func firstOf(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[0]
}

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

// StillDice lets a command be checked without rolling: every die shows 1.
type StillDice struct{}

func (StillDice) Roll(int) int { return 1 }
func (StillDice) Intn(int) int { return 0 }
