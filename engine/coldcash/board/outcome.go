package board

import (
	"fmt"
	"sort"

	"tableside/engine"
	"tableside/engine/acquire"
)

// MaxActive is how many corporations may be in play at once (the RISK box
// has six army colours).
const MaxActive = 6

// FoundTeams is how many teams a new corporation puts on its tower territory.
const FoundTeams = 3

// Options are what a freshly placed Mom & Pop allows its player to do
// (besides leaving it as it is, which is always allowed).
type Options struct {
	Found     bool     `json:"found"`               // a new corporation may be founded here
	FoundWhy  string   `json:"foundWhy,omitempty"`  // why not, when it may not
	Bordering []string `json:"bordering,omitempty"` // corporations bordering it: any may absorb it
	Merge     bool     `json:"merge"`               // two or more of them could merge
	MergeWhy  string   `json:"mergeWhy,omitempty"`  // why not, when they border but cannot merge
}

// OptionsAt lists the outcomes open to a Mom & Pop just placed at at.
func OptionsAt(g *Geography, b Board, at string) Options {
	var o Options
	if n := len(b.Towers); n >= MaxActive {
		o.FoundWhy = fmt.Sprintf("%d corporations are already in play, the most there can be.", n)
	} else {
		o.Found = true
	}
	o.Bordering = Bordering(g, b, at)
	if len(o.Bordering) >= 2 {
		// A merger takes in every bordering corporation, as Acquire's does.
		if _, err := PlanMerger(g, b, at, o.Bordering); err == nil {
			o.Merge = true
		} else {
			o.MergeWhy = err.Error()
		}
	}
	return o
}

// Bordering lists the corporations holding a territory next to t, sorted.
func Bordering(g *Geography, b Board, t string) []string {
	seen := map[string]bool{}
	var cs []string
	for _, n := range g.Neighbours(t) {
		if c := b.Owner(n); c != "" && !seen[c] {
			seen[c] = true
			cs = append(cs, c)
		}
	}
	sort.Strings(cs)
	return cs
}

// Founding says what founding a corporation did.
type Founding struct {
	Corp     string   `json:"corp"`
	At       string   `json:"at"`       // the tower's territory
	Absorbed []string `json:"absorbed"` // Mom & Pops taken in with 1 team each
}

// requireFresh refuses unless at holds the Mom & Pop just placed.
func requireMomPop(g *Geography, b Board, at string) error {
	if err := refuseUnknown(g, at); err != nil {
		return err
	}
	if !b.MomPop(at) {
		return engine.Refuse("outcome-needs-mom-and-pop", "%s does not hold a Mom & Pop.", g.Name(at))
	}
	return nil
}

// Reach is how far a new corporation takes in the Mom & Pops around it.
type Reach string

const (
	// ReachChain (the default) takes every Mom & Pop connected to the new
	// tower through other Mom & Pops.
	ReachChain Reach = "chain"
	// ReachAdjacent takes only the Mom & Pops bordering the tower itself.
	ReachAdjacent Reach = "adjacent"
)

// Found turns the Mom & Pop at at into corporation corp: its tower and 3
// teams there, and the Mom & Pops within reach absorbed with 1 team each.
// At most 6 corporations may be in play.
func Found(g *Geography, b Board, at, corp string, reach Reach) (Board, Founding, error) {
	if err := requireMomPop(g, b, at); err != nil {
		return b, Founding{}, err
	}
	if corp == "" {
		return b, Founding{}, engine.Refuse("choose-corporation", "Choose a corporation to found.")
	}
	if b.InPlay(corp) {
		return b, Founding{}, engine.Refuse("corporation-in-play", "That corporation is already in play; choose one that is not.")
	}
	if len(b.Towers) >= MaxActive {
		return b, Founding{}, engine.Refuse("six-corporations", "%d corporations are already in play: no new one can be founded.", MaxActive)
	}
	chain := connected(g, at, b.MomPop)
	if reach == ReachAdjacent {
		chain = []string{}
		for _, n := range g.Neighbours(at) {
			if b.MomPop(n) {
				chain = append(chain, n)
			}
		}
		sort.Strings(chain)
	}
	nb := b.Clone()
	f := Founding{Corp: corp, At: at, Absorbed: []string{}}
	for _, t := range chain {
		if t == at {
			continue
		}
		nb.Land[t] = Holding{Corp: corp, Teams: 1}
		f.Absorbed = append(f.Absorbed, t)
	}
	nb.Land[at] = Holding{Corp: corp, Teams: FoundTeams}
	nb.Towers[corp] = at
	return nb, f, nil
}

