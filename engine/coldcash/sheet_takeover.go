package coldcash

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"tableside/engine"
	"tableside/engine/coldcash/board"
	"tableside/engine/risk"
)

// takeover offers a hostile takeover's next moves: moving teams in after a
// conquest (one move, its count a field), every attack from a territory
// that can attack with its exact chance of winning, the free move that
// ends the attacks, and ending the takeover.
func (ms *moveList) takeover(seat int) string {
	s := ms.s
	t := s.Table
	g := geo()
	tk := t.Takeover
	if q := tk.Conquest; q != nil {
		m := ms.add(SheetTakeover, seat, "occupy", fmt.Sprintf("Move teams into %s from %s", g.Name(q.To), g.Name(q.From)), CmdOccupy, nil)
		m.Fields = []engine.Field{{Name: "teams", Label: "Teams", Min: q.Min, Max: q.Max, Value: q.Max}}
		m.From, m.To, m.Concerns = q.From, q.To, []string{q.To, q.From}
		return fmt.Sprintf("Move %d to %d teams into %s.", q.Min, q.Max, g.Name(q.To))
	}
	fronts := tk.Fronts(g, t.Board)
	for _, f := range fronts {
		ms.attack(seat, f)
	}
	own := t.Board.Held(tk.Corp)
	if tk.Announced == nil {
		for _, from := range own {
			if tk.Moved {
				break
			}
			ms.freeMoves(SheetTakeover, seat, tk.Corp, from, CmdMove, "Free move: ", ", ending the attacks", true)
		}
		m := ms.add(SheetTakeover, seat, "takeover-end", "End the takeover", CmdTakeoverEnd, nil)
		m.Ends, m.Concerns = true, []string{tk.Corp}
	}
	if len(fronts) == 0 {
		return "" // nothing left to attack: the free move or the end
	}
	return "Tap a territory to see its attacks."
}

// attack offers one roll and a blitz on a front, when the rules allow it
// now, each with the exact chance of taking the territory.
func (ms *moveList) attack(seat int, f board.Front) {
	s := ms.s
	t := s.Table
	g := geo()
	if t.Takeover.CheckAttack(g, t.Board, f) != nil {
		return
	}
	data := map[string]any{"from": f.From, "to": f.To}
	def := risk.Defender{Armies: t.Board.Land[f.To].Teams}
	// One line an attack: where to and from and how many, the chance its
	// big number, the other figures named on a small line under it.
	label := fmt.Sprintf("%s from %s · %d v %d", g.Name(f.To), g.Name(f.From), t.Board.Land[f.From].Teams, def.Armies)
	var notes []string
	if board.NeedsDefence(t.Board, f.To) {
		def = risk.Defender{MomPop: true}
		label = fmt.Sprintf("%s from %s · Mom & Pop", g.Name(f.To), g.Name(f.From))
		notes = append(notes, "the app rolls its defence die")
	}
	chance := winChance(t.Board.Land[f.From].Teams, def)
	if hq := hqNote(g, t.Board, f.From, f.To); hq != "" {
		notes = append(notes, hq)
	}
	add := func(id, label string, data map[string]any, minor bool, note ...string) {
		m := ms.add(SheetTakeover, seat, id, label, CmdAttack, data)
		m.From, m.To, m.Concerns, m.Chance, m.ChanceOf, m.Minor = f.From, f.To, []string{f.To, f.From}, chance, "win", minor
		m.Note = strings.Join(append(note, notes...), " · ")
		if c := t.Board.Owner(f.To); c != "" {
			m.Concerns = append(m.Concerns, c)
		}
	}
	add("attack-"+f.From+"-"+f.To, label, data, false)
	if !def.MomPop {
		add("blitz-"+f.From+"-"+f.To, label, map[string]any{"from": f.From, "to": f.To, "blitz": true}, true, "blitz to the end")
	}
	ms.realDice(seat, f, def.MomPop)
}

