package web

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
)

// ccPanel is the board-mode screen around the map: the map itself, the
// territory tapped, and the moves that make sense for it now. The engine
// still decides every move; the panel only offers the likely ones.
type ccPanel struct {
	Map     worldMap
	Sel     *coldcash.TerritoryView
	From    *coldcash.TerritoryView
	Acts    []ccAct
	Hint    string
	CanAct  bool   // the viewer acts for the player on turn (their phone, or the host)
	Actor   int    // the seat acting
	Step    string // the activity step or the phase
	Buy     bool   // show the buy and sell forms
	Meeting bool   // show the meeting form
	Open    bool   // show the opening bell form (the table's deck)
	Real    *coldcash.TerritoryView
	// MomPop is the Mom & Pop attacked before its defence die is rolled:
	// the table may type the face of its real die instead.
	MomPop *coldcash.TerritoryView
	// Restructure lists each company waiting in the earnings phase with
	// its territories, for the up-to-three-moves form.
	Restructure []ccCompanyLand
}

// ccCompanyLand is a company and the territories it holds.
type ccCompanyLand struct {
	Company string
	Name    string
	Land    []coldcash.TerritoryView
}

// ccAct is one button: a command with its data.
type ccAct struct {
	Label string
	Type  string
	Data  string // JSON
	Href  string // a link instead of a command
	Keep  string // the selection to come back to after the command ("?from=X&t=Y")
	ID    string
	Class string
}

// ccLandForm is a company's land with its game, for the template.
type ccLandForm struct {
	ID int64
	C  ccCompanyLand
}

// ccActForm is a button with its game, for the template.
type ccActForm struct {
	ID int64
	A  ccAct
}

func act(id, label, typ string, data map[string]any) ccAct {
	b, _ := json.Marshal(data)
	return ccAct{ID: id, Label: label, Type: typ, Data: string(b), Class: "primary"}
}

// coldcashPanel builds the panel for a board-mode view, or nil.
func coldcashPanel(id int64, view any, viewer engine.Viewer, sel, from string) *ccPanel {
	v, ok := view.(coldcash.View)
	if !ok || v.Table == nil {
		return nil
	}
	t := v.Table
	terrs := map[string]*coldcash.TerritoryView{}
	for i := range t.Territories {
		terrs[t.Territories[i].ID] = &t.Territories[i]
	}
	if terrs[sel] == nil {
		sel = ""
	}
	if terrs[from] == nil || from == sel {
		from = ""
	}
	p := &ccPanel{Map: buildMap(id, t, sel, from), Sel: terrs[sel], From: terrs[from], Actor: t.Acting, Step: t.Step}
	p.CanAct = !v.Over && (viewer.IsHost() || viewer.Seat == t.Acting)
	if t.Phase == coldcash.PhaseEarnings {
		p.Step = "earnings"
	}
	co := map[string]coldcash.CompanyView{}
	for _, c := range v.Companies {
		co[c.ID] = c
	}
	switch {
	case v.Over || v.Merger != nil:
		return p
	case t.Phase == coldcash.PhaseOpening:
		if viewer.IsHost() {
			if t.AppDeck {
				p.Acts = append(p.Acts, act("open", "Ring the opening bell: deal the first cards", "open", nil))
			} else {
				p.Open = true
			}
		}
		return p
	case t.Defence != nil:
		if viewer.IsHost() {
			p.Acts = append(p.Acts, act("defend-1", "Defend with 1 die", "defend", map[string]any{"dice": 1}),
				act("defend-2", "Defend with 2 dice", "defend", map[string]any{"dice": 2}))
		}
		return p
	// A phone answers a proposal or a meeting on its decision card (the
	// engine's Choices); the panel offers the answers on the laptop only,
	// for players without a phone.
	case t.Proposal != nil:
		for _, c := range t.Proposal.Waiting {
			if viewer.IsHost() {
				p.Acts = append(p.Acts, act("agree-"+c, "Agree: "+co[c].Name+" merges", "consent", map[string]any{"company": c, "agree": true}),
					act("refuse-"+c, "Refuse for "+co[c].Name, "consent", map[string]any{"company": c, "agree": false}))
			}
		}
		return p
	case t.Meeting != nil:
		m := t.Meeting
		if !m.Accepted {
			if viewer.IsHost() {
				p.Acts = append(p.Acts, act("accept", "Accept the nomination", "accept", map[string]any{"accept": true}),
					act("decline", "Decline", "accept", map[string]any{"accept": false}))
			}
			return p
		}
		for _, s := range m.Voters {
			if _, done := m.Votes[s]; done || !viewer.IsHost() {
				continue
			}
			who := v.Players[s].Name
			p.Acts = append(p.Acts, act(fmt.Sprintf("vote-for-%d", s), who+": vote for", "vote", map[string]any{"seat": s, "for": true}),
				act(fmt.Sprintf("vote-against-%d", s), who+": vote against", "vote", map[string]any{"seat": s, "for": false}))
		}
		return p
	}
	if !p.CanAct {
		return p
	}
	if t.Phase == coldcash.PhaseEarnings {
		p.earnings(v, co)
		return p
	}
	if t.Takeover != nil {
		p.takeover(t)
		return p
	}
	switch t.Step {
	case coldcash.StepPlace:
		if t.MayClose && t.Ending == board.EndStandard {
			p.Acts = append(p.Acts, ccAct{ID: "declare", Label: "Ring the closing bell: end the game", Type: "declare", Data: "{}", Class: "secondary"})
		}
		switch {
		case p.Sel != nil && p.Sel.State == "empty":
			p.Acts = append(p.Acts, act("place", "Place a Mom & Pop in "+p.Sel.Name, "place", map[string]any{"territory": sel}))
		default:
			p.Hint = "Tap an empty territory to place a Mom & Pop."
		}
		if !t.AppDeck {
			p.Acts = append(p.Acts, ccAct{ID: "noplace", Label: "No card fits: places no more", Type: "noplace", Data: "{}", Class: "secondary"})
		}
	case coldcash.StepOutcome:
		o := t.Options
		if o != nil && o.Found {
			for _, c := range v.Companies {
				if !c.Active {
					p.Acts = append(p.Acts, act("found-"+c.ID, "Found "+c.Name+" ("+c.Tier+")", "found", map[string]any{"company": c.ID}))
				}
			}
		}
		if o != nil {
			for _, c := range o.Bordering {
				p.Acts = append(p.Acts, act("absorb-"+c, "Absorb into "+co[c].Name, "absorb", map[string]any{"company": c}))
			}
			if o.Merge {
				p.Acts = append(p.Acts, mergeActs(o.Bordering, co)...)
			} else if o.MergeWhy != "" {
				p.Hint = "No merger here: " + o.MergeWhy
			}
		}
		p.Acts = append(p.Acts, ccAct{ID: "leave", Label: "Leave it a Mom & Pop", Type: "leave", Data: "{}", Class: "secondary"})
	case coldcash.StepAction:
		if v.Acted == "" && t.Action == "" {
			for _, c := range v.Companies {
				if c.Active && c.CEO == t.Acting {
					// The everyday buy and sell come first; a takeover is the
					// rarer, bigger move.
					a := act("takeover-"+c.ID, "Hostile takeover with "+c.Name, "takeover", map[string]any{"company": c.ID})
					a.Class = "secondary"
					p.Acts = append(p.Acts, a)
				}
			}
			p.Meeting = true
		}
		p.Buy = t.Action == "" || t.Action == "buy" || t.Action == "sell"
		p.Acts = append(p.Acts, ccAct{ID: "draw", Label: "Take a card: end the turn", Type: "draw", Data: "{}", Class: "primary"})
	}
	return p
}

