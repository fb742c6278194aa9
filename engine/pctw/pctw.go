// Package pctw is Piecepack Conquers the World, a RISK variant on piecepack
// tiles. Its rulebook is an alpha draft that contradicts itself, so the map
// is a setting (a layout of tiles); Help says how Tableside reads the rest.
// The turn machinery is engine/conquest's; battles are engine/risk's.
package pctw

import (
	"fmt"
	"strings"
	"sync"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
)

// Rules implements engine.Rules for Piecepack Conquers the World: the turn machinery every
// conquest variant shares (conquest.Game), with this game's own view,
// settings' form and remembered setting.
type Rules struct{ conquest.Game[Rules] }

// Variant names this game's part for conquest.Game (conquest.Variation).
func (Rules) Variant() *conquest.Variant { return Variant }

// Variant is the game's part of the shared machinery.
var Variant = &conquest.Variant{
	Kind: "pctw", Title: "Piecepack Conquers the World", MinSeats: 2, MaxSeats: 4,
	Prepare: prepare, Deck: deck, StartArmies: startArmies, Deal: false,
	SetValue:   setValue,
	Basic:      func(s conquest.Settings) bool { return !s.NoBasic },
	Fortify:    func(s conquest.Settings) bool { return s.Fortify },
	MultiTrade: true,
}

// View is the board for one viewer, with the grid to draw it.
type View struct {
	conquest.View
	Grid     Grid     `json:"grid"`
	SetAside []string `json:"setAside"`
	DeckList []string `json:"deckList"`
	NextSet  int      `json:"nextSet"`
}

// View is the board for one viewer.
func (Rules) View(st engine.State, v engine.Viewer) any {
	s := st.(*conquest.State)
	b, _ := board(s.Settings.Layout, s.Settings.Wrap)
	aside, cards := SetAside(b)
	next, _ := setValue(nil, s.Sets)
	return View{View: conquest.ViewFor(Variant, s, v, Help(s.Settings, b)), Grid: b.Grid, SetAside: aside, DeckList: cards, NextSet: next}
}

// boards keeps recently parsed layouts: a layout is read-only once built,
// and View needs the board for every viewer of every change. The layout is
// a setting a client sends, so the cache is bounded: at most maxBoards
// layouts are kept, and an arbitrary one makes room for a new one.
var boards = struct {
	sync.Mutex
	m map[string]*Board
}{m: map[string]*Board{}}

// maxBoards is how many layouts the cache keeps: far more than a club plays
// at once, and a few megabytes at most.
const maxBoards = 32

func board(layout, wrap string) (*Board, error) {
	if layout == "" {
		layout = DefaultLayout
	}
	key := layout + "|" + wrap
	boards.Lock()
	b, ok := boards.m[key]
	boards.Unlock()
	if ok {
		return b, nil
	}
	b, err := Parse(layout, wrap)
	if err != nil {
		return nil, err
	}
	boards.Lock()
	defer boards.Unlock()
	if len(boards.m) >= maxBoards {
		for k := range boards.m {
			delete(boards.m, k)
			break
		}
	}
	boards.m[key] = b
	return b, nil
}

// cachedBoards is how many layouts the cache holds (for its test).
func cachedBoards() int {
	boards.Lock()
	defer boards.Unlock()
	return len(boards.m)
}

func prepare(set *conquest.Settings, seats int) (*risk.Map, error) {
	if set.Neutrals != 0 || set.Empire {
		return nil, fmt.Errorf("rampaging neutrals and the Empire rule belong to classic RISK, not to this game")
	}
	if strings.TrimSpace(set.Layout) == "" {
		set.Layout = DefaultLayout
	}
	if set.Wrap == "" {
		set.Wrap = "x"
	}
	if set.StartArmies < 0 || set.StartArmies > 200 {
		return nil, fmt.Errorf("start armies are 0 (the formula) up to 200, not %d", set.StartArmies)
	}
	set.Symbols = ""
	b, err := board(set.Layout, set.Wrap)
	if err != nil {
		return nil, err
	}
	return b.Map, nil
}

// deck is the second piecepack's tiles matching the map's, plus the aces of
// the suits whose ace is not on the map: those are wild.
func deck(set conquest.Settings, _ *risk.Map) []conquest.Card {
	b, _ := board(set.Layout, set.Wrap)
	return deckOf(b)
}

func deckOf(b *Board) []conquest.Card {
	var out []conquest.Card
	for _, c := range b.Grid.Cells {
		out = append(out, conquest.Card{ID: c.Territory, Territory: c.Territory, Kind: SuitNames[c.Tile.Suit], Label: c.Tile.Name()})
	}
	for _, a := range WildAces(b) {
		out = append(out, conquest.Card{ID: len(out), Territory: -1, Kind: conquest.Wild, Label: a.Name() + " (wild)"})
	}
	return out
}

