package hub

import (
	"cmp"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/assets"
	"tableside/league"
	"tableside/tracker/scorelog"
)

// cached is the league read once per change: 200 readers of the standings
// share one read of the store and one rating pass.
type cached struct {
	gen     int64     // the store's change count it was read at
	at      time.Time // when that count was last looked up
	ok      bool
	plays   []scorelog.Play
	people  map[int64]scorelog.Person
	tables  map[string]string
	ratings scorelog.Ratings
	// standings is the front page's data, made once per change, and the
	// page as the public sees it, drawn once per change too.
	standings standingsData
	byName    []scorelog.PlayerStats // the players pages' order
	front     *[]byte
	// playerPages keeps each player's page data once worked out (from every
	// play: a few hundred ms at 100,000 plays), until the league changes.
	playerPages *sync.Map
}

// league reads the plays (through the cache) as score-log plays, so the
// score log's statistics and ratings serve the league unchanged. The cache
// is of one count of the store's changes (Store.Changes, kept in the
// database, so a push to another hub process over it shows here too),
// looked up at most once a MinRefresh; an admin's change here shows at the
// next page. One reader at a time rebuilds the cache after a change; the
// others meanwhile get the league as it was a moment before, instead of all
// reading the store at once (a round's start stampeding the standings).
func (h *Hub) league(c echo.Context) (cached, error) {
	h.mu.Lock()
	cc := h.cache
	recent := h.cfg.Now().Sub(cc.at) < h.cfg.MinRefresh && !h.force
	h.mu.Unlock()
	if cc.ok && recent {
		return cc, nil
	}
	gen, err := h.cfg.Store.Changes(ctx(c))
	if err != nil {
		return cached{}, err
	}
	h.mu.Lock()
	cc = h.cache
	if cc.ok && (cc.gen == gen && !h.force || h.refreshing) {
		if cc.gen == gen {
			h.cache.at = h.cfg.Now()
		}
		h.mu.Unlock()
		return cc, nil
	}
	h.refreshing, h.force = true, false
	h.mu.Unlock()
	cc, err = h.read(c, gen)
	h.mu.Lock()
	h.refreshing = false
	if err == nil {
		h.cache = cc
	}
	h.mu.Unlock()
	return cc, err
}

// read builds the cache of generation gen from the store.
func (h *Hub) read(c echo.Context, gen int64) (cached, error) {
	stored, err := h.cfg.Store.Plays(ctx(c))
	if err != nil {
		return cached{}, err
	}
	tables, err := h.cfg.Store.Tables(ctx(c))
	if err != nil {
		return cached{}, err
	}
	cc := cached{gen: gen, ok: true, at: h.cfg.Now(), front: new([]byte), playerPages: &sync.Map{}, people: map[int64]scorelog.Person{}, tables: map[string]string{}}
	for _, t := range tables {
		cc.tables[t.ID] = t.Name
	}
	for _, sp := range stored {
		cc.plays = append(cc.plays, asScorelog(sp, cc.people))
	}
	cc.ratings = scorelog.Rate(cc.plays, "")
	cc.standings = standingsData{Players: playerStats(cc), Games: scorelog.GameStatsOf(cc.plays), Plays: len(cc.plays)}
	cc.standings.Top = cc.standings.Players[:min(perPage, len(cc.standings.Players))]
	cc.standings.Charts = chartsOf(cc.standings.Players, cc.ratings)
	cc.byName = slices.Clone(cc.standings.Players)
	slices.SortFunc(cc.byName, func(a, b scorelog.PlayerStats) int { return cmp.Compare(a.Person.Name, b.Person.Name) })
	return cc, nil
}

// asScorelog turns a league play into a score-log play (league ids as
// person ids), noting each person met.
func asScorelog(sp league.StoredPlay, people map[int64]scorelog.Person) scorelog.Play {
	p := scorelog.Play{Key: sp.TableID + "-" + sp.ID, Game: sp.Title, Date: sp.Date, Time: sp.Time, Minutes: sp.Minutes,
		Scoring: scorelog.Scoring(sp.Scoring), Notes: sp.Luck}
	for _, pl := range sp.Players {
		people[pl.LeagueID] = scorelog.Person{ID: pl.LeagueID, Name: pl.Name}
		p.Players = append(p.Players, scorelog.Player{PersonID: pl.LeagueID, Name: pl.Name, Score: pl.Score, Rank: pl.Rank, Winner: pl.Winner})
	}
	return p
}

