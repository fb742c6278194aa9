package engine

import (
	"encoding/json"
	"strings"
)

// Waiting says what the table is waiting for: whose move it is and what they
// must do. Every screen shows it (the host's bar, the TV, each phone), and
// the phone of a seat it names shows the decision as one big card. It is
// public information: it must not name anything a seat keeps hidden.
type Waiting struct {
	// Seats the table waits for, in seat numbers; several when each of them
	// must answer (a vote), none when the table waits for the host.
	Seats []int `json:"seats"`
	// Text says what is awaited, for people, without the names: "keep, sell or
	// trade 4 Luxor". Screens put the names in front ("Waiting for Ana: ...",
	// "Your move: ...").
	Text string `json:"text"`
	// Decision names the decision for the game's screen ("merger.consent"),
	// so its "decision" template block can show the right form. Optional.
	// The answers themselves are on each deciding seat's own move sheet
	// (Move.Decision), which only that seat receives.
	Decision string `json:"decision,omitempty"`
}

// Choice is one answer to a decision: a label and the command it sends.
type Choice struct {
	Label string          `json:"label"`          // "Merge", "Refuse", "Yes"
	Type  string          `json:"type"`           // the command's type: "merger.answer"
	Data  json.RawMessage `json:"data,omitempty"` // its payload: {"consent":true}
	// ID names the choice for screens and tests ("sell-all"); optional.
	ID string `json:"id,omitempty"`
	// Note says what the choice does in numbers ("+$2,100"); optional.
	Note string `json:"note,omitempty"`
	// Fields are numbers the player types before sending (a custom
	// disposal's sell, trade and keep), each with its limits; they join
	// Data under their names.
	Fields []Field `json:"fields,omitempty"`
	// Pick asks for a number of options ticked before sending (cards from
	// a hand): one choice in place of every combination of them.
	Pick *Pick `json:"pick,omitempty"`
	// Group folds this choice, with the others of the same group, under one
	// disclosure named by it ("Every merge you can make"), after the
	// ungrouped choices: a decision with dozens of answers keeps its
	// everyday ones at the top of the card. Optional.
	Group string `json:"group,omitempty"`
}

// Grouped splits choices into those shown at once and the folded groups,
// each in the order its first choice came.
func Grouped(choices []Choice) (top []Choice, groups []ChoiceGroup) {
	at := map[string]int{}
	for _, c := range choices {
		if c.Group == "" {
			top = append(top, c)
			continue
		}
		i, ok := at[c.Group]
		if !ok {
			i = len(groups)
			at[c.Group] = i
			groups = append(groups, ChoiceGroup{Name: c.Group})
		}
		groups[i].Choices = append(groups[i].Choices, c)
	}
	return top, groups
}

// ChoiceGroup is the choices folded under one name.
type ChoiceGroup struct {
	Name    string
	Choices []Choice
}

// Field is a whole number a choice asks for, with the limits the rules
// allow now: screens render them and never retype a rule's number. A Text
// field is instead a few optional words (a score's note) of at most Max
// characters, sent as a string.
type Field struct {
	Name  string `json:"name"`  // the command's data key: "sell"
	Label string `json:"label"` // "Sell"
	Min   int    `json:"min"`
	Max   int    `json:"max"`
	Value int    `json:"value"` // the starting value
	Text  bool   `json:"text,omitempty"`
}

// Waiter (part of Rules) says what the table waits for. The web layer
// asks it after every change; a game with nobody to wait for (the score
// pad) answers false, and its screens show no turn bar.
type Waiter interface {
	// Waiting reports what the table waits for now; ok is false when it waits
	// for nothing in particular (between rounds, the game over).
	Waiting(s State) (w Waiting, ok bool)
}

// Owes reports whether the table waits for seat.
func (w Waiting) Owes(seat int) bool {
	for _, s := range w.Seats {
		if s == seat {
			return true
		}
	}
	return false
}

// WaitingLine says w for people: "Waiting for Ana and Ben: stake in
// secret", or "Waiting for the host: ..." when no seat owes it.
func WaitingLine(w Waiting, name func(seat int) string) string {
	var names []string
	for _, seat := range w.Seats {
		names = append(names, name(seat))
	}
	if len(names) == 0 {
		return "Waiting for the host: " + w.Text + "."
	}
	return "Waiting for " + JoinNames(names) + ": " + w.Text + "."
}

// JoinNames says "Ana", "Ana and Ben", "Ana, Ben and Cy".
func JoinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
