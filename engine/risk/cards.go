package risk

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strings"
)

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

// symbolNames reads a symbol written as a word, the way a table's CSV file
// names it ("Cavalry", "artillery").
var symbolNames = map[string]Symbol{"infantry": Infantry, "cavalry": Cavalry, "artillery": Artillery}

// ReadSymbolsCSV reads "territory,symbol" lines (a header line, blank lines
// and lines starting with # are skipped), the file a table edits to match
// its own deck, and returns the symbol of each territory in ID order.
// Territories not listed keep base's symbol.
func ReadSymbolsCSV(m *Map, base []Symbol, data []byte) ([]Symbol, error) {
	out := make([]Symbol, m.Len())
	copy(out, base)
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.Comment = '#'
	r.TrimLeadingSpace = true
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("symbols: %w", err)
		}
		line, _ := r.FieldPos(0)
		if len(rec) != 2 {
			return nil, fmt.Errorf("symbols line %d: want territory,symbol", line)
		}
		name, word := strings.TrimSpace(rec[0]), strings.ToLower(strings.TrimSpace(rec[1]))
		if strings.EqualFold(name, "territory") {
			continue
		}
		id, ok := m.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("symbols line %d: no territory %q on the map", line, name)
		}
		sym, ok := symbolNames[word]
		if !ok {
			return nil, fmt.Errorf("symbols line %d: symbol %q: want infantry, cavalry or artillery", line, word)
		}
		out[id] = sym
	}
	return out, nil
}

// WriteSymbolsCSV writes syms (in territory ID order) as the CSV file
// ReadSymbolsCSV reads, for a table to copy and edit.
func WriteSymbolsCSV(m *Map, syms []Symbol, comment string) []byte {
	var b bytes.Buffer
	for _, l := range strings.Split(strings.TrimSpace(comment), "\n") {
		fmt.Fprintf(&b, "# %s\n", l)
	}
	w := csv.NewWriter(&b)
	w.Write([]string{"territory", "symbol"})
	for i, s := range syms {
		w.Write([]string{m.Name(TerritoryID(i)), string(s)})
	}
	w.Flush()
	return b.Bytes()
}
