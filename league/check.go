package league

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"tableside/engine"
	"tableside/scoring"
)

// A play's limits. The text and number limits are the score log's own
// (counted in characters, never bytes), so a play the score log took is a
// play the league takes; the rest are what both of the hub's stores hold
// (PostgreSQL's INTEGER is 32 bits, its TEXT holds no NUL). The table checks
// a play with Check before it sends it and the hub at its door: one
// definition, used by both.
const (
	MaxTitle   = scoring.MaxGame    // characters
	MaxKind    = 40                 // a game kind's name, letters, digits, - or _
	MaxLuck    = 200                // characters of the line about the dice
	MaxPlayers = scoring.MaxPlayers // people in one play
	MaxMinutes = scoring.MaxMinutes
	MaxScore   = scoring.MaxScore // either sign
	MaxVersion = math.MaxInt32    // PostgreSQL's INTEGER
)

// PlayError is a play the league refuses: which play, which field and why.
// It wraps ErrBadPlay. The hub answers it as a 422 naming both, and the
// table sets that play aside with the reason for its host.
type PlayError struct {
	Play  string `json:"play"`
	Field string `json:"field"`
	Why   string `json:"error"`
}

func (e *PlayError) Error() string {
	return fmt.Sprintf("play %.40q, %s: %s", e.Play, e.Field, e.Why)
}

func (e *PlayError) Unwrap() error { return ErrBadPlay }

// AsPlayError finds the PlayError in err.
func AsPlayError(err error) (*PlayError, bool) {
	var pe *PlayError
	ok := errors.As(err, &pe)
	return pe, ok
}

// The patterns are compiled on first use, not at every start of the binary.
var (
	idRE   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`) })
	kindRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]{0,40}$`) })
	timeRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`) })
)

// Check refuses a play the league must not store, naming the field.
func (p Play) Check() error {
	if err := p.checkPlay(); err != nil {
		return err
	}
	return p.checkPlayers()
}

func (p Play) bad(field, format string, a ...any) error {
	return &PlayError{Play: p.ID, Field: field, Why: fmt.Sprintf(format, a...)}
}

func (p Play) checkPlay() error {
	switch {
	case !idRE().MatchString(p.ID):
		return p.bad("id", "a play's id is 1 to 40 letters, digits, - or _")
	case p.Version < 1 || p.Version > MaxVersion:
		return p.bad("version", "version %d; versions run from 1 to %d", p.Version, MaxVersion)
	case !kindRE().MatchString(p.Kind):
		return p.bad("kind", "a game kind is at most %d letters, digits, - or _", MaxKind)
	case strings.TrimSpace(p.Title) == "":
		return p.bad("title", "the game's title is empty")
	case utf8.RuneCountInString(p.Title) > MaxTitle:
		return p.bad("title", "the game's title is %d characters; at most %d", utf8.RuneCountInString(p.Title), MaxTitle)
	case utf8.RuneCountInString(p.Luck) > MaxLuck:
		return p.bad("luck", "the line about the dice is %d characters; at most %d", utf8.RuneCountInString(p.Luck), MaxLuck)
	case p.Minutes < 0 || p.Minutes > MaxMinutes:
		return p.bad("minutes", "%d minutes; a play lasts 0 (unknown) to %d", p.Minutes, MaxMinutes)
	case !scoring.Scoring(p.Scoring).Valid():
		return p.bad("scoring", "scoring %.20q is not one of high, low, winlose, ranks", p.Scoring)
	case len(p.Players) == 0 || len(p.Players) > MaxPlayers:
		return p.bad("players", "%d players; a play has 1 to %d", len(p.Players), MaxPlayers)
	case p.Time != "" && !timeRE().MatchString(p.Time):
		return p.bad("time", "time %.20q is not a time like 20:15", p.Time)
	}
	if _, err := time.Parse("2006-01-02", p.Date); err != nil || len(p.Date) != 10 {
		return p.bad("date", "date %.20q is not a date like 2026-11-22", p.Date)
	}
	if err := scoring.CheckText("play-game", "the game's title", p.Title, false); err != nil {
		return p.bad("title", "%s", message(err))
	}
	if err := scoring.CheckText("play-luck", "the line about the dice", p.Luck, false); err != nil {
		return p.bad("luck", "%s", message(err))
	}
	return nil
}

func (p Play) checkPlayers() error {
	seen := map[string]bool{}
	for i, pl := range p.Players {
		field := func(f string) string { return fmt.Sprintf("players[%d].%s", i+1, f) }
		if err := scoring.CheckName(pl.Name); err != nil {
			return p.bad(field("name"), "%s", message(err))
		}
		if seen[NameKey(pl.Name)] {
			return p.bad(field("name"), "%s is in the play twice", pl.Name)
		}
		seen[NameKey(pl.Name)] = true
		switch {
		case pl.Score != nil && (*pl.Score > MaxScore || *pl.Score < -MaxScore):
			return p.bad(field("score"), "%s's score %d is beyond ±%d", pl.Name, *pl.Score, MaxScore)
		case pl.Rank < 1 || pl.Rank > len(p.Players):
			return p.bad(field("rank"), "%s's rank %d; ranks run from 1 to %d", pl.Name, pl.Rank, len(p.Players))
		case pl.Local < 0 || pl.LeagueID < 0:
			return p.bad(field("local"), "%s's person id is negative", pl.Name)
		}
	}
	return nil
}

// message is a refusal's words without its rule name.
func message(err error) string {
	var r *engine.RuleError
	if errors.As(err, &r) {
		return strings.TrimSuffix(r.Message, ".")
	}
	return err.Error()
}
