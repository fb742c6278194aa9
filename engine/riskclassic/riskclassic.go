// Package riskclassic is classic RISK as the club plays it: the classic map,
// fixed set values, +2 armies on a traded card's own territory, the optional
// Empire rule and the optional rampaging neutral players. The turn machinery
// is engine/conquest's; the map, dice and odds are engine/risk's.
package riskclassic

import (
	"fmt"
	"sort"
	"strings"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
)

// Rules implements engine.Rules for classic RISK: the turn machinery every
// conquest variant shares (conquest.Game), with this game's own view,
// settings' form and remembered setting.
type Rules struct{ conquest.Game[Rules] }

// Variant names this game's part for conquest.Game (conquest.Variation).
func (Rules) Variant() *conquest.Variant { return Variant }

// Variant is classic RISK's part of the shared machinery.
var Variant = &conquest.Variant{
	Kind: "risk", Title: "RISK (club house rules)", MinSeats: 2, MaxSeats: 6,
	Prepare: prepare, Deck: deck, StartArmies: startArmies, Deal: true,
	SetValue: setValue, CardBonus: true, Extra: empire,
	Basic:     func(conquest.Settings) bool { return true },
	Fortify:   func(conquest.Settings) bool { return true },
	ElimTrade: true,
}

// BGGID is RISK's entry on BoardGameGeek (engine.Catalogued): the club's
// house rules are still RISK.
func (Rules) BGGID() int { return 181 }

// View is the board for one viewer.
func (Rules) View(s engine.State, v engine.Viewer) any {
	return conquest.ViewFor(Variant, s, v, Help(s.(*conquest.State).Settings))
}

// StartTable is the house rules' start armies by the number of players
// (neutrals count as players).
var StartTable = map[int]int{2: 40, 3: 35, 4: 30, 5: 25, 6: 20}

func prepare(set *conquest.Settings, seats int) (*risk.Map, error) {
	if set.Neutrals < 0 || set.Neutrals > 4 || seats+set.Neutrals > 6 {
		return nil, fmt.Errorf("up to 4 rampaging neutral players, and 6 colours in all: %d players and %d neutrals do not fit", seats, set.Neutrals)
	}
	if set.Symbols == "" {
		set.Symbols = risk.ClassicSymbols
	}
	set.Symbols = strings.ToUpper(strings.TrimSpace(set.Symbols))
	if _, err := risk.ParseSymbols(set.Symbols, risk.Classic().Len()); err != nil {
		return nil, err
	}
	if set.StartArmies < 0 || set.StartArmies > 200 {
		return nil, fmt.Errorf("start armies are 0 (the house rules' table) up to 200, not %d", set.StartArmies)
	}
	set.Layout, set.Wrap, set.NoBasic, set.Fortify = "", "", false, false
	return risk.Classic(), nil
}

// Jokers is how many wild cards the deck holds besides one card per territory.
const Jokers = 2

func deck(set conquest.Settings, m *risk.Map) []conquest.Card {
	syms, _ := risk.ParseSymbols(set.Symbols, m.Len())
	var out []conquest.Card
	for i, sym := range syms {
		out = append(out, conquest.Card{ID: i, Territory: i, Kind: string(sym), Label: fmt.Sprintf("%s (%s)", m.Name(risk.TerritoryID(i)), sym)})
	}
	for j := range Jokers {
		out = append(out, conquest.Card{ID: m.Len() + j, Territory: -1, Kind: conquest.Wild, Label: "Joker"})
	}
	return out
}

func startArmies(set conquest.Settings, _, players int) (int, string) {
	if set.StartArmies > 0 {
		return set.StartArmies, fmt.Sprintf("%d start armies each, as the table set", set.StartArmies)
	}
	n := StartTable[players]
	return n, fmt.Sprintf("%d players: %d start armies each (house rules)", players, n)
}

// SetValues are the house rules' fixed worths: they never grow.
var SetValues = map[string]int{string(risk.Artillery): 10, string(risk.Cavalry): 8, string(risk.Infantry): 6}

