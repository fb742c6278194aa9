package web

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"tableside/tracker"
)

type homeData struct {
	Playing  []gameRow
	Finished []gameRow
	Kinds    []kindInfo
	// Seats is how many player fields the new-game form offers: enough for
	// the game that takes the most. The first few show; the rest fold away.
	Seats, Shown int
	// People are the score log's players, suggested as names, so a seat
	// links to the person who comes back game after game.
	People []string
	// Form is what the host typed, when a refused form comes back to be
	// put right (empty on a fresh page).
	Form newGameForm
	// LaptopHint tells a browser on the laptop that is not the host how
	// to become it (Server.laptopHint); "" for anyone else.
	LaptopHint string
}

// gameRow is a game in a list, with its game's name for people ("Cold
// Cash Risk", never the stored kind "coldcash").
type gameRow struct {
	tracker.GameInfo
	Title string
}

// newGameForm is the new-game form as the host left it.
type newGameForm struct {
	Kind, Name string
	Players    []string
}

// Player is the name typed in player field i ("" when none).
func (f newGameForm) Player(i int) string {
	if i < len(f.Players) {
		return f.Players[i]
	}
	return ""
}

// shownSeats is how many player fields show before "More players".
const shownSeats = 6

type kindInfo struct {
	Kind, Title        string
	MinSeats, MaxSeats int
	// Settings are the game's own options, ready for the form; only the
	// chosen game's are shown and read.
	Settings []formSetting
	// Carried is what a new game of this kind would take from an earlier
	// one (a deck's symbols, a map), shown so nothing is reused unseen.
	Carried *carried
	Chosen  bool
}

// home lists the games to resume and offers a new one.
func (s *Server) home(c echo.Context) error {
	return s.homePage(c, http.StatusOK, "", newGameForm{}, nil)
}

// homePage renders the home page; a refused new game comes back with its
// message and the form as the host filled it in (form values in typed).
func (s *Server) homePage(c echo.Context, code int, problem string, f newGameForm, typed url.Values) error {
	ctx := c.Request().Context()
	games, err := s.tracker.Games(ctx)
	if err != nil {
		return err
	}
	d := homeData{Form: f, LaptopHint: s.laptopHint(c)}
	titles := map[string]string{}
	kinds := s.tracker.Kinds()
	for _, r := range kinds {
		titles[r.Kind()] = r.Title()
	}
	for _, g := range games {
		row := gameRow{GameInfo: g, Title: titles[g.Kind]}
		if row.Title == "" {
			row.Title = g.Kind // a game this build no longer runs
		}
		if g.IsPlaying() {
			d.Playing = append(d.Playing, row)
		} else {
			d.Finished = append(d.Finished, row)
		}
	}
	for i, r := range kinds {
		k := kindInfo{Kind: r.Kind(), Title: r.Title(), MinSeats: r.MinSeats(), MaxSeats: r.MaxSeats(),
			Chosen: f.Kind == r.Kind() || f.Kind == "" && i == 0}
		k.Settings = formSettingsOf(k.Kind, r.Settings(), typed)
		if cr, ok := s.carriedOver(ctx, k.Kind, k.Title); ok {
			k.Carried = &cr
		}
		d.Kinds = append(d.Kinds, k)
		d.Seats = max(d.Seats, r.MaxSeats())
	}
	d.Shown = min(d.Seats, shownSeats)
	people, err := s.cfg.Scores.People(ctx)
	if err != nil {
		return err
	}
	for _, p := range people {
		d.People = append(d.People, p.Name)
	}
	return s.render(c, code, "home", page{Title: "Tableside", Error: problem, Data: d})
}
