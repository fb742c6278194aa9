// Package scorelog keeps the table's history: people who come back game after
// game, every play with its scores, and the statistics, leaderboards and
// exports made from them. It lives beside the tracker on the same database;
// finished Tableside games land here through [Recorder].
package scoring

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"tableside/engine"
)

// Scoring says how a game decides who won.
type Scoring string

// The ways a game can score.
const (
	High    Scoring = "high"    // points, the highest total wins
	Low     Scoring = "low"     // points, the lowest total wins (golf-style)
	WinLose Scoring = "winlose" // no points: each player won or lost
	Ranks   Scoring = "ranks"   // no points: the finishing order only
)

// Scorings lists every scoring, in the order forms offer them.
var Scorings = []Scoring{High, Low, WinLose, Ranks}

// Valid reports whether s is one of the known scorings.
func (s Scoring) Valid() bool {
	for _, x := range Scorings {
		if s == x {
			return true
		}
	}
	return false
}

// Points reports whether plays of this scoring have points.
func (s Scoring) Points() bool { return s == High || s == Low }

// Label names the scoring for people.
func (s Scoring) Label() string {
	switch s {
	case High:
		return "Points, highest wins"
	case Low:
		return "Points, lowest wins"
	case WinLose:
		return "Win or lose only"
	case Ranks:
		return "Finishing order only"
	}
	return string(s)
}

// better reports whether score a beats score b under s.
func (s Scoring) better(a, b int) bool {
	if s == Low {
		return a < b
	}
	return a > b
}

// Person is someone who plays at the table, game after game.
type Person struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Colour string `json:"colour,omitempty"`
}

// Play is one game played: who played, and how it ended.
type Play struct {
	ID      int64    `json:"-"`
	Key     string   `json:"key"`            // stable name of the play in exports
	Game    string   `json:"game"`           // the board game's title
	Date    string   `json:"date"`           // YYYY-MM-DD
	Time    string   `json:"time,omitempty"` // HH:MM, or empty
	Minutes int      `json:"minutes,omitempty"`
	Place   string   `json:"place,omitempty"`
	Scoring Scoring  `json:"scoring"`
	Notes   string   `json:"notes,omitempty"`
	GameID  int64    `json:"tablesideGame,omitempty"` // the Tableside game it was recorded from
	Deleted string   `json:"deleted,omitempty"`       // when it was deleted (RFC 3339); empty when in the log
	Players []Player `json:"players"`
}

// Player is one person's result in a play.
type Player struct {
	PersonID  int64          `json:"-"`
	Name      string         `json:"name"`
	Colour    string         `json:"colour,omitempty"`
	Score     *int           `json:"score,omitempty"` // nil when the game has no points
	Rank      int            `json:"rank"`
	Winner    bool           `json:"winner"`
	Start     bool           `json:"start,omitempty"` // the start player
	Breakdown map[string]int `json:"breakdown,omitempty"`
}

// When is the play's date and time for sorting and charts (local wall clock
// read as UTC; it is never converted).
func (p Play) When() time.Time {
	t, err := time.Parse("2006-01-02 15:04", p.Date+" "+p.Time)
	if err != nil {
		t, _ = time.Parse(DateLayout, p.Date)
	}
	return t
}

// Winners lists the names of the play's winners.
func (p Play) Winners() []string {
	var w []string
	for _, pl := range p.Players {
		if pl.Winner {
			w = append(w, pl.Name)
		}
	}
	return w
}

// Has reports whether the person played in p.
func (p Play) Has(personID int64) (Player, bool) {
	for _, pl := range p.Players {
		if pl.PersonID == personID {
			return pl, true
		}
	}
	return Player{}, false
}

// A play's limits, counted in characters. The league (league.Play.Check)
// holds a pushed play to these same numbers, on the table before it sends
// and on the hub at its door, so the two never disagree on a play.
const (
	DateLayout = "2006-01-02"
	TimeLayout = "15:04"
	MaxGame    = 80
	maxPlace   = 80
	maxNotes   = 2000
	MaxPlayers = 20
	MaxMinutes = 7 * 24 * 60
	MaxScore   = 1_000_000_000
)

// The patterns are compiled on first use, not at every start of the binary.
var (
	keyRE    = lazyRE(`^[A-Za-z0-9_-]{1,40}$`)
	colourRE = lazyRE(`^#[0-9a-f]{6}$`)
	partRE   = lazyRE(`^[A-Za-z0-9 _./-]{1,40}$`)
)

// ValidKey reports whether s can be a play's key.
func ValidKey(s string) bool { return keyRE().MatchString(s) }

