package coldcash

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"tableside/engine"
	"tableside/engine/coldcash/board"
)

// BoardMoves is what the board-mode screen offers a viewer now: the
// territory tapped (sel), the one an attack or a move starts from, and the
// moves that make sense there. Decide still judges every command; this
// offers only what the rules allow at this step, the everyday moves first.
type BoardMoves struct {
	Sel    *TerritoryView `json:"sel,omitempty"`
	From   *TerritoryView `json:"from,omitempty"`
	Moves  []Move         `json:"moves"`
	Hint   string         `json:"hint,omitempty"`
	CanAct bool           `json:"canAct"` // the viewer acts for the player on turn (their phone, or the host)
	Actor  int            `json:"actor"`  // the seat acting
	Step   string         `json:"step"`   // the activity step or the phase
	// Buy, Meeting and Open say which of the screen's forms apply now: the
	// share trade, the stockholders' meeting, the opening bell (when the
	// table keeps its own deck).
	Buy     bool `json:"buy"`
	Meeting bool `json:"meeting"`
	Open    bool `json:"open"`
	// Real is the territory attacked whose battle the table may roll with
	// real dice; MomPop the Mom & Pop attacked before its defence die is
	// rolled, whose real die the table may type.
	Real   *TerritoryView `json:"real,omitempty"`
	MomPop *TerritoryView `json:"momPop,omitempty"`
	// Restructure lists each company waiting in the earnings phase with
	// its territories, for the up-to-three-moves form.
	Restructure []CompanyLand `json:"restructure,omitempty"`
}

// CompanyLand is a company and the territories it holds.
type CompanyLand struct {
	Company string          `json:"company"`
	Name    string          `json:"name"`
	Land    []TerritoryView `json:"land"`
}

// Move is one button of the board screen: a command, or (From set) the
// choice of a territory to attack or move from.
type Move struct {
	engine.Choice
	Minor bool   `json:"minor,omitempty"` // a rarer move, drawn as a secondary button
	From  string `json:"from,omitempty"`  // no command: start an attack or a move from this territory
	// Keep says the screen keeps the selection after the command: an
	// attack may go on from the same territory.
	Keep bool `json:"keep,omitempty"`
}

func move(id, label, typ string, data map[string]any) Move {
	var raw json.RawMessage
	if data != nil {
		raw, _ = json.Marshal(data)
	} else {
		raw = json.RawMessage("{}")
	}
	return Move{Choice: engine.Choice{ID: id, Label: label, Type: typ, Data: raw}}
}

func minor(id, label, typ string, data map[string]any) Move {
	m := move(id, label, typ, data)
	m.Minor = true
	return m
}