// Absorb lets corporation corp, which borders at, take the Mom & Pop there
// with 1 team. Only that Mom & Pop is taken.
func Absorb(g *Geography, b Board, at, corp string) (Board, error) {
	if err := requireMomPop(g, b, at); err != nil {
		return b, err
	}
	if !contains(Bordering(g, b, at), corp) {
		return b, engine.Refuse("absorb-bordering-only", "Only a corporation bordering %s can absorb its Mom & Pop.", g.Name(at))
	}
	nb := b.Clone()
	nb.Land[at] = Holding{Corp: corp, Teams: 1}
	return nb, nil
}

// Merger is a proposed friendly merger around a Mom & Pop: the survivor and
// the corporations it absorbs, largest first, each with its size just
// before the merger (which prices its bonuses).
type Merger struct {
	At       string          `json:"at"`
	Survivor string          `json:"survivor"`
	Sizes    map[string]Size `json:"sizes"`
	Defunct  []string        `json:"defunct"` // handled in this order
}

// Corps lists every corporation in the merger, survivor first.
func (m Merger) Corps() []string { return append([]string{m.Survivor}, m.Defunct...) }

// PlanMerger works out a merger of corps: every corporation bordering at
// (two or more), none left out.
// The largest survives; the others are absorbed largest first. corps is in
// the placing player's order of preference, which settles equal sizes. A
// corporation of size 11 or more is safe: it may survive but never be
// absorbed.
func PlanMerger(g *Geography, b Board, at string, corps []string) (Merger, error) {
	if err := requireMomPop(g, b, at); err != nil {
		return Merger{}, err
	}
	if len(corps) < 2 {
		return Merger{}, engine.Refuse("merge-two-or-more", "A merger needs two or more corporations.")
	}
	border := Bordering(g, b, at)
	if len(corps) < len(border) {
		return Merger{}, engine.Refuse("merge-all-bordering", "A merger through %s takes in every corporation bordering it (%d of them), not %d.", g.Name(at), len(border), len(corps))
	}
	m := Merger{At: at, Sizes: map[string]Size{}}
	pref := map[string]int{}
	for i, c := range corps {
		if _, dup := pref[c]; dup {
			return Merger{}, engine.Refuse("merge-two-or-more", "A corporation is named twice in the merger.")
		}
		if !contains(border, c) {
			return Merger{}, engine.Refuse("merge-bordering-only", "Only corporations bordering %s can merge through it.", g.Name(at))
		}
		pref[c] = i
		m.Sizes[c] = SizeOf(g, b, c)
	}
	order := append([]string(nil), corps...)
	sort.SliceStable(order, func(i, j int) bool { return m.Sizes[order[i]].Size > m.Sizes[order[j]].Size })
	m.Survivor, m.Defunct = order[0], order[1:]
	for _, c := range m.Defunct {
		if m.Sizes[c].Size >= acquire.SafeSize {
			return Merger{}, engine.Refuse("safe-size", "A corporation of size %d or more is safe and cannot be merged away (one is size %d).", acquire.SafeSize, m.Sizes[c].Size)
		}
	}
	return m, nil
}

// Merge carries out an agreed merger: the Mom & Pop becomes 1 team of the
// survivor, every defunct corporation's teams take the survivor's colour
// and its tower is removed.
func Merge(g *Geography, b Board, m Merger) Board {
	nb := b.Clone()
	for _, c := range m.Defunct {
		for _, t := range b.Held(c) {
			h := nb.Land[t]
			h.Corp = m.Survivor
			nb.Land[t] = h
		}
		delete(nb.Towers, c)
	}
	nb.Land[m.At] = Holding{Corp: m.Survivor, Teams: 1}
	return nb
}
