package conquest

import (
	"fmt"

	"tableside/engine"
)

// View is what a screen shows.
type View struct {
	Kind        string            `json:"kind"`
	Phase       string            `json:"phase"`
	PhaseName   string            `json:"phaseName"`
	Viewer      int               `json:"viewer"`
	Players     []PlayerView      `json:"players"`
	Territories []TerritoryView   `json:"territories"`
	Continents  []ContinentView   `json:"continents"`
	Turn        int               `json:"turn"`
	Placer      int               `json:"placer"`
	Actor       int               `json:"actor"`  // who is to act (-1: the host or anyone)
	CanAct      bool              `json:"canAct"` // this viewer may act now
	Build       *Build            `json:"build,omitempty"`
	Pool        int               `json:"pool"`
	HandOf      int               `json:"handOf"`
	Hand        []Card            `json:"hand"`
	Sets        []SetHint         `json:"sets"`
	MustTrade   bool              `json:"mustTrade"`
	CanTrade    bool              `json:"canTrade"` // the hand shown may trade a set now (the screen offers its sets)
	Pending     *Pending          `json:"pending,omitempty"`
	Defence     *Defence          `json:"defence,omitempty"` // an attack waiting for the defender's dice
	Last        *Battle           `json:"last,omitempty"`
	Rampage     []RampageStep     `json:"rampage"`
	Shares      *Shares           `json:"shares,omitempty"`
	Deck        int               `json:"deck"`
	Discard     int               `json:"discard"`
	Winner      int               `json:"winner"`
	Settings    Settings          `json:"settings"`
	Note        string            `json:"note,omitempty"`
	SetsTraded  int               `json:"setsTraded"`
	Help        []string          `json:"help"`
	Own         []TerritoryChoice `json:"own"` // the actor's territories, for forms
	Fortify     bool              `json:"fortify"`
	// PlaceMost is how many start armies the placer may put down with one
	// command now: 1 (the rules), or the whole pool with Settings.PlaceMany.
	PlaceMost int `json:"placeMost"`
	// Feed tells the rampaging neutral's last turn move by move, in words.
	Feed []string `json:"feed"`
	// Told is what that turn did to the viewer's own territories ("Neutral
	// took Alaska from you"): a phone is told when it lost something.
	Told []string `json:"told"`
}

// PlayerView is one player as everyone sees them.
type PlayerView struct {
	Index          int    `json:"index"`
	Name           string `json:"name"`
	Colour         string `json:"colour"`
	Letter         string `json:"letter"`
	Neutral        bool   `json:"neutral"`
	Out            bool   `json:"out"`
	Territories    int    `json:"territories"`
	Armies         int    `json:"armies"`
	Cards          int    `json:"cards"`
	ToPlace        int    `json:"toPlace"`
	NeutralToPlace int    `json:"neutralToPlace"`
}

// TerritoryView is one territory on the board.
type TerritoryView struct {
	ID         int    `json:"id"`
	Name       string `json:"name"`
	Continent  int    `json:"continent"`
	Owner      int    `json:"owner"`
	Armies     int    `json:"armies"`
	Neighbours []int  `json:"neighbours"`
}

// ContinentView is a continent and who holds all of it.
type ContinentView struct {
	Name   string `json:"name"`
	Bonus  int    `json:"bonus"`
	Size   int    `json:"size"`
	Holder int    `json:"holder"`
}

// SetHint is a set the hand could trade now, with its worth.
type SetHint struct {
	Cards []int  `json:"cards"`
	Value int    `json:"value"`
	Why   string `json:"why"`
}

// TerritoryChoice is a territory for a form's list.
type TerritoryChoice struct {
	ID    int    `json:"id"`
	Label string `json:"label"`
}