// OneOfEach is the worth of a set of one of each symbol.
const OneOfEach = 8

// setSymbols are the symbols in the order the house rules price them.
var setSymbols = []string{string(risk.Artillery), string(risk.Cavalry), string(risk.Infantry)}

// SetPrice is one of the house rules' sets and its fixed worth.
type SetPrice struct {
	Set    string
	Armies int
}

// SetPrices lists the house rules' sets with their worths, in the order
// the rules price them (printed aids show this list).
func SetPrices() []SetPrice {
	var out []SetPrice
	for _, k := range setSymbols {
		out = append(out, SetPrice{Set: "three " + k, Armies: SetValues[k]})
	}
	return append(out, SetPrice{Set: "one of each", Armies: OneOfEach})
}

// setValue is the best worth of three cards (a joker counts as whatever
// symbol makes the set worth most).
func setValue(kinds []string, _ int) (int, string) {
	var real []string
	jokers := 0
	for _, k := range kinds {
		if k == conquest.Wild {
			jokers++
		} else {
			real = append(real, k)
		}
	}
	best, why := 0, ""
	for _, k := range setSymbols {
		all := true
		for _, r := range real {
			if r != k {
				all = false
			}
		}
		if all && SetValues[k] > best {
			best, why = SetValues[k], fmt.Sprintf("3 %s = %d", k, SetValues[k])
		}
	}
	distinct := true
	for i := range real {
		for j := i + 1; j < len(real); j++ {
			if real[i] == real[j] {
				distinct = false
			}
		}
	}
	if distinct && OneOfEach > best {
		best, why = OneOfEach, fmt.Sprintf("one of each = %d", OneOfEach)
	}
	if jokers > 0 {
		why += fmt.Sprintf(" (%d joker%s counted at best)", jokers, map[bool]string{true: "s", false: ""}[jokers > 1])
	}
	return best, why
}

// EmpireContinents are where empires count, and EmpireBig where a linked
// group of 7 is worth 2.
var (
	EmpireContinents = []risk.ContinentID{risk.Africa, risk.Asia, risk.Europe, risk.NorthAmerica}
	EmpireBig        = map[risk.ContinentID]bool{risk.Asia: true, risk.NorthAmerica: true}
)

// empire adds the Empire rule's builds: each group of 5 or more of the
// player's territories linked within Africa, Asia, Europe or North America is
// worth 1, a group of 7 or more within Asia or North America 2; nothing at
// all for a player who holds any whole continent.
func empire(s *conquest.State, p int, b *conquest.Build) {
	if !s.Settings.Empire {
		return
	}
	m := s.Map()
	held := m.ContinentsHeld(func(t risk.TerritoryID) bool { return s.Owner[t] == p })
	if len(held) > 0 {
		c, _ := m.Continent(held[0])
		b.Lines = append(b.Lines, conquest.Line{Why: fmt.Sprintf("Empire rule: none, since %s holds all of %s", s.Players[p].Name, c.Name)})
		return
	}
	for _, cid := range EmpireContinents {
		c, _ := m.Continent(cid)
		for _, g := range Groups(m, cid, func(t risk.TerritoryID) bool { return s.Owner[t] == p }) {
			switch {
			case len(g) >= 7 && EmpireBig[cid]:
				b.Lines = append(b.Lines, conquest.Line{Why: fmt.Sprintf("Empire: %d linked territories in %s (7 or more)", len(g), c.Name), Armies: 2})
				b.Total += 2
			case len(g) >= 5:
				b.Lines = append(b.Lines, conquest.Line{Why: fmt.Sprintf("Empire: %d linked territories in %s (5 or more)", len(g), c.Name), Armies: 1})
				b.Total++
			}
		}
	}
}

