package scoring

import (
	"cmp"
	"slices"
	"sort"
	"strings"
)

// Tally is the log's statistics kept one play at a time: each play added
// (oldest first) costs the work of its own players, so a league of 100,000
// plays takes a new play in microseconds instead of reading everything
// again. PlayerStatsOf and GameStatsOf are a tally over their plays.
//
// A game's points records follow its latest play's scoring, which a later
// play can change; so points are summed per scoring and the latest one's
// are read when the figures are asked for.
type Tally struct {
	only   int64 // a person to tally alone (0: everyone)
	people map[int64]*personTally
	pOrder []int64
	games  map[string]*gameTally // by lower-case title
	gOrder []string
}

type personTally struct {
	plays, wins, streak, longest int
	games                        map[string]*gameRecord
	order                        []string
}

type gameTally struct {
	game    string // the title as first played
	scoring Scoring
	plays   int
	records map[Scoring]*RecordScore
	board   map[int64]*boardRow
	order   []int64
}

type boardRow struct {
	name, colour string
	rec          gameRecord
}

// gameRecord is one person's record at one game, points kept per scoring.
type gameRecord struct {
	game                string
	plays, wins, placed int
	placeSum            float64
	points              map[Scoring]*pointSum
}

type pointSum struct {
	scored int
	sum    float64
	best   int
}

// NewTally is an empty tally of everyone.
func NewTally() *Tally {
	return &Tally{people: map[int64]*personTally{}, games: map[string]*gameTally{}}
}

// Add counts one play, later than every play added before it.
func (t *Tally) Add(p Play) {
	key := strings.ToLower(p.Game)
	g, ok := t.games[key]
	if !ok {
		g = &gameTally{game: p.Game, records: map[Scoring]*RecordScore{}, board: map[int64]*boardRow{}}
		t.games[key] = g
		t.gOrder = append(t.gOrder, key)
	}
	g.scoring = p.Scoring
	g.plays++
	for _, pl := range p.Players {
		if t.only != 0 && pl.PersonID != t.only {
			continue
		}
		t.person(pl).add(key, p, pl)
		if t.only != 0 {
			continue
		}
		row, ok := g.board[pl.PersonID]
		if !ok {
			row = &boardRow{rec: gameRecord{game: g.game}}
			g.board[pl.PersonID] = row
			g.order = append(g.order, pl.PersonID)
		}
		row.name, row.colour = pl.Name, pl.Colour
		row.rec.add(p, pl)
		if r := g.records[p.Scoring]; p.Scoring.Points() && pl.Score != nil && (r == nil || p.Scoring.better(*pl.Score, r.Score)) {
			g.records[p.Scoring] = &RecordScore{Score: *pl.Score, Name: pl.Name, Key: p.Key, Date: p.Date}
		}
	}
}

func (t *Tally) person(pl Player) *personTally {
	pt, ok := t.people[pl.PersonID]
	if !ok {
		pt = &personTally{games: map[string]*gameRecord{}}
		t.people[pl.PersonID] = pt
		t.pOrder = append(t.pOrder, pl.PersonID)
	}
	return pt
}

func (pt *personTally) add(key string, p Play, pl Player) {
	pt.plays++
	if pl.Winner {
		pt.wins++
		pt.streak++
		pt.longest = max(pt.longest, pt.streak)
	} else {
		pt.streak = 0
	}
	g, ok := pt.games[key]
	if !ok {
		g = &gameRecord{game: p.Game}
		pt.games[key] = g
		pt.order = append(pt.order, key)
	}
	g.add(p, pl)
}

func (g *gameRecord) add(p Play, pl Player) {
	g.plays++
	if pl.Winner {
		g.wins++
	}
	if pl.Rank > 0 {
		g.placeSum += float64(pl.Rank)
		g.placed++
	}
	if !p.Scoring.Points() || pl.Score == nil {
		return
	}
	if g.points == nil {
		g.points = map[Scoring]*pointSum{}
	}
	s, ok := g.points[p.Scoring]
	if !ok {
		s = &pointSum{best: *pl.Score}
		g.points[p.Scoring] = s
	}
	if p.Scoring.better(*pl.Score, s.best) {
		s.best = *pl.Score
	}
	s.sum += float64(*pl.Score)
	s.scored++
}

