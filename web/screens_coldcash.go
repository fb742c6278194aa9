package web

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/coldcash"
)

// Cold Cash Risk's own screens: its page's look, a seat's cards, cash and
// shares in words for the laptop's open hand, the last battle and an open
// merger as cues, and in board mode the map panel beside the sheet
// (coldcash_panel.go), which puts the game on a map.
func init() {
	register(viewScreens[coldcash.View]{wrap: "coldcash", hand: coldcashHand, cues: coldcashCues, panel: coldcashBoard,
		battle: coldcashBattle, standing: ccCash}, "coldcash")
}

func coldcashCues(v coldcash.View) liveCues {
	c := liveCues{Merger: v.Merger != nil}
	if v.Table != nil {
		c.Battle = fingerprint(v.Table.Last)
	}
	return c
}

// coldcashBoard is the board-mode panel, or nil (an interface holding no
// panel, so a page's Board reads as none) in bank mode.
func coldcashBoard(s *Server, id int64, v coldcash.View, sheet engine.Sheet, viewer engine.Viewer, sel, from string) (any, error) {
	p, err := s.ccBoard(id, v, sheet, viewer, sel, from)
	if p == nil || err != nil {
		return nil, err
	}
	return p, nil
}

func coldcashHand(v coldcash.View) []string {
	var out []string
	if v.Table != nil && v.Table.AppDeck {
		var cards []string
		for _, c := range v.Table.Hand {
			cards = append(cards, c.Name)
		}
		out = append(out, "Cards: "+listOrNone(cards))
	}
	if v.Me != nil {
		var shares []string
		for _, h := range v.Me.Holdings {
			if h.Visible+h.Hidden == 0 {
				continue
			}
			s := fmt.Sprintf("%s %d", h.Name, h.Visible+h.Hidden)
			if h.Hidden > 0 {
				s += fmt.Sprintf(" (%d hidden)", h.Hidden)
			}
			shares = append(shares, s)
		}
		out = append(out, "Cash: "+Money(v.Me.Cash), "Shares: "+listOrNone(shares))
	}
	return out
}

// coldcashBattle tells the newest battle of a hostile takeover.
func coldcashBattle(v coldcash.View) *battleMoment {
	if v.Table == nil || v.Table.Last == nil || len(v.Table.Last.Rolls) == 0 {
		return nil
	}
	b := v.Table.Last
	m := fromRolls(b.Rolls, b.Taken)
	m.Attacker, m.AttColour = companySide(v, b.Attacker)
	m.Defender, m.DefColour = "the Mom & Pop", "die-none"
	if b.Defender != "" {
		m.Defender, m.DefColour = companySide(v, b.Defender)
	}
	m.From, m.To = territoryName(v.Table, b.From), territoryName(v.Table, b.To)
	m.Key = fmt.Sprintf("%s-%s-%s-%d-%s", b.Attacker, b.From, b.To, len(b.Rolls), facesKey(m.AttDice, m.DefDice))
	return m
}

// companySide names a company and its CEO ("Festival (Ben)") and gives its
// colour class.
func companySide(v coldcash.View, id string) (string, string) {
	for _, c := range v.Companies {
		if c.ID == id {
			if c.CEOName != "" {
				return c.Name + " (" + c.CEOName + ")", "co-" + id
			}
			return c.Name, "co-" + id
		}
	}
	return id, "co-" + id
}

// territoryName is a Cold Cash Risk territory's name.
func territoryName(t *coldcash.TableView, id string) string {
	for _, x := range t.Territories {
		if x.ID == id {
			return x.Name
		}
	}
	return id
}
