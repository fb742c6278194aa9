package scorepages

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/scoring"
	"tableside/tracker/scorelog"
)

// The score log's pages share this file: reading the log-a-play form, and
// what the form page is rendered from.

// maxFormRows is how many player rows a play's form can carry.
const maxFormRows = 20

// playForm is the log-a-play (or edit-a-play) page.
type playForm struct {
	Action   string // where the form posts
	Heading  string
	Submit   string
	Play     scoring.Play
	Start    string // the start player's name
	Rows     []formRow
	Games    []string
	People   []scoring.Person
	Scorings []scoring.Scoring
	More     string // link for a longer form, when it can grow
}

// formRow is one player's line of the form.
type formRow struct {
	I                 int
	Name, Score, Rank string
	Win, Hidden       bool
}

// newPlayForm fills the form's pickers and rows from a play.
func (s *Pages) newPlayForm(c echo.Context, p scoring.Play, action, heading, submit string) (playForm, error) {
	ctx := c.Request().Context()
	games, err := s.scores.GameTitles(ctx)
	if err != nil {
		return playForm{}, err
	}
	people, err := s.scores.People(ctx)
	if err != nil {
		return playForm{}, err
	}
	f := playForm{Action: action, Heading: heading, Submit: submit, Play: p, Games: games, People: people, Scorings: scoring.Scorings}
	n := len(p.Players) + 2
	if want, err := strconv.Atoi(c.QueryParam("players")); err == nil {
		n = max(n, want)
	}
	n = min(max(n, 6), maxFormRows)
	if n < maxFormRows {
		f.More = fmt.Sprintf("%s?players=%d", c.Request().URL.Path, n+4)
	}
	// Every row is in the page; those past n are hidden until "More
	// players" shows them (without script, the link reloads a longer form).
	for i := range maxFormRows {
		r := formRow{I: i, Hidden: i >= n}
		if i < len(p.Players) {
			pl := p.Players[i]
			r.Name, r.Win = pl.Name, pl.Winner && !p.Scoring.Points()
			if pl.Score != nil {
				r.Score = strconv.Itoa(*pl.Score)
			}
			if p.Scoring == scoring.Ranks && pl.Rank > 0 {
				r.Rank = strconv.Itoa(pl.Rank)
			}
			if pl.Start {
				f.Start = pl.Name
			}
		}
		f.Rows = append(f.Rows, r)
	}
	return f, nil
}

// readPlay reads a play from the form (or from JSON, for programs). Rows
// without a name are skipped. Winners of a points game and ranks other than
// a finishing order are left for the score log to work out.
func readPlay(c echo.Context) (scoring.Play, error) {
	var p scoring.Play
	if strings.HasPrefix(c.Request().Header.Get(echo.HeaderContentType), echo.MIMEApplicationJSON) {
		if err := c.Bind(&p); err != nil {
			return p, badRequest("The play could not be read: %v", err)
		}
		return p, nil
	}
	p = scoring.Play{
		Game: c.FormValue("game"), Date: c.FormValue("date"), Time: c.FormValue("time"),
		Place: c.FormValue("place"), Notes: c.FormValue("notes"), Scoring: scoring.Scoring(c.FormValue("scoring")),
	}
	if m := strings.TrimSpace(c.FormValue("minutes")); m != "" {
		n, err := strconv.Atoi(m)
		if err != nil {
			return p, engine.Refuse("play-minutes", "The duration %q is not a number of minutes.", m)
		}
		p.Minutes = n
	}
	start := strings.TrimSpace(c.FormValue("start"))
	for i := range maxFormRows {
		name := strings.TrimSpace(c.FormValue(fmt.Sprintf("p%d.name", i)))
		score := strings.TrimSpace(c.FormValue(fmt.Sprintf("p%d.score", i)))
		rank := strings.TrimSpace(c.FormValue(fmt.Sprintf("p%d.rank", i)))
		if name == "" {
			if score != "" || rank != "" {
				return p, engine.Refuse("person-name", "Row %d has a score but no name.", i+1)
			}
			continue
		}
		pl := scoring.Player{Name: name, Start: start != "" && strings.EqualFold(start, name)}
		// Only the fields the scoring uses count, so a switch of scoring
		// half-way through filling the form does not trip over the others.
		switch {
		case p.Scoring.Points() && score != "":
			n, err := strconv.Atoi(score)
			if err != nil {
				return p, engine.Refuse("play-score", "%s's score %q is not a whole number.", name, score)
			}
			pl.Score = &n
		case p.Scoring == scoring.WinLose:
			pl.Winner = c.FormValue(fmt.Sprintf("p%d.win", i)) != ""
		case p.Scoring == scoring.Ranks && rank != "":
			n, err := strconv.Atoi(rank)
			if err != nil {
				return p, engine.Refuse("play-rank", "%s's place %q is not a number.", name, rank)
			}
			pl.Rank = n
		}
		p.Players = append(p.Players, pl)
	}
	if start != "" {
		found := false
		for _, pl := range p.Players {
			found = found || pl.Start
		}
		if !found {
			return p, engine.Refuse("play-start-player", "The start player %q is not one of the players.", start)
		}
	}
	return p, nil
}

// savePlay answers a posted play: to the play's page when it was saved, back
// to the form with the refusal when it was not.
func (s *Pages) savePlay(c echo.Context, p scoring.Play, save func(scoring.Play) (scoring.Play, error), action, heading, submit string) error {
	saved, err := save(p)
	if err == nil {
		if s.wantsJSON(c) {
			return c.JSON(http.StatusOK, saved)
		}
		return c.Redirect(http.StatusSeeOther, "/scores/plays/"+saved.Key)
	}
	if !engine.IsRefusal(err) || s.wantsJSON(c) {
		return scoresErr(err)
	}
	f, ferr := s.newPlayForm(c, p, action, heading, submit)
	if ferr != nil {
		return ferr
	}
	return s.render(c, http.StatusUnprocessableEntity, "scores_form", page{Title: heading, Error: err.Error(), Data: f})
}

// scoresErr turns the score log's "not found" into a 404 people can read.
func scoresErr(err error) error {
	switch {
	case errors.Is(err, scorelog.ErrNoPlay):
		return echo.NewHTTPError(http.StatusNotFound, "There is no such play in the score log.")
	case errors.Is(err, scorelog.ErrNoPerson):
		return echo.NewHTTPError(http.StatusNotFound, "There is no such player in the score log.")
	}
	return err
}

// today is the table's local date, the form's default.
func today() string { return time.Now().Format("2006-01-02") }
