package scoring

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tableside/engine"
)

// These methods say things the way screens and the command line show them.

// ScoreText is the score as the table reads it (41,000), or "–" when the
// game has no points.
func (pl Player) ScoreText() string {
	if pl.Score == nil {
		return "–"
	}
	return Group(*pl.Score)
}

// Group writes a whole number with thousands separators: 41,000; -1,250.
func Group(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Initial is the first letter of a name, for badges: a person is never told
// apart by colour alone.
func Initial(name string) string {
	r, _ := utf8.DecodeRuneInString(name)
	if r == utf8.RuneError {
		return "?"
	}
	return string(unicode.ToUpper(r))
}

// Ink is black or white, whichever reads better on the colour (engine.Ink).
func Ink(colour string) string { return engine.Ink(colour) }

// BreakdownText explains a score from its parts: "bonuses 6000 + cash 30000
// + stock sold 5000 = 41000" (parts in name order).
func (pl Player) BreakdownText() string {
	if len(pl.Breakdown) == 0 {
		return ""
	}
	names := make([]string, 0, len(pl.Breakdown))
	for k := range pl.Breakdown {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + " " + Group(pl.Breakdown[k])
	}
	s := strings.Join(parts, " + ")
	if pl.Score != nil {
		s += " = " + Group(*pl.Score)
	}
	return s
}

// AverageText is the average score, or "–" with no scores: to one decimal
// below 100, whole above (an average of $31,810 is money, and a tenth of a
// dollar or of a thousand points says nothing).
func (g PlayerGame) AverageText() string {
	if g.Scored == 0 {
		return "–"
	}
	if math.Abs(g.Average) >= 100 {
		return Group(int(math.Round(g.Average)))
	}
	tenths := int(math.Round(math.Abs(g.Average) * 10))
	sign := ""
	if g.Average < 0 && tenths > 0 {
		sign = "-"
	}
	return fmt.Sprintf("%s%d.%d", sign, tenths/10, tenths%10)
}

// BestText is the best score, or "–" with no scores.
func (g PlayerGame) BestText() string {
	if g.Scored == 0 {
		return "–"
	}
	return Group(g.Best)
}

// WhenText is the play's date and time as people read them: "Sun 22 Nov 2026, 20:15".
func (p Play) WhenText() string {
	t := p.When()
	if p.Time == "" {
		return t.Format("Mon 2 Jan 2006")
	}
	return t.Format("Mon 2 Jan 2006, 15:04")
}

// DurationText is "1 h 35 min", or "" when unknown.
func (p Play) DurationText() string {
	switch {
	case p.Minutes == 0:
		return ""
	case p.Minutes < 60:
		return fmt.Sprintf("%d min", p.Minutes)
	case p.Minutes%60 == 0:
		return fmt.Sprintf("%d h", p.Minutes/60)
	}
	return fmt.Sprintf("%d h %d min", p.Minutes/60, p.Minutes%60)
}

// Initial and Ink draw a person's badge: their colour with their initial on it.
func (p Person) Initial() string      { return Initial(p.Name) }
func (p Person) Ink() string          { return Ink(p.Colour) }
func (pl Player) Initial() string     { return Initial(pl.Name) }
func (pl Player) Ink() string         { return Ink(pl.Colour) }
func (st Standing) Initial() string   { return Initial(st.Name) }
func (st Standing) Ink() string       { return Ink(st.Colour) }
func (r RatedPerson) Initial() string { return Initial(r.Name) }
func (r RatedPerson) Ink() string     { return Ink(r.Colour) }
func (h HeadToHead) Initial() string  { return Initial(h.Name) }
func (h HeadToHead) Ink() string      { return Ink(h.Colour) }

// Words says a head-to-head record from the person's side: "Ana has
// finished above Ben in 7 of 9 (below in 2)".
func (h HeadToHead) Words(person string) string {
	s := fmt.Sprintf("%s has finished above %s in %s of %s", person, h.Name, Group(h.Above), Group(h.Plays))
	if h.Below > 0 || h.Above+h.Below < h.Plays {
		s += fmt.Sprintf(" (below in %s", Group(h.Below))
		if tied := h.Plays - h.Above - h.Below; tied > 0 {
			s += fmt.Sprintf(", level in %s", Group(tied))
		}
		s += ")"
	}
	return s
}
