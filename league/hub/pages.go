package hub

import (
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/assets"
	"tableside/scoring"
	"tableside/scoring/blocks"
	"tableside/scoring/charts"
)

// cached is the league's pages' data at one change count: 200 readers of
// the standings share it (see book).
type cached struct {
	gen     int64     // the store's change count it is of
	at      time.Time // when that count was last looked up
	ok      bool
	plays   blocks.List[scoring.Play]
	people  map[int64]scoring.Person
	stats   map[int64]scoring.PlayerStats
	mine    map[int64][]int // each person's plays, by place in plays
	tables  map[string]string
	ratings scoring.Ratings
	// standings is the front page's data, made once per change, and the
	// page as the public sees it, drawn once per change too.
	standings standingsData
	byName    []scoring.PlayerStats // the players pages' order
	front     *[]byte
	// playerPages keeps each player's page data once worked out (their
	// head-to-heads and charts read every play), until the league changes.
	playerPages *sync.Map
}

// league is the pages' data, as of the store's change count (Store.Changes,
// kept in the database, so a push to another hub process over it shows here
// too), looked up at most once a MinRefresh; an admin's change here shows
// at the next page. One reader at a time brings the book up to date after a
// change, reading only what changed (Store.Since); the others meanwhile get
// the league as it was a moment before, instead of all reading the store at
// once (a round's start stampeding the standings).
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
	bk := h.book
	h.mu.Unlock()
	bk, cc, err = h.read(c, bk)
	h.mu.Lock()
	h.refreshing = false
	if err == nil {
		h.cache, h.book = cc, bk
	}
	h.mu.Unlock()
	return cc, err
}

// read brings the book up to the store's newest count and snapshots it.
// A failed read leaves the book as it was: it is read again from scratch.
func (h *Hub) read(c echo.Context, bk *book) (*book, cached, error) {
	if bk == nil {
		bk = newBook()
	}
	d, err := h.cfg.Store.Since(ctx(c), bk.gen)
	if err != nil {
		return nil, cached{}, err
	}
	tables, err := h.cfg.Store.Tables(ctx(c))
	if err != nil {
		return nil, cached{}, err
	}
	bk = bk.apply(d)
	return bk, bk.snapshot(tables, cached{at: h.cfg.Now()}), nil
}

// standingsData is the front page: the top of the league (every player is
// on the players pages).
type standingsData struct {
	Players []scoring.PlayerStats
	Top     []scoring.PlayerStats
	Games   []scoring.GameStats
	Boards  []gameBoard
	Plays   int
	Charts  leagueCharts
}

// boardTop is how many of a game's players its leaderboard on the front
// page shows: 200 players at 12 games were 2,400 rows, most of the page's
// 257 KB and of its drawing after every change.
const boardTop = 10

// gameBoard is a game's leaderboard on the front page: its top players
// (each player's page has their record at every game they played).
type gameBoard struct {
	scoring.GameStats
	Top []scoring.Standing
}

func boardsOf(games []scoring.GameStats) []gameBoard {
	out := make([]gameBoard, len(games))
	for i, g := range games {
		out[i] = gameBoard{GameStats: g, Top: g.Leaderboard[:min(boardTop, len(g.Leaderboard))]}
	}
	return out
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

func (h *Hub) players(c echo.Context) error {
	cc, err := h.league(c)
	if err != nil {
		return err
	}
	rows, p, err := pageOf(c, cc.byName)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, "players", "Players", listData[scoring.PlayerStats]{Rows: rows, Pager: p})
}

// listData is a list page: its rows and its place among the pages.
type listData[T any] struct {
	Rows  []T
	Pager pager
}

// playerData is one player's page.
type playerData struct {
	Stats       scoring.PlayerStats
	HeadToHeads []scoring.HeadToHead
	Rating      *scoring.RatedPerson
	WinsBars    template.HTML
	Charts      []charts.Named
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
	theirs := make([]scoring.Play, len(cc.mine[id]))
	for i, at := range cc.mine[id] {
		theirs[i] = cc.plays.At(at)
	}
	d := playerData{Stats: cc.stats[id], HeadToHeads: scoring.HeadToHeads(theirs, id)}
	d.WinsBars, d.Charts = playerCharts(d.Stats, theirs)
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
	scoring.Play
	Table string
}

func (h *Hub) plays(c echo.Context) error {
	cc, err := h.league(c)
	if err != nil {
		return err
	}
	from, to, pg, err := pageSpan(c, cc.plays.Len())
	if err != nil {
		return err
	}
	rows := make([]playRow, 0, to-from)
	for i := from; i < to; i++ { // newest first
		p := cc.plays.At(cc.plays.Len() - 1 - i)
		table, _, _ := strings.Cut(p.Key, "-") // table ids are hex: the first dash ends them
		rows = append(rows, playRow{Play: p, Table: cc.tables[table]})
	}
	return h.render(c, http.StatusOK, "plays", "Plays", listData[playRow]{Rows: rows, Pager: pg})
}

// ratingsData is the ratings page: a page of the table, and its chart.
type ratingsData struct {
	scoring.Ratings
	Page  []scoring.RatedPerson
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
