package engine

import "strconv"

// Pick is a choice made of exactly Count of its Options, ticked one by one
// before the choice is sent (Choice.Pick): staking 2 of a hand's 10 cards is
// one move with ten options, not 45 moves. Each ticked option joins the
// command's data as Name.Value: true ("card.4": true), so the game decodes
// the ticks as it decodes any form, and a wrong count is its refusal.
type Pick struct {
	Name    string       `json:"name"`
	Count   int          `json:"count"`
	Options []PickOption `json:"options"`
}

// PickOption is one thing a Pick may tick: its value and its words.
type PickOption struct {
	Value int    `json:"value"`
	Label string `json:"label"`
}

// Key is the data key an option of value v is sent under when ticked.
func (p Pick) Key(v int) string { return p.Name + "." + strconv.Itoa(v) }
