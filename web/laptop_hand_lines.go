package web

import (
	"fmt"
	"strings"

	"tableside/engine/cashcrash"
	"tableside/engine/coldcash"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/takeover"
)

// handLines says a seat's private hand in words, from that seat's own view:
// the cards it holds, its hidden shares, its coins or its stake. Only the
// seat's own view is read, so nothing of another seat can be said here.
func handLines(view any) []string {
	switch v := view.(type) {
	case coldcash.View:
		return coldcashHand(v)
	case conquest.View:
		return conquestHand(v)
	case pctw.View:
		return conquestHand(v.View)
	case takeover.View:
		return takeoverHand(v)
	case cashcrash.View:
		return cashcrashHand(v)
	}
	return nil
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

func conquestHand(v conquest.View) []string {
	var cards []string
	for _, c := range v.Hand {
		cards = append(cards, c.Label)
	}
	return []string{"Cards: " + listOrNone(cards)}
}

func takeoverHand(v takeover.View) []string {
	if v.Me == nil {
		return nil
	}
	var coins []string
	for _, c := range v.Me.Coins {
		coins = append(coins, c.Label)
	}
	return []string{"Coins: " + listOrNone(coins), fmt.Sprintf("Cash: %d", v.Me.Cash)}
}

func cashcrashHand(v cashcrash.View) []string {
	if v.Me == nil {
		return nil
	}
	say := func(cs []cashcrash.CardView) string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Text)
		}
		return listOrNone(out)
	}
	return []string{"Hand: " + say(v.Me.Hand), "Staked: " + say(v.Me.Staked)}
}

// listOrNone joins a list for a line, or says there is nothing.
func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
