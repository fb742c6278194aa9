package scorepages

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"tableside/engine"
	"tableside/scoring"
)

// BGStatsCreatePlay is BG Stats' documented address for pushing a play: the
// app (or its web page) opens with the play filled in, from the URL-encoded
// JSON in "data", and shows it to the player before anything is saved.
const BGStatsCreatePlay = "https://app.bgstatsapp.com/createPlay.html?data="

// bgStatsSource is the sourceName every pushed play carries: BG Stats
// remembers, per source, how it matched games and players, so it never
// changes.
const bgStatsSource = "Tableside"

// bgStatsPlay is a play in BG Stats' push format. Every field BG Stats'
// apps read as required is always written (the Android app stops with "No
// value for winner" when a player's flag is missing), each with the JSON type
// BG Stats publishes (a score is a number), and only the optional ones
// (durationMin, location, comments, bggId, a player's score) are left out
// when unknown.
type bgStatsPlay struct {
	SourceName   string          `json:"sourceName"`
	SourcePlayID string          `json:"sourcePlayId"`
	PlayDate     string          `json:"playDate"`              // UTC, "2026-11-20 19:30:00"
	DurationMin  int             `json:"durationMin,omitempty"` // left out when the length is unknown (0)
	Location     string          `json:"location,omitempty"`
	Comments     string          `json:"comments,omitempty"` // the play's notes
	Game         bgStatsGame     `json:"game"`
	Players      []bgStatsPlayer `json:"players"`
}

type bgStatsGame struct {
	Name         string `json:"name"`
	BGGID        int    `json:"bggId,omitempty"` // a JSON number: a quoted id crashes the iOS app
	SourceGameID string `json:"sourceGameId"`
	HighestWins  bool   `json:"highestWins"`
	NoPoints     bool   `json:"noPoints"`
}

type bgStatsPlayer struct {
	Name           string `json:"name"`
	SourcePlayerID string `json:"sourcePlayerId"`
	Score          *int   `json:"score,omitempty"` // a number; left out in a game without points
	Rank           int    `json:"rank"`
	Winner         bool   `json:"winner"`
	StartPlayer    bool   `json:"startPlayer"`
}

// bgStatsGameRef is how BG Stats is told which game a play was: the
// Tableside engine's kind when there is one (a stable sourceGameId) and its
// BoardGameGeek id when it is a published game (engine.Catalogued).
type bgStatsGameRef struct {
	Kind  string // "" for a game no engine plays (a score pad, a play logged by hand)
	BGGID int
}

// bgStatsGameOf finds the engine of a play: the Tableside game it was
// recorded from (a score pad counts as no engine: the host named the game),
// else the engine whose title the play's game has.
func (s *Pages) bgStatsGameOf(ctx context.Context, p scoring.Play) bgStatsGameRef {
	var rules engine.Rules
	if p.GameID != 0 {
		if info, err := s.tracker.Info(ctx, p.GameID); err == nil && info.Kind != "scorepad" {
			rules, _ = s.tracker.Rules(info.Kind)
		}
	}
	if rules == nil {
		for _, r := range s.tracker.Kinds() {
			if r.Kind() != "scorepad" && strings.EqualFold(r.Title(), p.Game) {
				rules = r
			}
		}
	}
	if rules == nil {
		return bgStatsGameRef{}
	}
	ref := bgStatsGameRef{Kind: rules.Kind()}
	if c, ok := rules.(engine.Catalogued); ok {
		ref.BGGID = c.BGGID()
	}
	return ref
}

// bgStatsLink is the "Send to BG Stats" link for a play: the play's key as
// its sourcePlayId (the same play pushed twice is one play), every person's
// score log id as their sourcePlayerId (the same across evenings), the date
// and time in UTC, and the game's direction and points. Players are in the
// play's order (the order the end screen's QR codes are captioned in).
func bgStatsLink(p scoring.Play, g bgStatsGameRef) (string, error) {
	out := bgStatsPlay{SourceName: bgStatsSource, SourcePlayID: p.Key, PlayDate: bgStatsDate(p), DurationMin: p.Minutes, Location: p.Place,
		Comments: p.Notes,
		Game: bgStatsGame{Name: p.Game, BGGID: g.BGGID, SourceGameID: bgStatsGameID(p.Game, g.Kind),
			HighestWins: p.Scoring != scoring.Low, NoPoints: !p.Scoring.Points()}}
	for _, pl := range p.Players {
		out.Players = append(out.Players, bgStatsPlayer{Name: pl.Name, SourcePlayerID: "person-" + strconv.FormatInt(pl.PersonID, 10),
			Score: pl.Score, Rank: pl.Rank, Winner: pl.Winner, StartPlayer: pl.Start})
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", fmt.Errorf("BG Stats link for play %s: %w", p.Key, err)
	}
	return BGStatsCreatePlay + url.QueryEscape(string(b)), nil
}

// bgStatsGameID is a stable sourceGameId: "tableside-KIND" for a game an
// engine plays, else "title-" and the title in lower case, so every play of
// one game matches the same BG Stats game.
func bgStatsGameID(title, kind string) string {
	if kind != "" {
		return "tableside-" + kind
	}
	return "title-" + strings.ToLower(strings.Join(strings.Fields(title), " "))
}

// bgStatsDate is the play's date and time in UTC as BG Stats reads it. The
// score log keeps the table's wall clock, read here in the server's zone; a
// play with no time is put at midday, which stays on its date in UTC.
func bgStatsDate(p scoring.Play) string {
	clock := p.Time
	if clock == "" {
		clock = "12:00"
	}
	t, err := time.ParseInLocation("2006-01-02 15:04", p.Date+" "+clock, time.Local)
	if err != nil {
		return p.Date + " 12:00:00"
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}

// BGStatsLink is a play's "Send to BG Stats" link, its game found in this
// table's engines (the end screen's QR codes carry it too).
func (s *Pages) BGStatsLink(ctx context.Context, p scoring.Play) (string, error) {
	return bgStatsLink(p, s.bgStatsGameOf(ctx, p))
}
