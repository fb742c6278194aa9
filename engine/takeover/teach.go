package takeover

import (
	"encoding/json"
	"fmt"

	"tableside/engine"
)

// teacher is Takeover's part of first-game mode (engine.Teach): what to
// do now and what each coin, stock choice and merge does for the player,
// from the board's own numbers (its scoring), and a merge that is missing.
type teacher struct{ s *State }

// Now says the step in a line, with its numbers.
func (t teacher) Now(seat int, sh engine.Sheet) string {
	s := t.s
	switch sh.Step {
	case StepDraft:
		return fmt.Sprintf("take one of the %d coins left in the pool: it is yours for the game", len(s.Pool))
	case StepConceal:
		return fmt.Sprintf("choose in secret which of your %d coins are stock and which are cash", len(s.Players[seat].Coins))
	case StepPlay:
		if n := len(s.Options(seat)); n > 0 {
			return fmt.Sprintf("merge one corporation onto another (%d merges you can pay for, under \"more\"), or pass", n)
		}
		return "pass: no merge is open to you now"
	}
	return ""
}

// Does says what a coin, a stock choice or a merge does for the player,
// valued as the final score values it (Scores).
func (t teacher) Does(seat int, m engine.Move) string {
	s := t.s
	var d struct {
		Coin  string   `json:"coin"`
		Stock []string `json:"stock"`
		From  int      `json:"from"`
		To    int      `json:"to"`
	}
	_ = json.Unmarshal(m.Data, &d)
	switch m.ID {
	case "conceal-cash", "conceal-stock":
		cash, stock := t.worth(seat)
		if m.ID == "conceal-cash" {
			return fmt.Sprintf("your coins count their face value, %d now, and pay for merges", cash)
		}
		return fmt.Sprintf("your coins count their corporations' stacks, %d now, rising as those stacks grow", stock)
	}
	switch m.Type {
	case CmdDraft:
		return fmt.Sprintf("worth %d as cash; as stock, %d now (its corporation's stack)", Rank(d.Coin), t.stackOf(d.Coin))
	case CmdMerge:
		if d.From >= 0 && d.From < Cells && d.To >= 0 && d.To < Cells {
			merged := append(append(Stack{}, s.Grid[d.To]...), s.Grid[d.From]...)
			return fmt.Sprintf("the stack on %s becomes %d tiles under %s, worth %d to its stock", CellName(d.To), len(merged), Short(merged.Top()), merged.Worth())
		}
	}
	return ""
}

// worth is what the seat's coins count now all as cash and all as stock.
func (t teacher) worth(seat int) (cash, stock int) {
	for _, c := range t.s.Players[seat].Coins {
		cash += Rank(c.Code)
		stock += t.stackOf(c.Code)
	}
	return cash, stock
}

// stackOf is the worth of the stack a coin's corporation tops; 0 when it
// tops none.
func (t teacher) stackOf(code string) int {
	for _, st := range t.s.Grid {
		if len(st) > 0 && st.Top() == code {
			return st.Worth()
		}
	}
	return 0
}

// Absent tries, when no merge is open to the player on turn, the first
// merge of two neighbouring corporations, so the game says why not.
func (t teacher) Absent(seat int, sh engine.Sheet) []engine.Absent {
	s := t.s
	if sh.Step != StepPlay || s.Turn != seat || len(s.Options(seat)) > 0 {
		return nil
	}
	for a := 0; a < Cells; a++ {
		for b := 0; b < Cells; b++ {
			if a != b && len(s.Grid[a]) > 0 && len(s.Grid[b]) > 0 && neighbours(a, b) {
				raw, _ := json.Marshal(map[string]any{"from": a, "to": b, "auto": true})
				return []engine.Absent{{Move: fmt.Sprintf("Merge %s onto %s", CellName(a), CellName(b)), Try: engine.Command{Type: CmdMerge, Seat: seat, Data: raw}}}
			}
		}
	}
	return nil
}