// BoardMoves works out the board screen's moves from v, the view the
// engine gave viewer, around the territories tapped; nil outside board
// mode.
func (v View) BoardMoves(viewer engine.Viewer, sel, from string) *BoardMoves {
	if v.Table == nil {
		return nil
	}
	t := v.Table
	terrs := map[string]*TerritoryView{}
	for i := range t.Territories {
		terrs[t.Territories[i].ID] = &t.Territories[i]
	}
	if terrs[sel] == nil {
		sel = ""
	}
	if terrs[from] == nil || from == sel {
		from = ""
	}
	p := &BoardMoves{Sel: terrs[sel], From: terrs[from], Actor: t.Acting, Step: t.Step}
	p.CanAct = !v.Over && (viewer.IsHost() || viewer.Seat == t.Acting)
	if t.Phase == PhaseEarnings {
		p.Step = "earnings"
	}
	co := map[string]CompanyView{}
	for _, c := range v.Companies {
		co[c.ID] = c
	}
	switch {
	case v.Over || v.Merger != nil:
		return p
	case t.Phase == PhaseOpening:
		if viewer.IsHost() {
			if t.AppDeck {
				p.Moves = append(p.Moves, move("open", "Ring the opening bell: deal the first cards", "open", nil))
			} else {
				p.Open = true
			}
		}
		return p
	case t.Defence != nil:
		if viewer.IsHost() {
			p.Moves = append(p.Moves, move("defend-1", "Defend with 1 die", "defend", map[string]any{"dice": 1}),
				move("defend-2", "Defend with 2 dice", "defend", map[string]any{"dice": 2}))
		}
		return p
	// A phone answers a proposal or a meeting on its decision card (the
	// engine's Choices); the panel offers the answers on the laptop only,
	// for players without a phone.
	case t.Proposal != nil:
		for _, c := range t.Proposal.Waiting {
			if viewer.IsHost() {
				p.Moves = append(p.Moves, move("agree-"+c, "Agree: "+co[c].Name+" merges", "consent", map[string]any{"company": c, "agree": true}),
					move("refuse-"+c, "Refuse for "+co[c].Name, "consent", map[string]any{"company": c, "agree": false}))
			}
		}
		return p
	case t.Meeting != nil:
		m := t.Meeting
		if !m.Accepted {
			if viewer.IsHost() {
				p.Moves = append(p.Moves, move("accept", "Accept the nomination", "accept", map[string]any{"accept": true}),
					move("decline", "Decline", "accept", map[string]any{"accept": false}))
			}
			return p
		}
		for _, s := range m.Voters {
			if _, done := m.Votes[s]; done || !viewer.IsHost() {
				continue
			}
			who := v.Players[s].Name
			p.Moves = append(p.Moves, move(fmt.Sprintf("vote-for-%d", s), who+": vote for", "vote", map[string]any{"seat": s, "for": true}),
				move(fmt.Sprintf("vote-against-%d", s), who+": vote against", "vote", map[string]any{"seat": s, "for": false}))
		}
		return p
	}
	if !p.CanAct {
		return p
	}
	if t.Phase == PhaseEarnings {
		p.earnings(v, co)
		return p
	}
	if t.Takeover != nil {
		p.takeover(t)
		return p
	}
	switch t.Step {
	case StepPlace:
		if t.MayClose && t.Ending == board.EndStandard {
			p.Moves = append(p.Moves, minor("declare", "Ring the closing bell: end the game", "declare", nil))
		}
		switch {
		case p.Sel != nil && p.Sel.State == "empty":
			p.Moves = append(p.Moves, move("place", "Place a Mom & Pop in "+p.Sel.Name, "place", map[string]any{"territory": sel}))
		default:
			p.Hint = "Tap an empty territory to place a Mom & Pop."
		}
		if !t.AppDeck {
			p.Moves = append(p.Moves, minor("noplace", "No card fits: places no more", "noplace", nil))
		}
	case StepOutcome:
		o := t.Options
		if o != nil && o.Found {
			for _, c := range v.Companies {
				if !c.Active {
					p.Moves = append(p.Moves, move("found-"+c.ID, "Found "+c.Name+" ("+c.Tier+")", "found", map[string]any{"company": c.ID}))
				}
			}
		}
		if o != nil {
			for _, c := range o.Bordering {
				p.Moves = append(p.Moves, move("absorb-"+c, "Absorb into "+co[c].Name, "absorb", map[string]any{"company": c}))
			}
			if o.Merge {
				p.Moves = append(p.Moves, mergeActs(o.Bordering, co)...)
			} else if o.MergeWhy != "" {
				p.Hint = "No merger here: " + o.MergeWhy
			}
		}
		p.Moves = append(p.Moves, minor("leave", "Leave it a Mom & Pop", "leave", nil))
	case StepAction:
		if v.Acted == "" && t.Action == "" {
			for _, c := range v.Companies {
				if c.Active && c.CEO == t.Acting {
					// The everyday buy and sell come first; a takeover is the
					// rarer, bigger move.
					p.Moves = append(p.Moves, minor("takeover-"+c.ID, "Hostile takeover with "+c.Name, "takeover", map[string]any{"company": c.ID}))
				}
			}
			p.Meeting = true
		}
		p.Buy = t.Action == "" || t.Action == "buy" || t.Action == "sell"
		p.Moves = append(p.Moves, move("draw", "Take a card: end the turn", "draw", nil))
	}
	return p
}

