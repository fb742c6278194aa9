package engine

// Measurer is implemented by games that can say how each player stands at
// any moment: net worth in Cold Cash Risk, money in Cash or Crash,
// territories and armies in RISK. The game's timeline charts it after every
// command, so it must be cheap and pure, like View.
type Measurer interface {
	// Measure reports the game's measures of s, the first one the main
	// one (the chart every screen shows first).
	Measure(s State) []Measure
}

// Measure is one quantity per seat at one moment, whole numbers.
//
// A measure may count what only its owner may see (Cold Cash Risk's hidden
// shares, a Takeover coin's hidden side). Values is then the whole truth,
// of which a seat sees only its own line. The game says what everyone else
// sees, in one of two ways: Public, the part of every line the whole table
// may see, always (Cold Cash Risk: cash and visible shares); or Secret,
// nothing of another seat's line until the game is over, and then the whole
// history (Takeover, whose final scores lay every coin open).
type Measure struct {
	Label string `json:"label"`           // "Net worth", "Territories"
	Money bool   `json:"money,omitempty"` // the values are dollars
	// Unit names what a value counts when it is not dollars ("cards",
	// "millions"); for axis labels.
	Unit   string `json:"unit,omitempty"`
	Values []int  `json:"values"` // by seat: everything counted
	// Public is, by seat, what every screen may see, when it differs from
	// Values (nil: Values is public).
	Public []int `json:"public,omitempty"`
	// Secret: no line of Values may be shown to anyone but its own seat
	// while the game runs; once it is over, all of it (Public is unused).
	Secret bool `json:"secret,omitempty"`
}

// Seen is what viewer v may see of m: by seat, the value and whether it is
// shown at all. over says the game (the whole log, not the moment measured)
// has ended, which opens a Secret measure.
func (m Measure) Seen(v Viewer, over bool) (values []int, shown []bool) {
	values, shown = make([]int, len(m.Values)), make([]bool, len(m.Values))
	for seat, x := range m.Values {
		switch {
		case seat == v.Seat:
			values[seat], shown[seat] = x, true
		case m.Secret:
			if over {
				values[seat], shown[seat] = x, true
			}
		case m.Public != nil && seat < len(m.Public):
			values[seat], shown[seat] = m.Public[seat], true
		case m.Public == nil:
			values[seat], shown[seat] = x, true
		}
	}
	return values, shown
}
