package hub

import (
	"cmp"
	"slices"
	"sync"

	"tableside/league"
	"tableside/scoring"
	"tableside/scoring/blocks"
)

// markEvery is how many plays apart the book keeps a copy of its tallies: a
// play that arrives late (sorting before plays already rated) is rated
// again from the copy before it, not from the league's first play. At
// 100,000 plays the 48 marks take some 63 MB (1.3 MB each; 24 marks 4,096
// apart took 37 MB), and a late play rates on average 1,024 fewer plays
// again than with marks 4,096 apart.
const markEvery = 2048

// book is the league as this hub process has read and rated it, up to one
// change count of the store. The database holds the truth and the count
// (so a second hub process over it sees every push); the book is what this
// process has worked out from it, brought up to date by reading only what
// changed since (Store.Since). A new play that sorts after every play rated
// is added on top, at the cost of its own players; one that sorts earlier,
// an edit or a deletion rates again from the nearest mark before it. Only
// the one reader refreshing the pages touches the book; readers get
// snapshots (cached), which later additions never write into.
type book struct {
	gen    int64                     // the store's change count it is of; -1: nothing read yet
	plays  blocks.List[scoring.Play] // copies share it (see blocks)
	orders []order                   // each play's place, as the store sorts plays
	at     map[string]int
	people map[int64]scoring.Person
	mine   map[int64][]int // each person's plays, by place in plays
	tally  *scoring.Tally
	rater  *scoring.Rater
	marks  []mark
}

// order is where a play sorts: by date, time, then the hub's number.
type order struct {
	date, time string
	ref        int64
}

func (a order) cmp(b order) int {
	return cmp.Or(cmp.Compare(a.date, b.date), cmp.Compare(a.time, b.time), cmp.Compare(a.ref, b.ref))
}

// mark is the tallies after the first n plays.
type mark struct {
	n     int
	tally *scoring.Tally
	rater *scoring.Rater
}

func newBook() *book {
	return &book{gen: -1, at: map[string]int{}, people: map[int64]scoring.Person{}, mine: map[int64][]int{}, tally: scoring.NewTally(), rater: scoring.NewRater("")}
}

// apply brings the book up to d.
func (b *book) apply(d league.Delta) *book {
	if d.Full {
		nb := newBook()
		for _, sp := range d.Plays {
			nb.add(sp)
		}
		nb.gen = d.Changes
		return nb
	}
	if b.appends(d.Plays) {
		for _, sp := range d.Plays {
			b.add(sp)
		}
	} else {
		b.redo(d.Plays)
	}
	b.gen = d.Changes
	return b
}

// appends reports whether every changed play is new and sorts after every
// play in the book (the plays come oldest first).
func (b *book) appends(changed []league.StoredPlay) bool {
	for _, sp := range changed {
		_, known := b.at[key(sp)]
		if known || sp.Deleted || len(b.orders) > 0 && orderOf(sp).cmp(b.orders[len(b.orders)-1]) <= 0 {
			return false
		}
	}
	return true
}

// redo puts changed plays in their places and rates again from the last
// mark before the first place that changed.
func (b *book) redo(changed []league.StoredPlay) {
	from := b.plays.Len()
	replaced := map[string]bool{}
	for _, sp := range changed {
		k := key(sp)
		if i, ok := b.at[k]; ok {
			from, replaced[k] = min(from, i), true
		}
		if !sp.Deleted {
			from = min(from, b.place(orderOf(sp)))
		}
	}
	m := mark{tally: scoring.NewTally(), rater: scoring.NewRater("")}
	kept := 0
	for i, mk := range b.marks {
		if mk.n <= from {
			m, kept = mk, i+1
		}
	}
	// The plays after the mark, the changed ones in their new versions.
	type later struct {
		o  order
		sp *league.StoredPlay
		p  scoring.Play
	}
	rest := make([]later, 0, b.plays.Len()-m.n+len(changed))
	for i := m.n; i < b.plays.Len(); i++ {
		if p := b.plays.At(i); !replaced[p.Key] {
			rest = append(rest, later{o: b.orders[i], p: p})
		}
	}
	for i := range changed {
		if !changed[i].Deleted {
			rest = append(rest, later{o: orderOf(changed[i]), sp: &changed[i]})
		}
	}
	slices.SortFunc(rest, func(x, y later) int { return x.o.cmp(y.o) })
	for i := m.n; i < b.plays.Len(); i++ {
		delete(b.at, b.plays.At(i).Key)
	}
	// Only the book reads orders: they are written again in place.
	b.plays = b.plays.Cut(m.n)
	b.orders, b.marks = b.orders[:m.n], b.marks[:kept:kept]
	for id, ps := range b.mine {
		i, _ := slices.BinarySearch(ps, m.n)
		b.mine[id] = clip(ps[:i])
	}
	b.tally, b.rater = m.tally.Clone(), m.rater.Clone()
	for _, l := range rest {
		if l.sp != nil {
			b.add(*l.sp)
		} else {
			b.push(l.o, l.p)
		}
	}
}

