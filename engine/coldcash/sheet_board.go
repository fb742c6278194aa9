package coldcash

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"tableside/engine"
	"tableside/engine/coldcash/board"
)

// board lists board mode's moves; it returns a hint on how to choose.
func (ms *moveList) board() string {
	s := ms.s
	t := s.Table
	if t.Phase == PhaseOpening {
		if ms.viewer == engine.Host && s.Settings.BoardSettings.Deck == DeckApp {
			m := ms.add(SheetOpening, engine.Host, "open", "Ring the opening bell: deal the first cards", CmdOpen, nil)
			m.Ends = true
		}
		return "" // the table's own deck: the host types each player's first card
	}
	if ms.viewer == engine.Host && t.Deck == nil && s.Settings.BoardSettings.Ending == board.EndShort {
		// The table's own deck: the host says when its last card is played.
		m := ms.add(SheetEnd, engine.Host, "end-short", "End: the last territory card is played", CmdEnd, map[string]any{"reason": EndShort})
		m.Ends, m.Minor = true, true
	}
	if ms.answers() {
		return ""
	}
	seat := t.acting()
	if !ms.mayActFor(seat) {
		return ""
	}
	switch {
	case t.Phase == PhaseEarnings:
		return ms.earnings(seat)
	case t.Takeover != nil:
		return ms.takeover(seat)
	}
	switch t.Step {
	case StepPlace:
		ms.declare(seat)
		return ms.place(seat)
	case StepOutcome:
		return ms.outcome(seat)
	case StepAction:
		ms.declare(seat)
		ms.action(seat)
	}
	return ""
}

// declare offers the closing bell when it may ring now.
func (ms *moveList) declare(seat int) {
	s := ms.s
	t := s.Table
	if s.Settings.BoardSettings.Ending != board.EndStandard {
		return
	}
	if t.Step != StepPlace && !(t.Step == StepAction && t.Placed == "" && t.Action == "" && s.Acted == "") {
		return
	}
	if board.CheckDeclare(geo(), t.Board, s.coName) != nil {
		return
	}
	m := ms.add(t.Step, seat, "declare", "Closing bell: end the game", CmdDeclare, nil)
	m.Ends = true
}

// place offers a Mom & Pop in every empty territory a card allows: with
// the app's deck, each territory card in hand, then (for a wild card) every
// other empty territory; with the table's deck, every empty territory.
func (ms *moveList) place(seat int) string {
	s := ms.s
	t := s.Table
	g := geo()
	if t.Deck == nil {
		for _, id := range g.Territories() {
			if t.Board.Empty(id) {
				m := ms.add(StepPlace, seat, "place-"+id, "Place a Mom & Pop in "+g.Name(id), CmdPlace, map[string]any{"territory": id})
				m.To, m.Concerns = id, []string{id}
			}
		}
		m := ms.add(StepPlace, seat, "noplace", "No card fits: places no more", CmdNoPlace, nil)
		m.Minor = true
		return "Tap an empty territory to place a Mom & Pop."
	}
	if ms.viewer == engine.Host {
		// The app's deck: the hand is the player's secret, and the laptop
		// is seen by the whole table; the player places from their phone
		// or from their hand opened on the laptop.
		return fmt.Sprintf("%s places a Mom & Pop from their hand.", s.name(seat))
	}
	hand := t.hand(seat)
	done := map[string]bool{}
	for _, c := range hand {
		if board.IsWild(c) || done[c] || !board.Fits(g, t.Board, c) {
			continue
		}
		done[c] = true
		m := ms.add(StepPlace, seat, "place-"+c, "Place a Mom & Pop in "+g.Name(c), CmdPlace, map[string]any{"territory": c, "card": c})
		m.To, m.Concerns = c, []string{c}
	}
	for _, c := range hand {
		if !board.IsWild(c) || !board.Fits(g, t.Board, c) {
			continue
		}
		for _, id := range g.Territories() {
			if done[id] || !t.Board.Empty(id) {
				continue
			}
			done[id] = true
			m := ms.add(StepPlace, seat, "place-"+id, "Place a Mom & Pop in "+g.Name(id)+" with a wild card", CmdPlace, map[string]any{"territory": id, "card": c})
			m.To, m.Concerns, m.Minor = id, []string{id}, true
		}
		break // one wild card reaches every empty territory
	}
	return "Tap a card, or an empty territory one of your cards allows."
}