// takeover offers the next moves of a hostile takeover.
func (p *BoardMoves) takeover(t *TableView) {
	tk := t.Takeover
	if q := tk.Conquest; q != nil {
		for n := q.Min; n <= q.Max; n++ {
			if n-q.Min >= 6 && n != q.Max {
				continue
			}
			p.Moves = append(p.Moves, move(fmt.Sprintf("occupy-%d", n), fmt.Sprintf("Move %d in", n), "occupy", map[string]any{"teams": n}))
		}
		return
	}
	own := func(tv *TerritoryView) bool { return tv != nil && tv.State == "corp" && tv.Company == tk.Corp }
	switch {
	case p.From != nil && p.Sel != nil && own(p.From) && !own(p.Sel) && p.Sel.State != "empty" && !tk.Moved:
		f := map[string]any{"from": p.From.ID, "to": p.Sel.ID}
		a := move("attack", "Attack "+p.Sel.Name+" from "+p.From.Name, "attack", f)
		a.Keep = true
		p.Moves = append(p.Moves, a)
		if p.Sel.State == "mompop" && p.Sel.Teams == 0 {
			a.Label = "Attack " + p.Sel.Name + ": the app rolls its defence die"
			p.Moves[len(p.Moves)-1] = a
			p.MomPop = p.Sel
		} else {
			b := move("blitz", "Blitz: roll to the end", "attack", map[string]any{"from": p.From.ID, "to": p.Sel.ID, "blitz": true})
			b.Keep = true
			p.Moves = append(p.Moves, b)
			p.Real = p.Sel
		}
	case p.From != nil && own(p.From) && own(p.Sel) && !tk.Moved:
		for n := 1; n < p.From.Teams && n <= 6; n++ {
			p.Moves = append(p.Moves, move(fmt.Sprintf("move-%d", n), fmt.Sprintf("Free move: %d to %s", n, p.Sel.Name), "move",
				map[string]any{"from": p.From.ID, "to": p.Sel.ID, "teams": n}))
		}
	case own(p.Sel) && p.Sel.Teams >= 2:
		p.Moves = append(p.Moves, Move{Choice: engine.Choice{ID: "from", Label: "Attack or move from " + p.Sel.Name}, From: p.Sel.ID})
	default:
		p.Hint = "Tap one of your territories with 2 or more teams, then the territory to attack."
	}
	p.Moves = append(p.Moves, minor("takeover-end", "End the takeover", "takeover.end", nil))
}

// earnings offers each waiting company's four choices.
func (p *BoardMoves) earnings(v View, co map[string]CompanyView) {
	t := v.Table
	sizes := map[string]SizeView{}
	for _, s := range t.Sizes {
		sizes[s.Company] = s
	}
	for _, c := range t.Pending {
		name, sz := co[c].Name, sizes[c]
		cl := CompanyLand{Company: c, Name: name}
		for _, tv := range t.Territories {
			if tv.Company == c {
				cl.Land = append(cl.Land, tv)
			}
		}
		p.Restructure = append(p.Restructure, cl)
		p.Moves = append(p.Moves, move("dividends-"+c, fmt.Sprintf("%s: pay dividends (%s a share)", name, engine.Dollars(co[c].Dividend)), "dividends", map[string]any{"company": c}))
		if p.Sel != nil && p.Sel.Company == c {
			p.Moves = append(p.Moves, move("hire-"+c, fmt.Sprintf("%s: hire %d teams in %s", name, sz.Hire, p.Sel.Name), "hire",
				map[string]any{"company": c, "place": map[string]int{p.Sel.ID: sz.Hire}}))
		} else if sz.Hire > 0 {
			p.Hint = fmt.Sprintf("Tap one of %s's territories to hire its %d teams there.", name, sz.Hire)
		} else {
			p.Moves = append(p.Moves, move("hire-"+c, name+": hire (0 teams)", "hire", map[string]any{"company": c, "place": map[string]int{}}))
		}
		p.Moves = append(p.Moves, move("downsize-"+c, downsizeLabel(name, sz), "downsize",
			map[string]any{"company": c, "remove": firing(t, c, sz.Hire)}))
		if p.From != nil && p.Sel != nil && p.From.Company == c && p.Sel.Company == c {
			for n := 1; n < p.From.Teams && n <= 6; n++ {
				p.Moves = append(p.Moves, move(fmt.Sprintf("restructure-%d", n), fmt.Sprintf("%s: restructure, %d from %s to %s", name, n, p.From.Name, p.Sel.Name), "restructure",
					map[string]any{"company": c, "moves": []map[string]any{{"from": p.From.ID, "to": p.Sel.ID, "teams": n}}}))
			}
		} else if p.Sel != nil && p.Sel.Company == c && p.Sel.Teams >= 2 {
			p.Moves = append(p.Moves, Move{Choice: engine.Choice{ID: "from", Label: "Restructure from " + p.Sel.Name}, From: p.Sel.ID, Minor: true})
		}
		p.Moves = append(p.Moves, minor("skip-"+c, name+": do nothing", "skip", map[string]any{"company": c}))
	}
}