// WildAces are the aces of the suits whose ace is not on the map: the
// second piecepack's copies join the deck as wild cards.
func WildAces(b *Board) []Tile {
	var out []Tile
	for s := range SuitNames {
		on := false
		for _, c := range b.Grid.Cells {
			if c.Tile == (Tile{Suit: s, Rank: 1}) {
				on = true
			}
		}
		if !on {
			out = append(out, Tile{Suit: s, Rank: 1})
		}
	}
	return out
}

// AsideTiles are the first piecepack's tiles left off the map, in suit
// and rank order.
func AsideTiles(b *Board) []Tile {
	on := map[Tile]bool{}
	for _, c := range b.Grid.Cells {
		on[c.Tile] = true
	}
	var out []Tile
	for s := range SuitNames {
		for r := range RankNames {
			if t := (Tile{s, r}); !on[t] {
				out = append(out, t)
			}
		}
	}
	return out
}

// SetAside lists the first piecepack's tiles left off the map, and the
// second piecepack's tiles that become the cards.
func SetAside(b *Board) (aside, cards []string) {
	for _, t := range AsideTiles(b) {
		aside = append(aside, t.Name())
	}
	for _, c := range deckOf(b) {
		cards = append(cards, c.Label)
	}
	return aside, cards
}

func startArmies(set conquest.Settings, territories, players int) (int, string) {
	if set.StartArmies > 0 {
		return set.StartArmies, fmt.Sprintf("%d start armies each, as the table set", set.StartArmies)
	}
	n := StartArmies(territories, players)
	return n, fmt.Sprintf("%d territories / %d players = %d (rounded down), + %d = %d start armies each", territories, players, territories/players, StartExtra, n)
}

// StartExtra is what every player gets on top of their share of the map.
const StartExtra = 6

// StartArmies is each player's start armies by the formula: the map's
// territories shared out among the players (rounded down), plus StartExtra.
// The draft writes 14 for the territories; Tableside counts the real map.
func StartArmies(territories, players int) int { return territories/players + StartExtra }

// DefaultBoard is the default layout with the default wrap-around, the map
// printed setup sheets show.
func DefaultBoard() *Board {
	b, err := board(DefaultLayout, "x")
	if err != nil {
		panic("pctw: the default layout does not parse: " + err.Error())
	}
	return b
}

// SetWorth is the worth of the game's n-th set (from 1): 2, 3, 4, then 2
// more each time.
func SetWorth(n int) int {
	if n <= 3 {
		return n + 1
	}
	return 4 + 2*(n-3)
}

func setValue(_ []string, sets int) (int, string) {
	n := sets + 1
	return SetWorth(n), fmt.Sprintf("set number %d of the game = %d", n, SetWorth(n))
}

// Help says, for the players, how Tableside plays the game: the rulebook is
// a draft that contradicts itself (see the package comment), and players
// need the reading, not the argument.
func Help(set conquest.Settings, b *Board) []string {
	var sizes []string
	for _, c := range b.Map.Continents() {
		sizes = append(sizes, fmt.Sprintf("%s %d tiles (+%d)", c.Name, len(c.Territories), c.Bonus))
	}
	aside, _ := SetAside(b)
	wrap := map[string]string{"x": "each row's two ends are linked (east-west, like the globe)", "xy": "each row's and each column's ends are linked", "none": "no wrap-around links"}[set.Wrap]
	h := []string{
		"The map is one piecepack's tiles: each suit is a continent, with the aces of two suits and one five set aside so the continents differ in size (the host may change the layout before the start).",
		fmt.Sprintf("This map: %d tiles; %s. Set aside: %s.", b.Map.Len(), strings.Join(sizes, ", "), strings.Join(aside, ", ")),
		"Continent bonus by size: the smallest 2, the next 3, the largest ones 4.",
		"Wrap-around (pawns on the table): " + wrap + ".",
		"Start armies: the map's tiles divided by the players, rounded down, + 6.",
		"Cards: the second piecepack's tiles matching the map, plus the aces of the suits whose ace is set aside, which are wild.",
		"A set is three tiles of one suit or of three different suits (a wild ace fits either): with 5 cards one can always be made, as the forced trade needs. Sets are worth 2, 3, 4, then 2 more each time, counted over the whole game; several may be traded in one turn, at its start.",
		"With five or more cards at the start of a turn, sets must be traded until fewer than five remain. An eliminated player's cards go to the attacker.",
		"Claiming: players place one army in turn on an empty tile until all are taken, then reinforce their own tiles with the rest: " + conquest.PlacingHelp(set) + ".",
		"The defender rolls up to two dice and chooses how many: with the app's dice the attack waits for the defender's phone (or the host for a defender without one), unless the table set \"defender always rolls the most\".",
	}
	if !set.NoBasic {
		h = append(h, "Build each turn: your tiles divided by 3, at least 3, plus continent bonuses and sets.")
	}
	if set.Fortify {
		h = append(h, "Fortify (on): one move at the end of the turn to a neighbouring tile of yours.")
	} else {
		h = append(h, "No fortifying move: the turn ends after the attacks.")
	}
	return h
}