// takeover offers the next moves of a hostile takeover.
func (p *ccPanel) takeover(t *coldcash.TableView) {
	tk := t.Takeover
	if q := tk.Conquest; q != nil {
		for n := q.Min; n <= q.Max; n++ {
			if n-q.Min >= 6 && n != q.Max {
				continue
			}
			p.Acts = append(p.Acts, act(fmt.Sprintf("occupy-%d", n), fmt.Sprintf("Move %d in", n), "occupy", map[string]any{"teams": n}))
		}
		return
	}
	own := func(tv *coldcash.TerritoryView) bool { return tv != nil && tv.State == "corp" && tv.Company == tk.Corp }
	switch {
	case p.From != nil && p.Sel != nil && own(p.From) && !own(p.Sel) && p.Sel.State != "empty" && !tk.Moved:
		f := map[string]any{"from": p.From.ID, "to": p.Sel.ID}
		keep := "?from=" + p.From.ID + "&t=" + p.Sel.ID
		a := act("attack", "Attack "+p.Sel.Name+" from "+p.From.Name, "attack", f)
		a.Keep = keep
		p.Acts = append(p.Acts, a)
		if p.Sel.State == "mompop" && p.Sel.Teams == 0 {
			a.Label = "Attack " + p.Sel.Name + ": the app rolls its defence die"
			p.Acts[len(p.Acts)-1] = a
			p.MomPop = p.Sel
		} else {
			b := act("blitz", "Blitz: roll to the end", "attack", map[string]any{"from": p.From.ID, "to": p.Sel.ID, "blitz": true})
			b.Keep = keep
			p.Acts = append(p.Acts, b)
			p.Real = p.Sel
		}
	case p.From != nil && own(p.From) && own(p.Sel) && !tk.Moved:
		for n := 1; n < p.From.Teams && n <= 6; n++ {
			p.Acts = append(p.Acts, act(fmt.Sprintf("move-%d", n), fmt.Sprintf("Free move: %d to %s", n, p.Sel.Name), "move",
				map[string]any{"from": p.From.ID, "to": p.Sel.ID, "teams": n}))
		}
	case own(p.Sel) && p.Sel.Teams >= 2:
		p.Acts = append(p.Acts, ccAct{ID: "from", Label: "Attack or move from " + p.Sel.Name, Href: fmt.Sprintf("/games/%d?from=%s#panel", p.Map.GameID, p.Sel.ID), Class: "primary"})
	default:
		p.Hint = "Tap one of your territories with 2 or more teams, then the territory to attack."
	}
	p.Acts = append(p.Acts, ccAct{ID: "takeover-end", Label: "End the takeover", Type: "takeover.end", Data: "{}", Class: "secondary"})
}