// downsizeLabel names a company's downsize. With a hire count of 0 the
// rules still allow it (it fires its hire count, none, and pays double), so
// the label says why rather than read like a mistake.
func downsizeLabel(name string, sz SizeView) string {
	if sz.Hire > 0 {
		return fmt.Sprintf("%s: downsize %d teams, double dividends", name, sz.Hire)
	}
	return fmt.Sprintf("%s: downsize, double dividends; no team is fired, as its hire count is 0 (%s), which the rules allow", name, sz.HireWhy)
}

// firing picks the teams a downsize fires: from the largest stacks first,
// each territory keeping one.
func firing(t *TableView, c string, n int) map[string]int {
	type stack struct {
		id    string
		teams int
	}
	var st []stack
	for _, tv := range t.Territories {
		if tv.Company == c && tv.Teams > 1 {
			st = append(st, stack{tv.ID, tv.Teams})
		}
	}
	out := map[string]int{}
	for ; n > 0; n-- {
		sort.SliceStable(st, func(i, j int) bool { return st[i].teams > st[j].teams })
		if len(st) == 0 || st[0].teams < 2 {
			break
		}
		out[st[0].id]++
		st[0].teams--
	}
	return out
}

// mergeActs offers the merger through a Mom & Pop: every bordering
// corporation joins it. The largest survives and the others are handled
// largest first; where sizes are equal the placer chooses, so each choice
// (the survivor among the largest, the order among equal absorbed ones)
// gets its own button.
func mergeActs(bordering []string, co map[string]CompanyView) []Move {
	var names []string
	for _, c := range bordering {
		names = append(names, co[c].Name)
	}
	var acts []Move
	for _, order := range mergeOrders(bordering, co) {
		label := "Propose a merger of " + engine.JoinNames(names)
		if len(mergeOrders(bordering, co)) > 1 {
			var rest []string
			for _, c := range order[1:] {
				rest = append(rest, co[c].Name)
			}
			label += " (" + co[order[0]].Name + " survives; then " + strings.Join(rest, ", ") + ")"
		}
		acts = append(acts, move("merge-"+strings.Join(order, "-"), label, "merge", map[string]any{"companies": order}))
	}
	return acts
}

// mergeOrders lists every order of the corporations that sorts them
// largest first: one order unless sizes are equal.
func mergeOrders(corps []string, co map[string]CompanyView) [][]string {
	var out [][]string
	var walk func(done, left []string)
	walk = func(done, left []string) {
		if len(left) == 0 {
			out = append(out, slices.Clone(done))
			return
		}
		largest := 0
		for _, c := range left {
			largest = max(largest, co[c].Size)
		}
		for i, c := range left {
			if co[c].Size != largest {
				continue
			}
			rest := append(slices.Clone(left[:i]), left[i+1:]...)
			walk(append(done, c), rest)
		}
	}
	walk(nil, corps)
	return out
}