// ViewFor builds a viewer's view. The deck's order and every hand but the
// viewer's own stay hidden: a hand is a seat's secret, so the host, like
// the public, sees how many cards each player holds and never which (a
// player's cards are on their phone; docs/phones.md). A table without
// phones turns on Settings.LaptopHands, and the host then sees the hand of
// the player on turn, who acts on the laptop; looking back (the timeline,
// who.Past) it never does, since whoever sits at the laptop now may not be
// the player who was on turn then.
func ViewFor(v *Variant, st engine.State, who engine.Viewer, help []string) View {
	s := st.(*State)
	vw := View{Kind: s.Kind, Phase: s.Phase, PhaseName: phaseName(s.Phase), Viewer: who.Seat, Turn: s.Turn, Placer: s.Placer,
		Build: s.Build, Pool: s.Pool, MustTrade: s.MustTrade, Pending: s.Pending, Defence: s.Defence, Last: s.Last, Rampage: s.Rampage,
		Shares: s.Shares, Deck: len(s.Deck), Discard: len(s.Discard), Winner: s.Winner, Settings: s.Settings,
		Note: s.setupNote(), SetsTraded: s.Sets, Help: help, HandOf: -1, Hand: []Card{}, Sets: []SetHint{},
		Fortify: v.Fortify(s.Settings)}
	for i, p := range s.Players {
		pv := PlayerView{Index: i, Name: p.Name, Colour: p.Colour, Letter: letter(p.Name, i), Neutral: p.Neutral, Out: p.Out,
			Cards: len(s.Hands[i]), ToPlace: s.ToPlace[i], NeutralToPlace: s.NeutralToPlace[i]}
		for t, o := range s.Owner {
			if o == i {
				pv.Territories++
				pv.Armies += s.Armies[t]
			}
		}
		vw.Players = append(vw.Players, pv)
	}
	for _, t := range s.m.Territories() {
		tv := TerritoryView{ID: int(t.ID), Name: t.Name, Continent: int(t.Continent), Owner: s.Owner[t.ID], Armies: s.Armies[t.ID]}
		for _, n := range s.m.Neighbours(t.ID) {
			tv.Neighbours = append(tv.Neighbours, int(n))
		}
		vw.Territories = append(vw.Territories, tv)
	}
	for _, c := range s.m.Continents() {
		cv := ContinentView{Name: c.Name, Bonus: c.Bonus, Size: len(c.Territories), Holder: -1}
		if len(c.Territories) > 0 {
			h := s.Owner[c.Territories[0]]
			for _, t := range c.Territories {
				if s.Owner[t] != h {
					h = -1
				}
			}
			cv.Holder = h
		}
		vw.Continents = append(vw.Continents, cv)
	}
	vw.PlaceMost = s.placeMost()
	vw.Feed, vw.Told = s.rampageFeed(who.Seat)
	vw.Actor = s.actor()
	vw.CanAct = vw.Actor >= 0 && (who.IsHost() || who.Seat == vw.Actor) || vw.Actor == -1 && who.IsHost()
	if s.Phase == PhaseNeutral && who.Seat >= 0 && who.Seat < len(s.ToPlace) && s.ToPlace[who.Seat] > 0 {
		vw.CanAct = true
	}
	hand := who.Seat
	if who.IsHost() && !who.Past && s.Settings.LaptopHands && s.Turn >= 0 && s.Turn < len(s.Players) && !s.Players[s.Turn].Neutral {
		hand = s.Turn
	}
	if hand >= 0 && hand < len(s.Hands) {
		vw.HandOf, vw.Hand = hand, s.Hands[hand]
		vw.Sets = sets(v, s, s.Hands[hand])
	}
	vw.CanTrade = vw.CanAct && vw.HandOf == s.Turn && (s.Phase == PhaseReinforce || s.MustTrade) && s.SecondSetAllowed(v)
	if vw.CanAct {
		vw.choices(s)
	}
	return vw
}

// actor is who acts now: the placer, the turn player, -1 for anyone (a
// neutral's build, shared out) or -2 for nobody.
func (s *State) actor() int {
	switch s.Phase {
	case PhaseClaim, PhasePlace:
		return s.Placer
	case PhaseReinforce, PhaseAttack, PhaseFortify:
		if s.Defence != nil {
			return s.Defence.Defender
		}
		return s.Turn
	case PhaseNeutral:
		return -1
	case PhaseSetup:
		return -1
	}
	return -2
}