// Groups lists the linked groups of held territories within one continent
// (linked by borders inside that continent).
func Groups(m *risk.Map, cid risk.ContinentID, held func(risk.TerritoryID) bool) [][]risk.TerritoryID {
	c, _ := m.Continent(cid)
	in := map[risk.TerritoryID]bool{}
	for _, t := range c.Territories {
		in[t] = held(t)
	}
	seen := map[risk.TerritoryID]bool{}
	var out [][]risk.TerritoryID
	for _, t := range c.Territories {
		if !in[t] || seen[t] {
			continue
		}
		var g []risk.TerritoryID
		stack := []risk.TerritoryID{t}
		seen[t] = true
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			g = append(g, x)
			for _, n := range m.Neighbours(x) {
				if in[n] && !seen[n] {
					seen[n] = true
					stack = append(stack, n)
				}
			}
		}
		out = append(out, g)
	}
	return out
}

// The help's numbers are read from the rules' own tables, never retyped.

func startArmiesText() string {
	var parts []string
	for n := 2; n <= 6; n++ {
		parts = append(parts, fmt.Sprintf("%d players %d", n, StartTable[n]))
	}
	return strings.Join(parts, ", ")
}

func continentsText() string {
	cs := risk.Classic().Continents()
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%s %d", c.Name, c.Bonus))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

func setsText() string {
	var parts []string
	for _, p := range SetPrices() {
		parts = append(parts, fmt.Sprintf("%s %d", strings.Replace(p.Set, "three ", "3 ", 1), p.Armies))
	}
	return strings.Join(parts, ", ")
}

// Help says how Tableside reads the house rules.
func Help(set conquest.Settings) []string {
	h := []string{
		"Start armies: " + startArmiesText() + " (rampaging neutrals count as players).",
		"Set-up: the 42 territory cards are dealt round from the first player (jokers left out, so a territory card always comes instead); each player then places the rest of their start armies, starting with the player seated after whoever was dealt the last card: " + conquest.PlacingHelp(set) + ". Or the app deals and places every start army evenly at random, with its own recorded dice, and the first turn begins at once.",
		"Build each turn: territories / 3 (at least 3), plus each whole continent (" + continentsText() + ").",
		"Sets never grow: " + setsText() + "; a joker counts as whatever makes the set worth most. Each traded card whose territory you hold puts 2 more armies there at once.",
		"One set a turn, at its start (two when the turn began with 5 or 6 cards, as the Parker Brothers rules allow); with 5 or more cards you must trade before placing. Taking an eliminated player's cards up to 6 or more means trading at once down to 4 or fewer.",
		"Fortify: one move at the end of the turn, from one territory to a neighbouring one of yours; one army always stays.",
		defenceHelp(set),
	}
	if set.Empire {
		h = append(h, "Empire rule (on): each group of 5 or more of your territories linked inside Africa, Asia, Europe or North America is worth 1; a group of 7 or more within Asia or North America is worth 2 instead. Tableside counts each linked group once. No empire builds at all while you hold a whole continent.")
	}
	if set.Neutrals > 0 {
		h = append(h, "Rampaging neutral (on): it plays last; its start armies are 1 on each territory dealt to it and the rest are shared among the real players, who place them first, on that neutral's own territories (with two or more neutrals, each has its own start armies). Its build is counted like anyone's and shared out (odd armies to the highest die). After the build, each neutral territory with 8 or more armies rampages: the app numbers its neighbouring opposing territories, rolls a die for the direction (rolling again when the die is above the count), fights to the end and moves all but one army in, and goes on until the group is down to one army. It draws a card when it conquered, and trades a set by itself on its next turn.")
	}
	return h
}

// defenceHelp says who chooses the defender's dice.
func defenceHelp(set conquest.Settings) string {
	if set.DefendMost {
		return "Defender always rolls the most dice (set by the table): 2 while it has 2 or more armies; nobody is asked."
	}
	return "The defender chooses 1 or 2 dice: with the app's dice the attack waits for the defender's phone (or the host for a defender without one). Typed real dice carry both sides' faces."
}