// place is where a play of order o goes among the book's plays.
func (b *book) place(o order) int {
	i, _ := slices.BinarySearchFunc(b.orders, o, order.cmp)
	return i
}

// add rates a stored play on top of the book.
func (b *book) add(sp league.StoredPlay) {
	p := scoring.Play{Key: key(sp), Game: sp.Title, Date: sp.Date, Time: sp.Time, Minutes: sp.Minutes,
		Scoring: scoring.Scoring(sp.Scoring), Notes: sp.Luck}
	for _, pl := range sp.Players {
		b.people[pl.LeagueID] = scoring.Person{ID: pl.LeagueID, Name: pl.Name}
		p.Players = append(p.Players, scoring.Player{PersonID: pl.LeagueID, Name: pl.Name, Score: pl.Score, Rank: pl.Rank, Winner: pl.Winner})
	}
	b.push(orderOf(sp), p)
}

func (b *book) push(o order, p scoring.Play) {
	n := b.plays.Len()
	b.at[p.Key] = n
	for _, pl := range p.Players {
		b.mine[pl.PersonID] = append(b.mine[pl.PersonID], n)
	}
	b.plays.Append(p)
	b.orders = append(b.orders, o)
	b.tally.Add(p)
	b.rater.Add(p)
	if b.plays.Len()%markEvery == 0 {
		b.marks = append(b.marks, mark{n: b.plays.Len(), tally: b.tally.Clone(), rater: b.rater.Clone()})
	}
}

// key is a play's key across tables (table ids are hex: the first dash
// ends them).
func key(sp league.StoredPlay) string { return sp.TableID + "-" + sp.ID }

func orderOf(sp league.StoredPlay) order { return order{sp.Date, sp.Time, sp.Ref} }

// snapshot is the pages' data of the book as it is now.
func (b *book) snapshot(tables []league.Table, at cached) cached {
	cc := at
	cc.gen, cc.ok = b.gen, true
	cc.front, cc.playerPages = new([]byte), &sync.Map{}
	cc.plays, cc.people = b.plays, make(map[int64]scoring.Person, len(b.people))
	cc.mine = make(map[int64][]int, len(b.mine))
	for _, id := range b.tally.People() { // those with a play now
		cc.people[id], cc.mine[id] = b.people[id], clip(b.mine[id])
	}
	cc.tables = map[string]string{}
	for _, t := range tables {
		cc.tables[t.ID] = t.Name
	}
	cc.ratings = b.rater.Ratings()
	cc.stats = make(map[int64]scoring.PlayerStats, len(cc.people))
	players := make([]scoring.PlayerStats, 0, len(cc.people))
	for _, p := range cc.people {
		st := b.tally.Person(p)
		cc.stats[p.ID] = st
		players = append(players, st)
	}
	slices.SortFunc(players, func(a, b scoring.PlayerStats) int {
		return cmp.Or(cmp.Compare(b.Wins, a.Wins), cmp.Compare(b.WinRate, a.WinRate), cmp.Compare(a.Person.Name, b.Person.Name))
	})
	cc.standings = standingsData{Players: players, Games: b.tally.Games(), Plays: cc.plays.Len()}
	cc.standings.Top = players[:min(perPage, len(players))]
	cc.standings.Boards = boardsOf(cc.standings.Games)
	cc.standings.Charts = chartsOf(players, cc.ratings)
	cc.byName = slices.Clone(players)
	slices.SortFunc(cc.byName, func(a, b scoring.PlayerStats) int { return cmp.Compare(a.Person.Name, b.Person.Name) })
	return cc
}

// clip is s with no room to grow: the book's next append makes a new array
// instead of writing where a snapshot might read.
func clip[T any](s []T) []T { return s[:len(s):len(s)] }
