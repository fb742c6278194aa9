package web

import (
	"encoding/json"
	"fmt"

	"tableside/draw"
	"tableside/engine"
	"tableside/engine/coldcash"
)

// ccPanel is the board-mode screen around the map: the map itself and the
// engine's move sheet narrowed to the territory tapped (sel) and the one an
// attack or a move starts from (from). The sheet lists every pair; the
// panel only draws the ones that concern the tap.
type ccPanel struct {
	Sel, From *coldcash.TerritoryView
	Hint      string
	Step      string
	Map       draw.WorldMap
	Acts      []ccAct
	// Open: the host types each player's first card (the table keeps the
	// deck); the sheet has no move for it.
	Open bool
	// Buy, Sell and Meeting are the sheet's trades and meetings, drawn as
	// the panel's forms (companies in the sheet's order).
	Buy, Sell, Meeting []coldcash.CompanyView
	Nominees           []ccNominee
	Seat               int // the seat acting, for the trade forms
	// Real is the territory attacked whose battle the table may roll with
	// real dice; MomPop the Mom & Pop attacked before its defence die is
	// rolled, whose real die the table may type.
	Real, MomPop *coldcash.TerritoryView
	// Restructure lists each company whose earnings the viewer chooses,
	// with its territories, for the up-to-three-moves form.
	Restructure []ccCompanyLand
}

// ccNominee is a player the meeting form may nominate; the caller first.
type ccNominee struct {
	Seat int
	Name string
}

// ccCompanyLand is a company and the territories it holds.
type ccCompanyLand struct {
	Company string
	Name    string
	Land    []coldcash.TerritoryView
}

// ccAct is one button as the page draws it: a command form, or a link that
// selects the territory an attack or a move starts from.
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

// coldcashPanel builds the panel for a board-mode view from the viewer's
// move sheet, or nil.
func coldcashPanel(id int64, view any, sheet engine.Sheet, viewer engine.Viewer, sel, from string) *ccPanel {
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
	p := &ccPanel{Sel: terrs[sel], From: terrs[from], Step: sheet.Step, Seat: t.Acting, Map: buildMap(id, t, sel, from)}
	p.Open = viewer.IsHost() && t.Phase == coldcash.PhaseOpening && !t.AppDeck && !v.Over
	f := ccFilter{p: p, id: id, v: v, viewer: viewer, sel: sel, from: from, terrs: terrs}
	for _, m := range sheet.Moves {
		f.draw(m)
	}
	if f.wantTap && len(p.Acts) == 0 || f.wantTap && sel == "" {
		p.Hint = sheet.Hint
	}
	return p
}

// ccFilter narrows the sheet to the panel's tap.
type ccFilter struct {
	p         *ccPanel
	id        int64
	v         coldcash.View
	viewer    engine.Viewer
	sel, from string
	terrs     map[string]*coldcash.TerritoryView
	fromLinks map[string]bool
	lands     map[string]bool
	wantTap   bool // some moves wait for a tap on the map
}

// draw adds one move of the sheet to the panel, if it concerns the tap.
func (f *ccFilter) draw(m engine.Move) {
	p := f.p
	switch m.Type {
	case coldcash.CmdHide, coldcash.CmdDispose, coldcash.CmdTradeConfirm, coldcash.CmdTradeReject:
		return // the shares card, the merger wizard and the request card
	case coldcash.CmdConsent, coldcash.CmdAccept, coldcash.CmdVote, coldcash.CmdDefend:
		if !f.viewer.IsHost() {
			return // a phone answers on its decision card
		}
	case coldcash.CmdBuy:
		p.Buy = addCompany(p.Buy, f.v, m)
		return
	case coldcash.CmdSell:
		p.Sell = addCompany(p.Sell, f.v, m)
		return
	case coldcash.CmdMeeting:
		f.meeting(m)
		return
	case coldcash.CmdPlace:
		f.wantTap = true
		if m.To == f.sel {
			f.act(m, "place", "")
		}
		return
	case coldcash.CmdAttack, coldcash.CmdMove:
		f.wantTap = true
		f.fromTo(m, "Attack or move from ")
		return
	case coldcash.CmdRestructure:
		f.land(m)
		f.fromTo(m, "Restructure from ")
		return
	case coldcash.CmdHire:
		if m.To != "" {
			f.wantTap = true
			if m.To == f.sel {
				f.act(m, "hire-"+companyOf(m), "")
			}
			return
		}
	case coldcash.CmdSkip:
		f.land(m)
	case coldcash.CmdOccupy:
		f.expand(m, "occupy", "Move %d in", "")
		return
	}
	f.act(m, m.ID, "")
}

// act adds a button for m, with id as its page id.
func (f *ccFilter) act(m engine.Move, id, keep string) {
	a := ccAct{ID: id, Label: m.Label, Type: m.Type, Data: string(m.Data), Keep: keep, Class: "primary"}
	if m.Minor {
		a.Class = "secondary"
	}
	f.p.Acts = append(f.p.Acts, a)
}