// earnings offers each waiting company's four choices.
func (p *ccPanel) earnings(v coldcash.View, co map[string]coldcash.CompanyView) {
	t := v.Table
	sizes := map[string]coldcash.SizeView{}
	for _, s := range t.Sizes {
		sizes[s.Company] = s
	}
	for _, c := range t.Pending {
		name, sz := co[c].Name, sizes[c]
		cl := ccCompanyLand{Company: c, Name: name}
		for _, tv := range t.Territories {
			if tv.Company == c {
				cl.Land = append(cl.Land, tv)
			}
		}
		p.Restructure = append(p.Restructure, cl)
		p.Acts = append(p.Acts, act("dividends-"+c, fmt.Sprintf("%s: pay dividends (%s a share)", name, engine.Dollars(co[c].Dividend)), "dividends", map[string]any{"company": c}))
		if p.Sel != nil && p.Sel.Company == c {
			p.Acts = append(p.Acts, act("hire-"+c, fmt.Sprintf("%s: hire %d teams in %s", name, sz.Hire, p.Sel.Name), "hire",
				map[string]any{"company": c, "place": map[string]int{p.Sel.ID: sz.Hire}}))
		} else if sz.Hire > 0 {
			p.Hint = fmt.Sprintf("Tap one of %s's territories to hire its %d teams there.", name, sz.Hire)
		} else {
			p.Acts = append(p.Acts, act("hire-"+c, name+": hire (0 teams)", "hire", map[string]any{"company": c, "place": map[string]int{}}))
		}
		p.Acts = append(p.Acts, act("downsize-"+c, fmt.Sprintf("%s: downsize %d teams, double dividends", name, sz.Hire), "downsize",
			map[string]any{"company": c, "remove": firing(t, c, sz.Hire)}))
		if p.From != nil && p.Sel != nil && p.From.Company == c && p.Sel.Company == c {
			for n := 1; n < p.From.Teams && n <= 6; n++ {
				p.Acts = append(p.Acts, act(fmt.Sprintf("restructure-%d", n), fmt.Sprintf("%s: restructure, %d from %s to %s", name, n, p.From.Name, p.Sel.Name), "restructure",
					map[string]any{"company": c, "moves": []map[string]any{{"from": p.From.ID, "to": p.Sel.ID, "teams": n}}}))
			}
		} else if p.Sel != nil && p.Sel.Company == c && p.Sel.Teams >= 2 {
			p.Acts = append(p.Acts, ccAct{ID: "from", Label: "Restructure from " + p.Sel.Name, Href: fmt.Sprintf("/games/%d?from=%s#panel", p.Map.GameID, p.Sel.ID), Class: "secondary"})
		}
		p.Acts = append(p.Acts, ccAct{ID: "skip-" + c, Label: name + ": do nothing", Type: "skip", Data: fmt.Sprintf(`{"company":%q}`, c), Class: "secondary"})
	}
}

// firing picks the teams a downsize fires: from the largest stacks first,
// each territory keeping one.
func firing(t *coldcash.TableView, c string, n int) map[string]int {
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
func mergeActs(bordering []string, co map[string]coldcash.CompanyView) []ccAct {
	var names []string
	for _, c := range bordering {
		names = append(names, co[c].Name)
	}
	var acts []ccAct
	for _, order := range mergeOrders(bordering, co) {
		label := "Propose a merger of " + engine.JoinNames(names)
		if len(mergeOrders(bordering, co)) > 1 {
			var rest []string
			for _, c := range order[1:] {
				rest = append(rest, co[c].Name)
			}
			label += " (" + co[order[0]].Name + " survives; then " + strings.Join(rest, ", ") + ")"
		}
		acts = append(acts, act("merge-"+strings.Join(order, "-"), label, "merge", map[string]any{"companies": order}))
	}
	return acts
}

// mergeOrders lists every order of the corporations that sorts them
// largest first: one order unless sizes are equal.
func mergeOrders(corps []string, co map[string]coldcash.CompanyView) [][]string {
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
