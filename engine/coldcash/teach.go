package coldcash

import (
	"encoding/json"
	"fmt"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/ledger"
)

// teacher is Cold Cash Risk's part of first-game mode (engine.Teach):
// what to do now and what each everyday choice does, from this state's own
// numbers, and the everyday moves that are missing.
type teacher struct{ s *State }

func (t teacher) Now(seat int, sh engine.Sheet) string             { return t.s.teachNow(seat, sh) }
func (t teacher) Absent(seat int, sh engine.Sheet) []engine.Absent { return t.s.notNow(seat, sh) }

// Does leaves the rarer moves to their labels.
func (t teacher) Does(seat int, m engine.Move) string {
	if m.Minor {
		return ""
	}
	return t.s.does(seat, m)
}

func firstOf(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[0]
}

// teachNow says in one line what the seat does now.
func (s *State) teachNow(seat int, sh engine.Sheet) string {
	cash := engine.Dollars(s.Book.Balance(ledger.Account(seat)))
	count := func(typ string) int {
		n := 0
		for _, m := range sh.Moves {
			if m.Type == typ {
				n++
			}
		}
		return n
	}
	switch sh.Step {
	case StepPlace:
		if n := count(CmdPlace); n > 0 {
			return fmt.Sprintf("put a Mom & Pop on one of the %d empty territories your cards name (tap it on the map or below).", n)
		}
	case StepOutcome:
		if t := s.Table; t != nil && t.Placed != "" {
			return fmt.Sprintf("decide what your Mom & Pop in %s becomes: the choices are below.", terr(t.Placed))
		}
	case StepAction:
		if t := s.Table; s.Acted != "" || (t != nil && t.Action != "") {
			return "your action is done: take a card to end your turn."
		}
		return fmt.Sprintf("do one thing with your %s (buy up to %d shares, sell, a meeting or a takeover), then take a card.", cash, MaxBuy)
	case SheetEarnings:
		return "pick one earnings action for each company you run: move teams, hire, pay dividends or downsize."
	case SheetMerger:
		return "for each share of the swallowed company, sell it, trade 2 for 1, or keep it."
	}
	if sh.Text != "" {
		return sh.Text
	}
	return s.Where()
}

// does says what an everyday move does for the seat, from the state's
// numbers; "" for a move with nothing to add.
func (s *State) does(seat int, m engine.Move) string {
	var d struct {
		Company string `json:"company"`
		Count   int    `json:"count"`
	}
	_ = json.Unmarshal(m.Data, &d)
	switch m.Type {
	case CmdFound:
		if c := s.company(d.Company); c != nil {
			p, _ := acquire.Price(c.Tier, acquire.MinSize)
			return fmt.Sprintf("you become its CEO with %d teams on the map and take 1 free share, worth %s now", 3, engine.Dollars(p))
		}
	case CmdAbsorb:
		return fmt.Sprintf("the Mom & Pop becomes 1 team of %s, which grows by a territory (now %s a share)", s.coName(d.Company), engine.Dollars(s.Price(d.Company)))
	case CmdLeave:
		return "it stays independent: if attacked, it defends with a die roll of 1 to 6 teams"
	case CmdBuy:
		cost := d.Count * s.Price(d.Company)
		return fmt.Sprintf("%d %s %s for %s: you keep %s, and each share earns %s a dividend", d.Count, s.coName(d.Company), engine.Plural(d.Count, "share", "shares"), engine.Dollars(cost),
			engine.Dollars(s.Book.Balance(ledger.Account(seat))-cost), engine.Dollars(acquire.Dividend(s.Price(d.Company))))
	case CmdSell:
		return fmt.Sprintf("%d %s %s %s", d.Count, s.coName(d.Company), engine.Plural(d.Count, "share brings", "shares bring"), engine.Dollars(d.Count*s.Price(d.Company)))
	case CmdDraw:
		return "ends your turn; you draw a territory card"
	case CmdPass:
		return "you do nothing this turn"
	case CmdTakeover:
		return fmt.Sprintf("%s attacks this turn; taking a rival's tower takes that company over", s.coName(d.Company))
	case CmdDividends:
		return fmt.Sprintf("pays %s for each shown share; you hold %d shown", engine.Dollars(acquire.Dividend(s.Price(d.Company))), s.Visible(seat, d.Company))
	}
	return m.Note
}

// notNow lists the everyday moves missing from the seat's action or
// outcome step, each as the command it would be (engine.Teach keeps those
// the engine refuses, with its words).
func (s *State) notNow(seat int, sh engine.Sheet) []engine.Absent {
	offered := map[string]bool{}
	for _, m := range sh.Moves {
		offered[m.Type+"/"+firstOf(m.Concerns)] = true
		offered[m.Type+"/"] = true
	}
	var out []engine.Absent
	refusal := func(label, typ string, data map[string]any) {
		raw, _ := json.Marshal(data)
		out = append(out, engine.Absent{Move: label, Try: engine.Command{Type: typ, Seat: seat, Data: raw}})
	}
	switch sh.Step {
	case StepAction:
		for _, c := range s.Companies {
			if c.Active && !offered[CmdBuy+"/"+c.ID] {
				refusal("Buy "+c.Name, CmdBuy, map[string]any{"seat": seat, "company": c.ID, "count": 1})
			}
		}
		if !offered[CmdTakeover+"/"] {
			for _, c := range s.Companies {
				if c.Active {
					refusal("Hostile takeover with "+c.Name, CmdTakeover, map[string]any{"company": c.ID})
					break
				}
			}
		}
	case StepOutcome:
		if !offered[CmdFound+"/"] {
			for _, c := range s.Companies {
				if !c.Active {
					refusal("Found "+c.Name, CmdFound, map[string]any{"company": c.ID})
					break
				}
			}
		}
	}
	return out
}