// fromTo draws an attack, a free move or a restructure: its buttons once
// both ends are tapped, else a link that starts from the territory tapped.
func (f *ccFilter) fromTo(m engine.Move, link string) {
	p := f.p
	switch {
	case f.from != "" && m.From == f.from && m.To == f.sel:
		keep := "?from=" + f.from + "&t=" + f.sel
		switch {
		case m.Type == coldcash.CmdAttack:
			id := "attack"
			if m.Minor {
				id = "blitz"
			}
			label := m.Label
			if m.Chance != nil {
				label += fmt.Sprintf(" · %.0f%% to take it", 100**m.Chance)
			}
			m.Label = label
			f.act(m, id, keep)
			if to := f.terrs[m.To]; to.State == "mompop" && to.Teams == 0 {
				p.MomPop = to
			} else if !m.Minor {
				p.Real = to
			}
		case m.Type == coldcash.CmdMove:
			f.expand(m, "move", "Free move: %d to "+f.terrs[m.To].Name+", ending the attacks", "")
		default:
			f.expand(m, "restructure", m.Label+": %d", "")
		}
	case f.from == "" && m.From == f.sel && f.sel != "":
		if f.fromLinks == nil {
			f.fromLinks = map[string]bool{}
		}
		if f.fromLinks[m.From] {
			return
		}
		f.fromLinks[m.From] = true
		p.Acts = append(p.Acts, ccAct{ID: "from", Label: link + f.terrs[m.From].Name, Href: fmt.Sprintf("/games/%d?from=%s#panel", f.id, m.From), Class: "primary"})
	}
}

// expand draws a move whose count is a field as one button per count
// (the six smallest and the largest), as the table taps them.
func (f *ccFilter) expand(m engine.Move, id, label, keep string) {
	if len(m.Fields) != 1 {
		return
	}
	fd := m.Fields[0]
	for n := fd.Min; n <= fd.Max; n++ {
		if n-fd.Min >= 6 && n != fd.Max {
			continue
		}
		data := map[string]json.RawMessage{}
		json.Unmarshal(m.Data, &data) // a move's data is a JSON object the engine made
		data[fd.Name], _ = json.Marshal(n)
		raw, _ := json.Marshal(data)
		f.p.Acts = append(f.p.Acts, ccAct{ID: fmt.Sprintf("%s-%d", id, n), Label: fmt.Sprintf(label, n), Type: m.Type, Data: string(raw), Keep: keep, Class: "primary"})
	}
}

// land adds the company a restructure or a skip is for to the panel's
// restructure forms, once.
func (f *ccFilter) land(m engine.Move) {
	c := companyOf(m)
	if f.lands == nil {
		f.lands = map[string]bool{}
	}
	if f.lands[c] {
		return
	}
	f.lands[c] = true
	cl := ccCompanyLand{Company: c}
	for _, cv := range f.v.Companies {
		if cv.ID == c {
			cl.Name = cv.Name
		}
	}
	for _, tv := range f.v.Table.Territories {
		if tv.Company == c {
			cl.Land = append(cl.Land, tv)
		}
	}
	f.p.Restructure = append(f.p.Restructure, cl)
}

// meeting adds a meeting's company and nominee to the meeting form.
func (f *ccFilter) meeting(m engine.Move) {
	p := f.p
	p.Meeting = addCompany(p.Meeting, f.v, m)
	var d struct {
		Nominee int `json:"nominee"`
	}
	json.Unmarshal(m.Data, &d) // a move's data is a JSON object the engine made
	for _, n := range p.Nominees {
		if n.Seat == d.Nominee {
			return
		}
	}
	name := ""
	if d.Nominee >= 0 && d.Nominee < len(f.v.Players) {
		name = f.v.Players[d.Nominee].Name
	}
	p.Nominees = append(p.Nominees, ccNominee{Seat: d.Nominee, Name: name})
}

// addCompany adds the company m concerns to list, once.
func addCompany(list []coldcash.CompanyView, v coldcash.View, m engine.Move) []coldcash.CompanyView {
	c := companyOf(m)
	for _, x := range list {
		if x.ID == c {
			return list
		}
	}
	for _, cv := range v.Companies {
		if cv.ID == c {
			return append(list, cv)
		}
	}
	return list
}

// companyOf is the company a move's data names.
func companyOf(m engine.Move) string {
	var d struct {
		Company string `json:"company"`
	}
	json.Unmarshal(m.Data, &d) // a move's data is a JSON object the engine made
	return d.Company
}

// engineMoves asks the game once for everything v may do now (engine.Mover);
// ok is false for a game that does not list its moves (a test game).
func engineMoves(rules engine.Rules, st engine.State, v engine.Viewer) (sheet engine.Sheet, ok bool) {
	if mv, ok := rules.(engine.Mover); ok {
		return mv.Moves(st, v), true
	}
	return engine.Sheet{}, false
}
