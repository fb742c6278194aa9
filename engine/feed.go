package engine

// Feeder (part of Rules) tells the table what each event did,
// in lines addressed to their readers: the player it happened to reads it in
// their own words on their phone ("-$900 bought 3 Tower at $300"), the host
// and the TV read the table's version ("Ana bought 3 Tower"). The engine
// decides who may read what, as View does, so a line addressed to a seat is
// the only place that seat's secrets may appear.
type Feeder interface {
	// Feed says what e did, given s, the state just after it (states are
	// changed in place, so the one before is gone; an event carries the
	// numbers it moved). It must not change s. An event worth no line
	// returns none.
	Feed(s State, e Event) []Line
}

// Line is one entry of a feed.
type Line struct {
	// To is the reader: a seat (that seat's phone only), Host (the host's
	// screen only) or Public (every shared screen: the host and the TV).
	To int `json:"to"`
	// Text is the line itself, short enough for a phone:
	// "+$2,000 majority bonus: Luxor took Tower".
	Text string `json:"text"`
	// Why is the rule and the arithmetic behind it, in a sentence or two;
	// screens show it when the line is opened. Optional.
	Why string `json:"why,omitempty"`
	// Cash is what the reader gained (positive) or paid (negative), so a
	// phone can flash it; 0 when no money moved.
	Cash int `json:"cash,omitempty"`
	// Ticker marks a public line the room's TV carries in its ticker: money
	// that moved, a battle or a challenge fought, points scored (what
	// changed the standings), a stockholders' meeting called and its
	// result (who runs a company), one line each. The other public lines (turns,
	// placements, set-up) stay on the host's feed.
	Ticker bool `json:"ticker,omitempty"`
}

// ReadBy reports whether viewer v may read l: a phone reads what is
// addressed to its seat, the host what is addressed to it or to the
// public, the public view only public lines.
func (l Line) ReadBy(v Viewer) bool {
	switch {
	case l.To == v.Seat:
		return true
	case v.IsHost():
		return l.To == Public
	}
	return false
}

// Lines collects feed lines while an engine walks an event; the helpers keep
// each engine's Feed short.
type Lines []Line

// Public adds a line every shared screen shows.
func (ls *Lines) Public(text, why string) { *ls = append(*ls, Line{To: Public, Text: text, Why: why}) }

// Tick adds a public line the TV's ticker carries too (Line.Ticker).
func (ls *Lines) Tick(text, why string) {
	*ls = append(*ls, Line{To: Public, Text: text, Why: why, Ticker: true})
}

// Seat adds a line for one seat's phone, with the money it moved for them.
func (ls *Lines) Seat(seat, cash int, text, why string) {
	*ls = append(*ls, Line{To: seat, Text: text, Why: why, Cash: cash})
}

// Signed says an amount of money with its sign, for a feed line:
// "+$2,000", "-$900", "$0".
func Signed(d int) string {
	switch {
	case d > 0:
		return "+" + Dollars(d)
	case d < 0:
		return "-" + Dollars(-d)
	}
	return Dollars(0)
}

// Highlighter is implemented by games that can name a game's moments for
// its printed record and end screen, one line each ("Biggest merger:
// Imperial took Festival (size 6), $10,500 in bonuses."). The lines are
// public.
type Highlighter interface {
	Highlights(s State) []string
}