// ValidColour reports whether s is a colour as a play stores it (#1d6b4f).
func ValidColour(s string) bool { return colourRE().MatchString(s) }

func lazyRE(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

// Normalize checks a play and fills in what follows from it: trimmed text,
// ranks from the scores, and the winners of a points game when none was
// chosen. A refusal names the rule and leaves p unusable.
func Normalize(p *Play) error {
	p.Game = strings.TrimSpace(p.Game)
	p.Place = strings.TrimSpace(p.Place)
	p.Notes = strings.TrimSpace(p.Notes)
	p.Date, p.Time = strings.TrimSpace(p.Date), strings.TrimSpace(p.Time)
	switch {
	case p.Key != "" && !keyRE().MatchString(p.Key):
		return engine.Refuse("play-key", "A play's key is 1 to 40 letters, digits, - or _; %q is not.", p.Key)
	case p.Game == "":
		return engine.Refuse("play-game", "Say which game was played.")
	case utf8.RuneCountInString(p.Game) > MaxGame:
		return engine.Refuse("play-game", "A game's title is at most %d characters.", MaxGame)
	case utf8.RuneCountInString(p.Place) > maxPlace:
		return engine.Refuse("play-place", "A place is at most %d characters.", maxPlace)
	case utf8.RuneCountInString(p.Notes) > maxNotes:
		return engine.Refuse("play-notes", "Notes are at most %d characters.", maxNotes)
	case !p.Scoring.Valid():
		return engine.Refuse("play-scoring", "Scoring %q is not one of high, low, winlose, ranks.", p.Scoring)
	case p.Minutes < 0 || p.Minutes > MaxMinutes:
		return engine.Refuse("play-minutes", "A play lasts 0 (unknown) to %d minutes, not %d.", MaxMinutes, p.Minutes)
	case len(p.Players) == 0:
		return engine.Refuse("play-players", "A play needs at least one player.")
	case len(p.Players) > MaxPlayers:
		return engine.Refuse("play-players", "A play has at most %d players.", MaxPlayers)
	}
	if err := CheckText("play-game", "A game's title", p.Game, false); err != nil {
		return err
	}
	if err := CheckText("play-place", "A place", p.Place, false); err != nil {
		return err
	}
	if err := CheckText("play-notes", "Notes", p.Notes, true); err != nil {
		return err
	}
	if _, err := time.Parse(DateLayout, p.Date); err != nil {
		return engine.Refuse("play-date", "The date %q is not a date like 2026-11-22.", p.Date)
	}
	if p.Time != "" {
		if _, err := time.Parse(TimeLayout, p.Time); err != nil || len(p.Time) != 5 {
			return engine.Refuse("play-time", "The time %q is not a time like 20:15.", p.Time)
		}
	}
	if err := normalizePlayers(p); err != nil {
		return err
	}
	return rankPlayers(p)
}

// normalizePlayers checks each player's name, colour and breakdown.
func normalizePlayers(p *Play) error {
	seen := map[string]bool{}
	starts := 0
	for i := range p.Players {
		pl := &p.Players[i]
		pl.Name = strings.TrimSpace(pl.Name)
		pl.Colour = strings.ToLower(strings.TrimSpace(pl.Colour))
		if err := CheckName(pl.Name); err != nil {
			return err
		}
		if pl.Colour != "" && !colourRE().MatchString(pl.Colour) {
			return engine.Refuse("person-colour", "%s's colour %q is not a colour like #1d6b4f.", pl.Name, pl.Colour)
		}
		if seen[strings.ToLower(pl.Name)] {
			return engine.Refuse("play-player-twice", "%s is in the play twice.", pl.Name)
		}
		seen[strings.ToLower(pl.Name)] = true
		if pl.Start {
			starts++
		}
		if len(pl.Breakdown) == 0 {
			pl.Breakdown = nil
		}
		for k, v := range pl.Breakdown {
			if !partRE().MatchString(k) {
				return engine.Refuse("play-breakdown", "%s's breakdown names a part %q; parts are 1 to 40 letters, digits, spaces, _ . / -.", pl.Name, k)
			}
			if v > MaxScore || v < -MaxScore {
				return engine.Refuse("play-breakdown", "%s's %s is out of range.", pl.Name, k)
			}
		}
		if pl.Score != nil && (*pl.Score > MaxScore || *pl.Score < -MaxScore) {
			return engine.Refuse("play-score", "%s's score is out of range.", pl.Name)
		}
	}
	if starts > 1 {
		return engine.Refuse("play-start-player", "Only one player can be the start player.")
	}
	return nil
}

// CheckName refuses a name a person cannot have: empty, longer than 40
// characters, or holding a control character (NUL, ESC, a line break) or a
// bidirectional mark or override, which would let a name hide or reorder
// the text around it on every screen and in every export. The rules are the
// engine's, shared with the names of seats and games.
func CheckName(name string) error {
	if name == "" {
		return engine.Refuse("person-name", "Every player needs a name.")
	}
	if _, err := engine.CheckName(fmt.Sprintf("The name %.20q", name), name); err != nil {
		return err
	}
	return nil
}

// badRune finds the first rune free text may not hold: invalid UTF-8, a
// control character (line breaks and tabs allowed only when lines is set) or
// a bidirectional control, which reorders what is shown around it.
func badRune(s string, lines bool) (rune, bool) {
	if !utf8.ValidString(s) {
		return utf8.RuneError, true
	}
	for _, r := range s {
		switch {
		case lines && (r == '\n' || r == '\r' || r == '\t'):
		case unicode.IsControl(r), unicode.Is(unicode.Bidi_Control, r):
			return r, true
		}
	}
	return 0, false
}

// CheckText refuses invisible characters in a play's free text.
func CheckText(rule, what, s string, lines bool) error {
	if r, bad := badRune(s, lines); bad {
		return engine.Refuse(rule, "%s cannot hold the invisible character %U; type it again.", what, r)
	}
	return nil
}

// rankPlayers fills ranks and winners according to the scoring:
//   - points: every player needs a score; when nobody is marked as winner the
//     best score wins (ties share the win); ranks come from winner first, then
//     score, so a tie broken by the game's own rule keeps its winner on top;
//   - win/lose: winners are chosen; they rank 1, the others after them;
//   - ranks: every player needs a rank from 1 to the number of players; rank 1 wins.
//
// Ranks already given (all of them) are kept when they are possible.
func rankPlayers(p *Play) error {
	n := len(p.Players)
	given := true
	for _, pl := range p.Players {
		if pl.Rank == 0 {
			given = false
		}
		if pl.Rank < 0 || pl.Rank > n {
			return engine.Refuse("play-rank", "%s's rank %d is not between 1 and %d.", pl.Name, pl.Rank, n)
		}
	}
	switch p.Scoring {
	case High, Low:
		anyWinner := false
		for _, pl := range p.Players {
			if pl.Score == nil {
				return engine.Refuse("play-score", "%s needs a score: %s is a points game.", pl.Name, p.Game)
			}
			anyWinner = anyWinner || pl.Winner
		}
		if !anyWinner {
			best := *p.Players[0].Score
			for _, pl := range p.Players {
				if p.Scoring.better(*pl.Score, best) {
					best = *pl.Score
				}
			}
			for i := range p.Players {
				p.Players[i].Winner = *p.Players[i].Score == best
			}
		}
		if !given {
			p.rank()
		}
	case WinLose:
		for _, pl := range p.Players {
			if pl.Score != nil {
				return engine.Refuse("play-no-points", "%s is scored win or lose only: %s's score has no place.", p.Game, pl.Name)
			}
		}
		if !given {
			p.rank()
		}
	case Ranks:
		if !given {
			return engine.Refuse("play-rank", "%s is scored by finishing order: every player needs a rank.", p.Game)
		}
		anyWinner := false
		for _, pl := range p.Players {
			if pl.Score != nil {
				return engine.Refuse("play-no-points", "%s is scored by finishing order only: %s's score has no place.", p.Game, pl.Name)
			}
			anyWinner = anyWinner || pl.Winner
		}
		if !anyWinner {
			for i := range p.Players {
				p.Players[i].Winner = p.Players[i].Rank == 1
			}
		}
	}
	return nil
}

// Result is the play as a game's result: its points (none in a game
// without points, so only the winners stand apart), its winners, and which
// end of the scores wins.
func (p *Play) Result() engine.Result {
	r := engine.Result{LowWins: p.Scoring == Low}
	for i, pl := range p.Players {
		sc := engine.Score{Seat: i, Winner: pl.Winner}
		if pl.Score != nil {
			sc.Points = *pl.Score
		}
		r.Scores = append(r.Scores, sc)
	}
	return r
}

// rank gives every player the rank the game's result gives them
// (engine.Result.Ranks, the one ranking of a finished game).
func (p *Play) rank() {
	for i, rk := range p.Result().Ranks() {
		p.Players[i].Rank = rk
	}
}
