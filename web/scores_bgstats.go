package web

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"

	"tableside/tracker/scorelog"
)

// bgStatsCreatePlay is BG Stats' documented address for pushing a play: the
// app (or its web page) opens with the play filled in, from the URL-encoded
// JSON in "data".
const bgStatsCreatePlay = "https://app.bgstatsapp.com/createPlay.html?data="

// bgStatsPlay is a play in BG Stats' push format.
type bgStatsPlay struct {
	SourceName  string          `json:"sourceName"`
	PlayDate    string          `json:"playDate"` // "2026-11-20 19:30:00"
	DurationMin int             `json:"durationMin,omitempty"`
	Location    *bgStatsName    `json:"location,omitempty"`
	Game        bgStatsName     `json:"game"`
	Players     []bgStatsPlayer `json:"players"`
}

type bgStatsName struct {
	Name string `json:"name"`
}

type bgStatsPlayer struct {
	Name        string `json:"name"`
	Score       string `json:"score,omitempty"`
	Rank        int    `json:"rank,omitempty"`
	Winner      bool   `json:"winner"`
	StartPlayer bool   `json:"startPlayer"`
}

// bgStatsLink is the "Send to BG Stats" link for a play: its game, date
// and time, duration, place and every player's score, rank, win and start.
func bgStatsLink(p scorelog.Play) (string, error) {
	when := p.Date + " 00:00:00"
	if p.Time != "" {
		when = p.Date + " " + p.Time + ":00"
	}
	out := bgStatsPlay{SourceName: "Tableside", PlayDate: when, DurationMin: p.Minutes, Game: bgStatsName{Name: p.Game}}
	if p.Place != "" {
		out.Location = &bgStatsName{Name: p.Place}
	}
	for _, pl := range p.Players {
		bp := bgStatsPlayer{Name: pl.Name, Rank: pl.Rank, Winner: pl.Winner, StartPlayer: pl.Start}
		if pl.Score != nil {
			bp.Score = strconv.Itoa(*pl.Score)
		}
		out.Players = append(out.Players, bp)
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", fmt.Errorf("BG Stats link for play %s: %w", p.Key, err)
	}
	return bgStatsCreatePlay + url.QueryEscape(string(b)), nil
}