// realDice offers the table's own dice for a front, one tap per outcome:
// the Mom & Pop's defence die (1 to 6), or the losses of one roll with the
// most dice each side may roll (the attacker loses j, the defender the
// rest of the dice compared). Folded under "Real dice".
func (ms *moveList) realDice(seat int, f board.Front, momPop bool) {
	t := ms.s.Table
	g := geo()
	add := func(id, label string, data map[string]any) {
		data["from"], data["to"] = f.From, f.To
		if m := ms.try(SheetTakeover, seat, id, label, CmdAttack, data); m != nil {
			m.From, m.To, m.Concerns, m.Minor, m.Group = f.From, f.To, []string{f.To, f.From}, true, "Real dice"
		}
	}
	if momPop {
		for n := 1; n <= risk.MomPopFaces; n++ {
			add(fmt.Sprintf("real-die-%s-%s-%d", f.From, f.To, n), fmt.Sprintf("Real die: the Mom & Pop in %s shows %d", g.Name(f.To), n), map[string]any{"momPop": n})
		}
		return
	}
	k := min(risk.AttackDice(t.Board.Land[f.From].Teams), risk.DiceRules{}.DefendDice(t.Board.Land[f.To].Teams))
	for j := 0; j <= k; j++ {
		add(fmt.Sprintf("real-dice-%s-%s-%d", f.From, f.To, j), fmt.Sprintf("Real dice on %s from %s: attacker loses %d, defender loses %d", g.Name(f.To), g.Name(f.From), j, k-j),
			map[string]any{"attackerLost": j, "defenderLost": k - j})
	}
}

// winChance is the exact chance of taking a territory with attackers on
// the board against def, fighting to the end; nil when the dice engine
// cannot say.
func winChance(attackers int, def risk.Defender) *float64 {
	o, err := risk.Compute(risk.Query{Attackers: attackers, Defenders: []risk.Defender{def}})
	if err != nil {
		return nil
	}
	return engine.Chance(o.Win)
}

// freeMoves offers moving teams from one territory to each other one the
// company reaches through its own land, the count a field.
func (ms *moveList) freeMoves(step string, seat int, corp, from, typ, prefix, suffix string, ends bool) {
	s := ms.s
	t := s.Table
	g := geo()
	teams := t.Board.Land[from].Teams
	if teams < 2 {
		return
	}
	for _, to := range reachable(g, t.Board, corp, from) {
		label := fmt.Sprintf("%smove teams from %s to %s%s", prefix, g.Name(from), g.Name(to), suffix)
		// A restructure of one move reads as a form's first row.
		id, data, field := "move-"+from+"-"+to, map[string]any{"from": from, "to": to}, "teams"
		if typ == CmdRestructure {
			id, data, field = "restructure-"+corp+"-"+from+"-"+to, map[string]any{"company": corp, "from1": from, "to1": to}, "teams1"
		}
		m := ms.add(step, seat, id, label, typ, data)
		m.Fields = []engine.Field{{Name: field, Label: "Teams", Min: 1, Max: teams - 1, Value: teams - 1}}
		m.From, m.To, m.Concerns, m.Ends, m.Minor = from, to, []string{from, to, corp}, ends, true
	}
}

