package scoring

import "strings"

// Filter narrows a list of plays. Zero fields match everything.
type Filter struct {
	Game     string // exact title
	PersonID int64
	From, To string // YYYY-MM-DD, inclusive
}

// Match reports whether a play passes the filter.
func (f Filter) Match(p Play) bool {
	if f.Game != "" && !strings.EqualFold(f.Game, p.Game) {
		return false
	}
	if f.PersonID != 0 {
		if _, ok := p.Has(f.PersonID); !ok {
			return false
		}
	}
	if f.From != "" && p.Date < f.From {
		return false
	}
	if f.To != "" && p.Date > f.To {
		return false
	}
	return true
}