// outcome offers what becomes of the Mom & Pop just placed.
func (ms *moveList) outcome(seat int) string {
	s := ms.s
	t := s.Table
	g, at := geo(), t.Placed
	o := board.OptionsAt(g, t.Board, at)
	about := func(m *engine.Move, cos ...string) {
		if m != nil {
			m.To, m.Concerns = at, append([]string{at}, cos...)
		}
	}
	if o.Found {
		for _, c := range s.Companies {
			if c.Active || s.foundable(seat, c.ID) != nil {
				continue
			}
			m := ms.add(StepOutcome, seat, "found-"+c.ID, "Found "+c.Name+" ("+c.Tier.String()+")", CmdFound, map[string]any{"company": c.ID})
			about(m, c.ID)
			m.Row = &engine.Row{Key: "found", Head: "Found", Note: "a new company", Mark: badgeOf(c), Short: c.Name}
		}
	}
	for _, c := range o.Bordering {
		if _, err := board.Absorb(g, t.Board, at, c); err == nil {
			about(ms.add(StepOutcome, seat, "absorb-"+c, "Absorb into "+s.coName(c), CmdAbsorb, map[string]any{"company": c}), c)
		}
	}
	hint := ""
	if o.Merge {
		ms.merges(seat, o.Bordering)
	} else if o.MergeWhy != "" {
		hint = "No merger here: " + o.MergeWhy
	}
	m := ms.add(StepOutcome, seat, "leave", "Leave it a Mom & Pop", CmdLeave, nil)
	about(m)
	m.Minor = true
	return hint
}

// foundable refuses a company that may not be founded by seat now, by the
// bank's own rule (the board's was checked by OptionsAt and Found).
func (s *State) foundable(seat int, id string) error {
	if _, _, err := board.Found(geo(), s.Table.Board, s.Table.Placed, id, s.Settings.BoardSettings.reach()); err != nil {
		return err
	}
	_, err := s.Found(id, seat, 2)
	return err
}

// merges offers the merger through the Mom & Pop: every bordering
// corporation joins it; where sizes are equal the placer chooses the
// order, so each order gets its own move. Each survivor's first order is
// an everyday move and its other orders (equal absorbed ones taken in
// another order) fold: four equal corporations are 24 orders, a wall on a
// phone, but 4 survivors.
func (ms *moveList) merges(seat int, bordering []string) {
	s := ms.s
	at := s.Table.Placed
	var names []string
	for _, c := range bordering {
		names = append(names, s.coName(c))
	}
	orders := s.mergeOrders(bordering)
	for i, order := range orders {
		label, short := "Propose a merger of "+engine.JoinNames(names), "Propose it"
		if len(orders) > 1 {
			var rest []string
			for _, c := range order[1:] {
				rest = append(rest, s.coName(c))
			}
			short = s.coName(order[0]) + " survives, then " + strings.Join(rest, ", ")
			label += " (" + short + ")"
		}
		if m := ms.try(StepOutcome, seat, "merge-"+strings.Join(order, "-"), label, CmdMerge, map[string]any{"companies": order}); m != nil {
			m.To, m.Concerns = at, append([]string{at}, order...)
			m.Row = &engine.Row{Key: "merge", Head: "Merger", Note: engine.JoinNames(names), Short: short}
			if !firstOfSurvivor(orders, i) {
				m.Minor, m.Group = true, "Other merger orders"
			}
		}
	}
}

// firstOfSurvivor says whether orders[i] is the first order with its
// survivor.
func firstOfSurvivor(orders [][]string, i int) bool {
	return !slices.ContainsFunc(orders[:i], func(o []string) bool { return o[0] == orders[i][0] })
}

// mergeOrders lists every order of the corporations that sorts them
// largest first on the board: one order unless sizes are equal.
func (s *State) mergeOrders(corps []string) [][]string {
	size := func(c string) int { return board.SizeOf(geo(), s.Table.Board, c).Size }
	var out [][]string
	var walk func(done, left []string)
	walk = func(done, left []string) {
		if len(left) == 0 {
			out = append(out, slices.Clone(done))
			return
		}
		largest := 0
		for _, c := range left {
			largest = max(largest, size(c))
		}
		for i, c := range left {
			if size(c) != largest {
				continue
			}
			rest := append(slices.Clone(left[:i]), left[i+1:]...)
			walk(append(done, c), rest)
		}
	}
	walk(nil, corps)
	return out
}

// action offers the turn's one action and taking a card, one screen deep
// however many companies there are: a line per company to buy 1, 2 or 3
// of (the company the Mom & Pop just joined first), taking a card, then a
// line of the meetings the player may call and one of the companies that
// can make a hostile takeover; selling and nominating someone else are
// folded.
func (ms *moveList) action(seat int) {
	s := ms.s
	t := s.Table
	free := t.Action == "" && s.Acted == ""
	for _, id := range s.buyOrder() {
		ms.buys(StepAction, seat, id)
	}
	m := ms.add(StepAction, seat, "draw", "Take a card", CmdDraw, nil) // its button says it ends the step
	m.Ends = true
	if free {
		for _, c := range s.Companies {
			ms.meetings(StepAction, seat, c.ID)
		}
		for _, c := range s.Companies {
			ms.takeoverWith(seat, c)
		}
	}
	for _, c := range s.Companies {
		ms.sells(StepAction, seat, c.ID)
	}
}