// figures are the record as shown, under the game's latest scoring.
func (g *gameRecord) figures(game string, scoring Scoring) PlayerGame {
	out := PlayerGame{Game: game, Scoring: scoring, Plays: g.plays, Wins: g.wins, WinRate: rate(g.wins, g.plays), Placed: g.placed}
	if g.placed > 0 {
		out.AvgPlace = g.placeSum / float64(g.placed)
	}
	if s := g.points[scoring]; s != nil && scoring.Points() {
		out.Scored, out.Best, out.Average = s.scored, s.best, s.sum/float64(s.scored)
	}
	return out
}

// Person is one person's statistics so far; person names them (the tally
// knows them only by id). Someone with no plays has empty statistics.
func (t *Tally) Person(person Person) PlayerStats {
	st := PlayerStats{Person: person}
	pt, ok := t.people[person.ID]
	if !ok {
		return st
	}
	st.Plays, st.Wins, st.LongestStreak, st.CurrentStreak = pt.plays, pt.wins, pt.longest, pt.streak
	st.WinRate = rate(pt.wins, pt.plays)
	for _, k := range pt.order {
		st.Games = append(st.Games, pt.games[k].figures(pt.games[k].game, t.games[k].scoring))
	}
	sort.SliceStable(st.Games, func(i, j int) bool {
		if st.Games[i].Plays != st.Games[j].Plays {
			return st.Games[i].Plays > st.Games[j].Plays
		}
		return strings.ToLower(st.Games[i].Game) < strings.ToLower(st.Games[j].Game)
	})
	return st
}

// People lists who has played, in the order first met.
func (t *Tally) People() []int64 { return slices.Clone(t.pOrder) }

// Games is every game's statistics and leaderboard so far, most played first.
func (t *Tally) Games() []GameStats {
	out := make([]GameStats, 0, len(t.gOrder))
	for _, k := range t.gOrder {
		out = append(out, t.game(k))
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Plays != out[j].Plays {
			return out[i].Plays > out[j].Plays
		}
		return strings.ToLower(out[i].Game) < strings.ToLower(out[j].Game)
	})
	return out
}

func (t *Tally) game(k string) GameStats {
	g := t.games[k]
	out := GameStats{Game: g.game, Scoring: g.scoring, Plays: g.plays}
	if r := g.records[g.scoring]; r != nil && g.scoring.Points() {
		rec := *r
		out.Record = &rec
	}
	for _, id := range g.order {
		row := g.board[id]
		out.Leaderboard = append(out.Leaderboard, Standing{PersonID: id, Name: row.name, Colour: row.colour, PlayerGame: row.rec.figures(g.game, g.scoring)})
	}
	sortStandings(out.Leaderboard)
	for _, row := range out.Leaderboard {
		if row.Wins == 0 {
			break
		}
		out.TopWins = max(out.TopWins, row.Wins)
		if row.Wins == out.TopWins {
			out.MostWins = append(out.MostWins, row.Name)
		}
	}
	slices.SortFunc(out.MostWins, cmp.Compare[string])
	return out
}

// Clone is a copy that goes on apart from t: a league keeps one now and
// then, to start again from there when a play arrives that sorts earlier.
func (t *Tally) Clone() *Tally {
	c := &Tally{only: t.only, people: make(map[int64]*personTally, len(t.people)), games: make(map[string]*gameTally, len(t.games)),
		pOrder: clip(t.pOrder), gOrder: clip(t.gOrder)}
	for id, pt := range t.people {
		cp := *pt
		cp.order = clip(pt.order)
		cp.games = make(map[string]*gameRecord, len(pt.games))
		for k, g := range pt.games {
			cp.games[k] = g.clone()
		}
		c.people[id] = &cp
	}
	for k, g := range t.games {
		cg := *g
		cg.order = clip(g.order)
		cg.records = make(map[Scoring]*RecordScore, len(g.records))
		for s, r := range g.records {
			cg.records[s] = r // replaced, never changed
		}
		cg.board = make(map[int64]*boardRow, len(g.board))
		for id, row := range g.board {
			cr := *row
			cr.rec = *row.rec.clone()
			cg.board[id] = &cr
		}
		c.games[k] = &cg
	}
	return c
}

func (g *gameRecord) clone() *gameRecord {
	c := *g
	if g.points != nil {
		c.points = make(map[Scoring]*pointSum, len(g.points))
		for s, p := range g.points {
			cp := *p
			c.points[s] = &cp
		}
	}
	return &c
}

// clip is s with no room to grow: an append to it makes a new array, so
// two copies never write into one.
func clip[T any](s []T) []T { return s[:len(s):len(s)] }