// standingsData is the front page: the top of the league (every player is
// on the players pages).
type standingsData struct {
	Players []scorelog.PlayerStats
	Top     []scorelog.PlayerStats
	Games   []scorelog.GameStats
	Plays   int
	Charts  leagueCharts
}

// standings is the league table: every player by wins, then win rate, then
// name; and each game's leaderboard.
func (h *Hub) standings(c echo.Context) error {
	cc, err := h.league(c)
	if err != nil {
		return err
	}
	if h.isAdmin(c) {
		return h.render(c, http.StatusOK, "standings", "Standings", cc.standings)
	}
	// The public front page is drawn once per change: a round's start
	// sends everyone to it at once.
	h.mu.Lock()
	page := *cc.front
	h.mu.Unlock()
	if page == nil {
		b, err := h.draw("standings", "Standings", false, cc.standings)
		if err != nil {
			return err
		}
		h.mu.Lock()
		*cc.front, page = b, b
		h.mu.Unlock()
	}
	return h.send(c, http.StatusOK, page)
}

func playerStats(cc cached) []scorelog.PlayerStats {
	var out []scorelog.PlayerStats
	for _, p := range cc.people {
		out = append(out, scorelog.PlayerStatsOf(p, cc.plays))
	}
	slices.SortFunc(out, func(a, b scorelog.PlayerStats) int {
		return cmp.Or(cmp.Compare(b.Wins, a.Wins), cmp.Compare(b.WinRate, a.WinRate), cmp.Compare(a.Person.Name, b.Person.Name))
	})
	return out
}

func (h *Hub) players(c echo.Context) error {
	cc, err := h.league(c)
	if err != nil {
		return err
	}
	rows, p, err := pageOf(c, cc.byName)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, "players", "Players", listData[scorelog.PlayerStats]{Rows: rows, Pager: p})
}

// listData is a list page: its rows and its place among the pages.
type listData[T any] struct {
	Rows  []T
	Pager pager
}

// playerData is one player's page.
type playerData struct {
	Stats       scorelog.PlayerStats
	HeadToHeads []scorelog.HeadToHead
	Rating      *scorelog.RatedPerson
	WinsBars    template.HTML
	Charts      []namedChart
}

func (h *Hub) player(c echo.Context) error {
	cc, err := h.league(c)
	if err != nil {
		return err
	}
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	p, ok := cc.people[id]
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "No league player has that number.")
	}
	if d, ok := cc.playerPages.Load(id); ok {
		return h.render(c, http.StatusOK, "player", p.Name, d)
	}
	d := playerData{Stats: scorelog.PlayerStatsOf(p, cc.plays), HeadToHeads: scorelog.HeadToHeads(cc.plays, id)}
	d.WinsBars, d.Charts = playerCharts(d.Stats, cc.plays)
	for i := range cc.ratings.Rows {
		if cc.ratings.Rows[i].PersonID == id {
			d.Rating = &cc.ratings.Rows[i]
		}
	}
	cc.playerPages.Store(id, d)
	return h.render(c, http.StatusOK, "player", p.Name, d)
}

// playRow is a play on the plays page, with the table it came from.
type playRow struct {
	scorelog.Play
	Table string
}

func (h *Hub) plays(c echo.Context) error {
	cc, err := h.league(c)
	if err != nil {
		return err
	}
	from, to, pg, err := pageSpan(c, len(cc.plays))
	if err != nil {
		return err
	}
	rows := make([]playRow, 0, to-from)
	for i := from; i < to; i++ { // newest first
		p := cc.plays[len(cc.plays)-1-i]
		table, _, _ := strings.Cut(p.Key, "-") // table ids are hex: the first dash ends them
		rows = append(rows, playRow{Play: p, Table: cc.tables[table]})
	}
	return h.render(c, http.StatusOK, "plays", "Plays", listData[playRow]{Rows: rows, Pager: pg})
}

// ratingsData is the ratings page: a page of the table, and its chart.
type ratingsData struct {
	scorelog.Ratings
	Page  []scorelog.RatedPerson
	Pager pager
	Chart template.HTML
}

func (h *Hub) ratings(c echo.Context) error {
	cc, err := h.league(c)
	if err != nil {
		return err
	}
	rows, p, err := pageOf(c, cc.ratings.Rows)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, "ratings", "Ratings", ratingsData{Ratings: cc.ratings, Page: rows, Pager: p, Chart: cc.standings.Charts.Ratings})
}

// stylesheet is the table's own stylesheet: the league looks like the score log.
func (h *Hub) stylesheet(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, "text/css; charset=utf-8", assets.Stylesheet())
}
