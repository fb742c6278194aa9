package web

import (
	"fmt"

	"tableside/draw"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/risk"
)

// The RISK family's own screens: classic RISK (conquest.View) and
// Piecepack Conquers the World (pctw.View) share the look, a seat's cards in
// words for the laptop's open hand, the last battle as a cue, and the map,
// which each draws from its own board.
func init() {
	register(viewScreens[conquest.View]{wrap: "cq", onMap: true, battleBeside: true, hand: conquestHand,
		cues: func(v conquest.View) liveCues { return liveCues{Battle: fingerprint(v.Last)} }, drawing: riskMap, battle: conquestBattle}, "risk")
	register(viewScreens[pctw.View]{wrap: "cq", onMap: true, battleBeside: true, hand: func(v pctw.View) []string { return conquestHand(v.View) },
		cues: func(v pctw.View) liveCues { return liveCues{Battle: fingerprint(v.Last)} }, drawing: pctwMap,
		battle: func(v pctw.View) *battleMoment { return conquestBattle(v.View) }}, "pctw")
}

// riskMap draws classic RISK's board (draw.ConquestMap) on the world map.
func riskMap(v conquest.View) *draw.MapDrawing {
	b := conquestBoard(v)
	for _, br := range risk.Classic().Borders() {
		b.Borders = append(b.Borders, [2]int{int(br[0]), int(br[1])})
	}
	return draw.ConquestMap(b)
}

// pctwMap draws Piecepack Conquers the World's board on its grid of tiles.
func pctwMap(v pctw.View) *draw.MapDrawing {
	b := conquestBoard(v.View)
	g := &draw.Grid{Cols: v.Grid.Cols, Rows: v.Grid.Rows, Wraps: v.Grid.Wraps}
	for _, c := range v.Grid.Cells {
		g.Cells = append(g.Cells, draw.Cell{Territory: c.Territory, Col: c.Col, Row: c.Row})
	}
	b.Grid = g
	return draw.ConquestMap(b)
}

// conquestBoard is a view's territories, players and continents as the
// drawing takes them.
func conquestBoard(v conquest.View) draw.Board {
	var b draw.Board
	for _, t := range v.Territories {
		b.Lands = append(b.Lands, draw.Land{ID: t.ID, Name: t.Name, Continent: t.Continent, Owner: t.Owner, Armies: t.Armies})
	}
	for _, p := range v.Players {
		b.Owners = append(b.Owners, draw.Owner{Name: p.Name, Colour: p.Colour, Letter: p.Letter})
	}
	for _, c := range v.Continents {
		b.Continents = append(b.Continents, c.Name)
	}
	return b
}

// seatName is a player's name by index, or "nobody".
func seatName(ps []conquest.PlayerView, i int) string {
	if i < 0 || i >= len(ps) {
		return "nobody"
	}
	return ps[i].Name
}

func conquestHand(v conquest.View) []string {
	var cards []string
	for _, c := range v.Hand {
		cards = append(cards, c.Label)
	}
	return []string{"Cards: " + listOrNone(cards)}
}

// conquestBattle tells the RISK family's last battle.
func conquestBattle(v conquest.View) *battleMoment {
	b := v.Last
	if b == nil || len(b.Rolls) == 0 || b.To < 0 || b.To >= len(v.Territories) || b.From < 0 || b.From >= len(v.Territories) {
		return nil
	}
	m := fromRolls(b.Rolls, b.Conquered)
	m.Attacker, m.Defender = seatName(v.Players, b.Attacker), seatName(v.Players, b.Defender)
	m.AttColour, m.DefColour = playerColour(v.Players, b.Attacker), playerColour(v.Players, b.Defender)
	m.From, m.To = v.Territories[b.From].Name, v.Territories[b.To].Name
	m.Key = fmt.Sprintf("%d-%d-%d-%d-%s", b.Attacker, b.From, b.To, len(b.Rolls), facesKey(m.AttDice, m.DefDice))
	return m
}

// playerColour is a RISK-family player's colour class.
func playerColour(ps []conquest.PlayerView, i int) string {
	if i < 0 || i >= len(ps) {
		return "die-none"
	}
	return "cq-" + ps[i].Colour
}