func letter(name string, i int) string {
	for _, r := range name {
		return string(r)
	}
	return fmt.Sprint(i + 1)
}

func sets(v *Variant, s *State, hand []Card) []SetHint {
	out := []SetHint{}
	for i := range hand {
		for j := i + 1; j < len(hand); j++ {
			for k := j + 1; k < len(hand); k++ {
				c := []Card{hand[i], hand[j], hand[k]}
				if IsSet(c) {
					val, why := v.SetValue(kindsOf(c), s.Sets)
					out = append(out, SetHint{Cards: []int{c[0].ID, c[1].ID, c[2].ID}, Value: val, Why: why})
				}
			}
		}
	}
	return out
}

// choices fills the list of the actor's territories a screen's form
// offers (the moves themselves, attacks with their odds among them, are on
// the move sheet: Moves).
func (vw *View) choices(s *State) {
	if s.Defence != nil {
		return // the defender answers in the turn bar; nothing else moves
	}
	for t, o := range s.Owner {
		if vw.Actor >= 0 && o == vw.Actor {
			vw.Own = append(vw.Own, TerritoryChoice{ID: t, Label: fmt.Sprintf("%s (%d)", s.m.Name(riskID(t)), s.Armies[t])})
		}
	}
}

// rampageFeed says the neutral's last turn move by move, and what it did to
// seat's territories (told is empty for the host and the public).
func (s *State) rampageFeed(seat int) (feed, told []string) {
	feed, told = []string{}, []string{}
	tn := func(t int) string { return s.m.Name(riskID(t)) }
	for i, st := range s.Rampage {
		line := fmt.Sprintf("%d. %s, %d armies on %s, rolls %s for %d neighbours: attacks %s", i+1, s.name(st.Neutral), st.Armies, tn(st.From), dieFaces(st.Faces), len(st.Options), tn(st.Target))
		r := st.Result
		if r == nil {
			feed = append(feed, line+".")
			continue
		}
		line += fmt.Sprintf(" (%s)", s.name(r.Defender))
		if r.Conquered {
			line += fmt.Sprintf(" and takes it: lost %d, %s lost %d", r.AttLost, s.name(r.Defender), r.DefLost)
			if r.Moved > 0 {
				line += fmt.Sprintf("; %d move in", r.Moved)
			}
		} else {
			line += fmt.Sprintf(" and is held: lost %d, %s lost %d", r.AttLost, s.name(r.Defender), r.DefLost)
		}
		feed = append(feed, line+".")
		if seat < 0 || r.Defender != seat {
			continue
		}
		if r.Conquered {
			told = append(told, fmt.Sprintf("%s took %s from you (attacking from %s); you lost %d armies there.", s.name(st.Neutral), tn(st.Target), tn(st.From), r.DefLost))
		} else if r.DefLost > 0 {
			told = append(told, fmt.Sprintf("%s attacked %s from %s: you held it and lost %d armies.", s.name(st.Neutral), tn(st.Target), tn(st.From), r.DefLost))
		}
	}
	return feed, told
}

// dieFaces says the direction dice: "3", or "6, then 2" when re-rolled.
func dieFaces(fs []int) string {
	out := ""
	for i, f := range fs {
		if i > 0 {
			out += ", then "
		}
		out += fmt.Sprint(f)
	}
	return out
}

// placeMost is the most start armies the placer may put down at once: 1 one
// at a time, else what is left of the pool they place from (0 outside
// set-up placement).
func (s *State) placeMost() int {
	p := s.Placer
	if s.Phase != PhasePlace || p < 0 || p >= len(s.Players) {
		return 0
	}
	left := s.ToPlace[p]
	if s.NeutralToPlace[p] > 0 {
		left = s.NeutralToPlace[p]
	}
	if !s.Settings.PlaceMany {
		return min(1, left)
	}
	return left
}

// setupNote is how the game was set up (who places first, how the
// territories were dealt), said while the start armies go down: once the
// first turn begins it is history, which the feed keeps.
func (s *State) setupNote() string {
	if s.Phase == PhaseClaim || s.Phase == PhasePlace {
		return s.LastNote
	}
	return ""
}
