package risk

import "fmt"

// Symbol is the troop symbol on a territory card.
type Symbol string

// The three troop symbols and the wild card (joker).
const (
	Infantry  Symbol = "infantry"
	Cavalry   Symbol = "cavalry"
	Artillery Symbol = "artillery"
	Wild      Symbol = "wild"
)

// SymbolLetters maps the one-letter code a settings string uses to a symbol.
var SymbolLetters = map[byte]Symbol{'I': Infantry, 'C': Cavalry, 'A': Artillery}

// ClassicSymbols is the default symbol of each classic territory's card, in
// territory ID order, as one letter each (I, C, A). No public list is
// authoritative, so this is data a table may replace; the default cycles
// infantry, cavalry, artillery through the territories, 14 of each.
const ClassicSymbols = "ICAICAICAICAICAICAICAICAICAICAICAICAICAICA"

// ParseSymbols reads a symbols string for a map of n territories: one letter
// (I, C or A) per territory in ID order. Any counts are allowed: a table's
// own deck may differ from the default 14 of each.
func ParseSymbols(s string, n int) ([]Symbol, error) {
	if len(s) != n {
		return nil, fmt.Errorf("the card symbols need one letter per territory: %d letters, not %d", n, len(s))
	}
	out := make([]Symbol, n)
	for i := range n {
		sym, ok := SymbolLetters[s[i]]
		if !ok {
			return nil, fmt.Errorf("card symbol %q for territory %d is not I (infantry), C (cavalry) or A (artillery)", s[i], i+1)
		}
		out[i] = sym
	}
	return out, nil
}
