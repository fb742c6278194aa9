package acquire

import "fmt"

// Company is one of the seven companies. ID is stable across name sets, so
// a game's log does not depend on which names the table prefers.
type Company struct {
	ID     string `json:"id"`     // "c1" .. "c7"
	Name   string `json:"name"`   // in the chosen name set
	Letter string `json:"letter"` // badge, so colour is never the only signal
	Tier   Tier   `json:"tier"`
	Colour string `json:"colour"` // colour-blind-safe default (Okabe-Ito palette)
}

// NameSet is one edition's company names.
type NameSet string

// The three editions' names; Classic is the default (Cold Cash Risk's own
// example uses it).
const (
	Classic    NameSet = "classic"
	Corp1999   NameSet = "1999"
	Hotels2008 NameSet = "2008"
)

// NameSets lists the name sets in menu order.
var NameSets = []NameSet{Classic, Corp1999, Hotels2008}

var names = map[NameSet][7]string{
	Classic:    {"Tower", "Luxor", "American", "Worldwide", "Festival", "Imperial", "Continental"},
	Corp1999:   {"Sackson", "Zeta", "America", "Fusion", "Hydra", "Phoenix", "Quantum"},
	Hotels2008: {"Tower", "Sackson", "American", "Worldwide", "Festival", "Imperial", "Continental"},
}

var tiers = [7]Tier{Cheap, Cheap, Medium, Medium, Medium, Expensive, Expensive}

var colours = [7]string{"#E69F00", "#D55E00", "#0072B2", "#009E73", "#CC79A7", "#56B4E9", "#B8A600"}

// Companies returns the seven companies with the set's names, cheapest first.
func Companies(set NameSet) ([]Company, error) {
	n, ok := names[set]
	if !ok {
		return nil, fmt.Errorf("name set %q: want classic, 1999 or 2008", set)
	}
	cs := make([]Company, 7)
	for i := range cs {
		cs[i] = Company{ID: fmt.Sprintf("c%d", i+1), Name: n[i], Letter: n[i][:1], Tier: tiers[i], Colour: colours[i]}
	}
	return cs, nil
}

// Certificates is how many shares of each company exist.
const Certificates = 25

// StartingCash is each player's cash at the start, in dollars.
const StartingCash = 6000

// Colours lists each company's colour by ID ("c1": "#E69F00"), the one
// source for every screen's badges and map.
func Colours() map[string]string {
	out := make(map[string]string, len(colours))
	for i, c := range colours {
		out[fmt.Sprintf("c%d", i+1)] = c
	}
	return out
}
