package web

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/coldcash"
)

// ccPanel is the board-mode screen around the map: the map itself and the
// moves the engine offers for the territory tapped (coldcash.BoardMoves).
type ccPanel struct {
	*coldcash.BoardMoves
	Map  worldMap
	Acts []ccAct
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
	C  coldcash.CompanyLand
}

// ccActForm is a button with its game, for the template.
type ccActForm struct {
	ID int64
	A  ccAct
}

// coldcashPanel builds the panel for a board-mode view, or nil.
func coldcashPanel(id int64, view any, viewer engine.Viewer, sel, from string) *ccPanel {
	v, ok := view.(coldcash.View)
	if !ok || v.Table == nil {
		return nil
	}
	bm := v.BoardMoves(viewer, sel, from)
	p := &ccPanel{BoardMoves: bm, Map: buildMap(id, v.Table, idOf(bm.Sel), idOf(bm.From))}
	for _, m := range bm.Moves {
		p.Acts = append(p.Acts, drawMove(id, bm, m))
	}
	return p
}

// drawMove turns an engine move into a button: links carry the selection,
// forms the command.
func drawMove(id int64, bm *coldcash.BoardMoves, m coldcash.Move) ccAct {
	a := ccAct{ID: m.ID, Label: m.Label, Type: m.Type, Data: string(m.Data), Class: "primary"}
	if m.Minor {
		a.Class = "secondary"
	}
	if m.From != "" {
		a.Href = fmt.Sprintf("/games/%d?from=%s#panel", id, m.From)
	}
	if m.Keep && bm.From != nil && bm.Sel != nil {
		a.Keep = "?from=" + bm.From.ID + "&t=" + bm.Sel.ID
	}
	return a
}

func idOf(t *coldcash.TerritoryView) string {
	if t == nil {
		return ""
	}
	return t.ID
}
