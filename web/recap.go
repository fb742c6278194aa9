package web

import (
	"fmt"
	"strings"

	"tableside/engine"
)

// recapLine is one line of a finished game's recap: what it tells, then
// the line ("The longest odds that held", "Ana's attack on Peru: …").
type recapLine struct{ Label, Text string }

// recapOf is the game in review, as the TV shows it between games, before
// Play again: the ties of the final standings, the game's moments as its
// printed record tells them (engine.Highlighter: Cold Cash's biggest
// merger and every coup), the luckiest battle (the longest odds that
// held) and the unluckiest, and each player's luck against the exact odds
// (the read models the timeline and the end screen use: readmodel.Luck).
// Nil for a game still in play, and when there is nothing to tell.
func recapOf(rules engine.Rules, st engine.State, r *resultView) []recapLine {
	if r == nil {
		return nil
	}
	var out []recapLine
	for _, tie := range ties(r.Rows) {
		out = append(out, recapLine{"A tie", tie})
	}
	if h, ok := rules.(engine.Highlighter); ok {
		for _, l := range h.Highlights(st) {
			label, text, ok := strings.Cut(l, ": ")
			if !ok {
				label, text = "", l
			}
			out = append(out, recapLine{label, text})
		}
	}
	if l := r.Luck; l != nil {
		if l.Luckiest != "" {
			out = append(out, recapLine{"The longest odds that held", l.Luckiest})
		}
		if l.Unluckiest != "" {
			out = append(out, recapLine{"The unluckiest battle", l.Unluckiest})
		}
		if l.Line != "" {
			out = append(out, recapLine{"Luck against the exact odds", l.Line})
		}
	}
	return out
}

// ties says each place the final standings share: "Ana and Ben share 2nd
// place with 28,600".
func ties(rows []resultRow) []string {
	var out []string
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].Rank == rows[i].Rank {
			j++
		}
		if j-i > 1 {
			var names []string
			for _, r := range rows[i:j] {
				names = append(names, r.Name)
			}
			out = append(out, fmt.Sprintf("%s share place %d with %s", engine.JoinNames(names), rows[i].Rank, engine.Thousands(rows[i].Points)))
		}
		i = j
	}
	return out
}