// reachable lists corp's other territories reached from through its own
// land, sorted.
func reachable(g *board.Geography, b board.Board, corp, from string) []string {
	seen := map[string]bool{from: true}
	queue := []string{from}
	var out []string
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, n := range g.Neighbours(at) {
			if !seen[n] && b.Owner(n) == corp {
				seen[n] = true
				queue = append(queue, n)
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out
}

// earnings offers each waiting company's choices as one line a company:
// dividends, hiring (all hired teams in its one territory; a company with
// several folds where to hire), downsizing (the largest stacks fired
// first); a restructure of one free move and doing nothing are folded.
func (ms *moveList) earnings(seat int) string {
	s := ms.s
	t := s.Table
	g := geo()
	for _, c := range s.pendingEarnings() {
		co := s.company(c)
		name := co.Name
		h := board.HireFor(g, t.Board, c, s.Settings.BoardSettings.ClassicMin)
		seg := func(m *engine.Move, short string) {
			m.Row = &engine.Row{Key: "earn-" + c, Head: name, Note: fmt.Sprintf("hire count %d", h.Teams), Badge: badgeOf(*co), Short: short}
		}
		if _, err := s.PayDividends(c, false); err == nil {
			per := engine.Dollars(s.companyView(c).Dividend)
			m := ms.add(SheetEarnings, seat, "dividends-"+c, fmt.Sprintf("%s: pay dividends (%s a share)", name, per), CmdDividends, map[string]any{"company": c})
			m.Concerns = []string{c}
			seg(m, "Pay "+per)
		}
		if m := ms.hires(seat, c, h.Teams); m != nil {
			seg(m, fmt.Sprintf("Hire %d", h.Teams))
		}
		if fire := boardFiring(t.Board, c, h.Teams); fire != nil {
			if _, err := s.PayDividends(c, true); err == nil || isRule(err, "no-visible-holders") {
				label, note := downsizeWords(name, h)
				m := ms.add(SheetEarnings, seat, "downsize-"+c, label, CmdDownsize, map[string]any{"company": c, "remove": fire})
				m.Concerns, m.Note = []string{c}, note
				seg(m, "Downsize")
			}
		}
		for _, from := range t.Board.Held(c) {
			ms.freeMoves(SheetEarnings, seat, c, from, CmdRestructure, name+": restructure, ", "", false)
		}
		m := ms.add(SheetEarnings, seat, "skip-"+c, name+": do nothing", CmdSkip, map[string]any{"company": c})
		m.Concerns, m.Minor = []string{c}, true
	}
	return ""
}

// hires offers all of a company's hired teams in each of its territories:
// it answers the one move when there is one place (or none to hire), the
// line's segment; the places of a company with several are folded.
func (ms *moveList) hires(seat int, c string, n int) *engine.Move {
	s := ms.s
	g := geo()
	name := s.coName(c)
	if n == 0 {
		m := ms.add(SheetEarnings, seat, "hire-"+c, name+": hire (0 teams)", CmdHire, map[string]any{"company": c, "place": map[string]int{}})
		m.Concerns = []string{c}
		return m
	}
	held := s.Table.Board.Held(c)
	for _, at := range held {
		m := ms.add(SheetEarnings, seat, "hire-"+c+"-"+at, fmt.Sprintf("%s: hire %d teams in %s", name, n, g.Name(at)), CmdHire,
			map[string]any{"company": c, "place": map[string]int{at: n}})
		m.To, m.Concerns = at, []string{at, c}
		if len(held) == 1 {
			return m
		}
		m.Minor, m.Group = true, fmt.Sprintf("%s: hire %d teams in…", name, n)
	}
	return nil
}

// downsizeWords names a company's downsize, and says why in a note under
// the label. With a hire count of 0 the rules still allow it (it fires its
// hire count, none, and pays double), so the note says why rather than the
// button read like a mistake.
func downsizeWords(name string, h board.Hire) (label, note string) {
	if h.Teams > 0 {
		return fmt.Sprintf("%s: downsize %d teams, double dividends", name, h.Teams), ""
	}
	return name + ": downsize, double dividends; no team is fired", fmt.Sprintf("its hire count is 0 (%s), which the rules allow", h.Why)
}

// firing picks the teams a downsize fires: its hire count, or every
// removable team when it has fewer, from the largest stacks first, each
// territory keeping one.
func boardFiring(b board.Board, c string, n int) map[string]int {
	n = min(n, board.Removable(b, c))
	teams := map[string]int{}
	var st []string
	for _, at := range b.Held(c) {
		teams[at] = b.Land[at].Teams
		st = append(st, at)
	}
	out := map[string]int{}
	for ; n > 0; n-- {
		sort.SliceStable(st, func(i, j int) bool { return teams[st[i]] > teams[st[j]] })
		if len(st) == 0 || teams[st[0]] < 2 {
			return nil
		}
		out[st[0]]++
		teams[st[0]]--
	}
	return out
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}
