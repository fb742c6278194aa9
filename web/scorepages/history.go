package scorepages

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/scoring"
)

// historyPage is the score log's front page: the plays, newest first.
type historyPage struct {
	Filter      scoring.Filter
	Filtered    bool
	Plays       []scoring.Play
	Games       []string
	People      []scoring.Person
	Deleted     []scoring.Play // restorable, most recently deleted first
	JustDeleted *scoring.Play  // the play a delete just took out, for its Undo button
	Imported    int
	Total       int    // plays that pass the filter
	More        string // link to show more plays, when some are left out
}

// historyPageSize is how many plays the history shows before "Show more".
const historyPageSize = 100

// scoresHistory lists the plays, filtered by game, player and dates.
func (s *Pages) scoresHistory(c echo.Context) error {
	ctx := c.Request().Context()
	f, err := readFilter(c)
	if err != nil {
		return err
	}
	d := historyPage{Filter: f, Filtered: f != (scoring.Filter{})}
	if d.Plays, err = s.scores.Plays(ctx, f); err != nil {
		return err
	}
	slices.Reverse(d.Plays)
	d.Total = len(d.Plays)
	limit := historyPageSize
	if n, err := strconv.Atoi(c.QueryParam("limit")); err == nil && n > 0 {
		limit = n
	}
	if len(d.Plays) > limit {
		d.Plays = d.Plays[:limit]
		q := c.Request().URL.Query()
		q.Set("limit", strconv.Itoa(limit+historyPageSize))
		d.More = "/scores?" + q.Encode()
	}
	if d.Games, err = s.scores.GameTitles(ctx); err != nil {
		return err
	}
	if d.People, err = s.scores.People(ctx); err != nil {
		return err
	}
	if d.Deleted, err = s.scores.Deleted(ctx); err != nil {
		return err
	}
	if key := c.QueryParam("deleted"); key != "" {
		for i := range d.Deleted {
			if d.Deleted[i].Key == key {
				d.JustDeleted = &d.Deleted[i]
			}
		}
	}
	d.Imported, _ = strconv.Atoi(c.QueryParam("imported"))
	return s.render(c, http.StatusOK, "scores", page{Title: "Score log", Data: d})
}

// readFilter reads the history's filters from the query string.
func readFilter(c echo.Context) (scoring.Filter, error) {
	f := scoring.Filter{Game: c.QueryParam("game"), From: c.QueryParam("from"), To: c.QueryParam("to")}
	if p := c.QueryParam("player"); p != "" {
		id, err := strconv.ParseInt(p, 10, 64)
		if err != nil || id <= 0 {
			return f, badRequest("The player filter %q is not a player.", p)
		}
		f.PersonID = id
	}
	for _, d := range []string{f.From, f.To} {
		if _, err := time.Parse("2006-01-02", d); d != "" && err != nil {
			return f, badRequest("The date %q is not a date like 2026-11-22.", d)
		}
	}
	return f, nil
}
