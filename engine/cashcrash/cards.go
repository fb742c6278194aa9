package cashcrash

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// SetSize is how many cards each player's set holds.
const SetSize = 10

// Card is one commodity card: how many icons of each good it shows.
type Card struct {
	Gold  int `json:"gold"`
	Oil   int `json:"oil"`
	Wheat int `json:"wheat"`
}

// maxIcons bounds one good's icons on one card (a sanity limit for typos).
const maxIcons = 5

// UnmarshalJSON reads {"gold":1,"oil":0,"wheat":2} or a string with one
// letter per icon ("GWW") or counts ("1G 2W").
func (c *Card) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		card, err := ParseCard(s)
		if err != nil {
			return err
		}
		*c = card
		return nil
	}
	type plain Card
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return fmt.Errorf("a card is like \"GGO\" or {\"gold\":2,\"oil\":1}")
	}
	*c = Card(p)
	return nil
}

// ParseCard reads a card written as letters (G, O, W; one per icon) with
// optional counts before them ("2G W").
func ParseCard(s string) (Card, error) {
	var c Card
	n := ""
	for _, r := range strings.ToUpper(s) {
		switch {
		case r >= '0' && r <= '9':
			n += string(r)
		case r == 'G' || r == 'O' || r == 'W':
			k := 1
			if n != "" {
				k, _ = strconv.Atoi(n)
				n = ""
			}
			switch r {
			case 'G':
				c.Gold += k
			case 'O':
				c.Oil += k
			default:
				c.Wheat += k
			}
		case r == ' ' || r == ',' || r == '+' || r == '-':
		default:
			return c, fmt.Errorf("%q: write a card's icons as G (Gold), O (Oil) and W (Wheat), e.g. GGO", s)
		}
		if c.Gold > 99 || c.Oil > 99 || c.Wheat > 99 {
			return c, fmt.Errorf("%q has too many icons", s)
		}
	}
	if n != "" {
		return c, fmt.Errorf("%q: a count needs a letter after it, e.g. 2G", s)
	}
	return c, nil
}

// CardList is a set of cards as settings carry it: a JSON list of cards, or
// one line of text with the cards apart ("G G O O W W GO OW GW GOW"), as
// the new-game form sends it.
type CardList []Card

// UnmarshalJSON reads a list of cards or a line of them.
func (l *CardList) UnmarshalJSON(b []byte) error {
	var line string
	if err := json.Unmarshal(b, &line); err == nil {
		cards, err := ParseCardList(line)
		if err != nil {
			return err
		}
		*l = cards
		return nil
	}
	var cs []Card
	if err := json.Unmarshal(b, &cs); err != nil {
		return err
	}
	*l = cs
	return nil
}

// ParseCardList reads a line of cards set apart by spaces, commas or
// semicolons, each as ParseCard reads it ("GO" is one card with a Gold and
// an Oil); counts go with their letter ("2G").
func ParseCardList(line string) ([]Card, error) {
	var out []Card
	for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		c, err := ParseCard(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// CardsText writes cards as ParseCardList reads them.
func CardsText(cards []Card) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// String writes a card as letters, the way ParseCard reads it: "GGO".
func (c Card) String() string {
	if c.Gold+c.Oil+c.Wheat == 0 {
		return "-"
	}
	return strings.Repeat("G", c.Gold) + strings.Repeat("O", c.Oil) + strings.Repeat("W", c.Wheat)
}

// Icons counts one good on the card.
func (c Card) Icons(good byte) int {
	switch good {
	case 'G':
		return c.Gold
	case 'O':
		return c.Oil
	}
	return c.Wheat
}

func (c Card) add(d Card) Card { return Card{c.Gold + d.Gold, c.Oil + d.Oil, c.Wheat + d.Wheat} }

// checkSet refuses a set that is not ten cards with sensible icons.
func checkSet(cards []Card) error {
	if len(cards) != SetSize {
		return fmt.Errorf("the set has %d cards; enter all %d", len(cards), SetSize)
	}
	for i, c := range cards {
		if c.Gold < 0 || c.Oil < 0 || c.Wheat < 0 || c.Gold > maxIcons || c.Oil > maxIcons || c.Wheat > maxIcons {
			return fmt.Errorf("card %d: each good shows 0 to %d icons", i+1, maxIcons)
		}
		if c.Gold+c.Oil+c.Wheat == 0 {
			return fmt.Errorf("card %d shows no icon", i+1)
		}
	}
	return nil
}

// Goods are written as letters in the order G, O, W.
var goodNames = map[byte]string{'G': "Gold", 'O': "Oil", 'W': "Wheat"}

// Bid is a claim that the staked cards show at least Qty icons of each good
// in Goods ("GO": Gold and Oil).
type Bid struct {
	Qty   int    `json:"qty"`
	Goods string `json:"goods"`
}

// String says a bid as the table does: "3 Oil", "2 Gold and Wheat", "4 of everything".
func (b Bid) String() string {
	if len(b.Goods) == 3 {
		return fmt.Sprintf("%d of everything", b.Qty)
	}
	var names []string
	for i := 0; i < len(b.Goods); i++ {
		names = append(names, goodNames[b.Goods[i]])
	}
	return fmt.Sprintf("%d %s", b.Qty, strings.Join(names, " and "))
}

// Combo reports whether the bid names more than one good.
func (b Bid) Combo() bool { return len(b.Goods) > 1 }

// ParseGoods reads goods as letters or words ("GO", "gold+oil", "all") and
// returns them in canonical order, or "" when it names none or an unknown.
func ParseGoods(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "ALL" || s == "EVERYTHING" {
		return "GOW"
	}
	has := map[byte]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == '+' || r == ',' || r == ' ' || r == '&' }) {
		switch w {
		case "GOLD":
			has['G'] = true
		case "OIL":
			has['O'] = true
		case "WHEAT":
			has['W'] = true
		case "AND":
		default:
			for i := 0; i < len(w); i++ {
				if w[i] != 'G' && w[i] != 'O' && w[i] != 'W' {
					return ""
				}
				has[w[i]] = true
			}
		}
	}
	out := ""
	for _, g := range []byte("GOW") {
		if has[g] {
			out += string(g)
		}
	}
	return out
}

// superset reports whether every good of b is in a.
func superset(a, b string) bool {
	for i := 0; i < len(b); i++ {
		if !strings.Contains(a, b[i:i+1]) {
			return false
		}
	}
	return true
}