// takeoverWith offers a hostile takeover with c, which seat runs, when it
// has something to attack, as one segment of the takeovers' line.
func (ms *moveList) takeoverWith(seat int, c Company) {
	if !c.Active || c.CEO != seat {
		return
	}
	m := ms.try(StepAction, seat, "takeover-"+c.ID, "Hostile takeover with "+c.Name, CmdTakeover, map[string]any{"company": c.ID})
	if m != nil {
		m.Concerns = []string{c.ID}
		m.Row = &engine.Row{Key: "takeover", Head: "Takeover", Note: "hostile, with", Mark: badgeOf(c), Short: c.Name}
	}
}

// badgeOf is a company's letter badge.
func badgeOf(c Company) *engine.Badge {
	return &engine.Badge{ID: c.ID, Letter: c.Letter}
}

// buyOrder is the active companies, the one holding the territory placed
// this turn (just founded, or just grown) first.
func (s *State) buyOrder() []string {
	var out []string
	first := ""
	if t := s.Table; t != nil && t.Placed != "" {
		first = t.Board.Owner(t.Placed)
	}
	for _, c := range s.Companies {
		if c.Active {
			out = append(out, c.ID)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i] == first && out[j] != first })
	return out
}

// buys offers Buy 1, 2 and 3 of a company, as many as the rules allow now,
// as one line: the company, its price, and a segment per count.
func (ms *moveList) buys(step string, seat int, id string) {
	s := ms.s
	c := s.company(id)
	for n := 1; n <= MaxBuy; n++ {
		label := fmt.Sprintf("Buy %d %s (%s)", n, c.Name, engine.Dollars(n*s.Price(id)))
		if m := ms.try(step, seat, fmt.Sprintf("buy-%s-%d", id, n), label, CmdBuy, map[string]any{"seat": seat, "company": id, "count": n}); m != nil {
			m.Concerns = []string{id}
			m.Row = &engine.Row{Key: "buy-" + id, Head: c.Name, Note: "buy at " + engine.Dollars(s.Price(id)), Badge: badgeOf(*c), Short: fmt.Sprint(n)}
		}
	}
}

// sells offers selling 1 up to every share the viewer may sell (the host
// sells shown shares only).
func (ms *moveList) sells(step string, seat int, id string) {
	s := ms.s
	held := s.Held(seat, id)
	if ms.viewer == engine.Host {
		held = s.Visible(seat, id)
	}
	if held == 0 {
		return
	}
	m := newMove(step, seat, "sell-"+id, fmt.Sprintf("Sell %s (%s a share)", s.coName(id), engine.Dollars(s.Price(id))), CmdSell,
		map[string]any{"seat": seat, "company": id, "count": 1})
	if !ms.accepts(m) {
		return
	}
	m.Data = mustJSON(map[string]any{"seat": seat, "company": id})
	m.Fields = []engine.Field{{Name: "count", Label: "Shares", Min: 1, Max: held, Value: 1}}
	m.Concerns = []string{id}
	// Selling is rarer than buying: folded, so the buys and the card (board
	// mode) or "End my turn" (bank mode, on a phone) stay on the first
	// screen; with shares in five companies the sells pushed "End my turn"
	// to y 797 of a 740 px phone. The host, who trades for the table in
	// bank mode, keeps them in view.
	if step == StepAction || ms.viewer != engine.Host {
		m.Minor, m.Group = true, "Sell shares"
	}
	ms.out = append(ms.out, m)
}

// meetings offers a stockholders' meeting of a company with the caller as
// nominee (nominating oneself is accepting), and the other players as
// rarer nominees; the CEO in office is never nominated. Board mode shows
// them as a line of the action step; bank mode, where trading is the
// everyday move, folds them all.
func (ms *moveList) meetings(step string, seat int, id string) {
	s := ms.s
	c := s.company(id)
	if c == nil || !c.Active {
		return
	}
	order := []int{seat} // the caller first: the nominee by default
	for n := range s.Seats {
		if n != seat {
			order = append(order, n)
		}
	}
	for _, n := range order {
		if n == c.CEO {
			continue
		}
		who := "yourself"
		if ms.viewer == engine.Host {
			who = s.name(seat)
		}
		if n != seat {
			who = s.name(n)
		}
		label := fmt.Sprintf("Call a meeting of %s: %s for CEO", c.Name, who)
		if m := ms.try(step, seat, fmt.Sprintf("meeting-%s-%d", id, n), label, CmdMeeting, map[string]any{"company": id, "nominee": n}); m != nil {
			m.Concerns = []string{id}
			if step != StepAction {
				m.Minor, m.Group = true, "Call a stockholders' meeting"
				continue
			}
			if n != seat {
				m.Minor, m.Group = true, "Meeting: someone else for CEO"
				continue
			}
			m.Row = &engine.Row{Key: "meeting", Head: "Meeting", Note: who + " for CEO", Mark: badgeOf(*c), Short: c.Name}
		}
	}
}
