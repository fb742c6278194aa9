package engine

import "encoding/json"

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
	Decision string `json:"decision,omitempty"`
	// Choices, when the decision is a tap: the deciding phone shows one big
	// button per choice, each sending its command. A decision that needs
	// more (amounts, a choice of companies) goes in the game screen's
	// "decision" template block instead. Only the deciding seats receive them.
	Choices []Choice `json:"choices,omitempty"`
}

// Choice is one answer to a decision: a label and the command it sends.
type Choice struct {
	Label string          `json:"label"`          // "Merge", "Refuse", "Yes"
	Type  string          `json:"type"`           // the command's type: "merger.answer"
	Data  json.RawMessage `json:"data,omitempty"` // its payload: {"consent":true}
}

// Waiter is implemented by games that have turns or pending decisions. The
// web layer asks it after every change; a game without it (the score pad)
// simply shows no turn bar.
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
