package risk

import (
	"math"

	"tableside/engine"
)

// Luck, measured: where the ending a table actually saw falls among every
// ending the same battle could have had, by the exact odds of Compute (the
// odds page's engine), and what each throw cost against what it costs on
// average. docs/luck.md has the definitions for people.

// Endings of one battle are ordered from the attacker's worst to its best:
// the defender held with many left, ..., with one left, then the territory
// fell with few, ..., with many of the attacker's armies left. A held
// ending is told by the defenders standing (fewer is better for the
// attacker), a conquest by the attacker's armies on the board in the
// territory it attacked from, before moving in (more is better).
type endingKey struct {
	won  bool
	left int // defenders left when held, the attacker's armies when won
}

// better reports whether k is a better ending for the attacker than o.
func (k endingKey) better(o endingKey) bool {
	if k.won != o.won {
		return k.won
	}
	if k.won {
		return k.left > o.left
	}
	return k.left < o.left
}

func keyOf(end Armies) endingKey {
	if end.Defender <= 0 {
		return endingKey{won: true, left: end.Attacker}
	}
	return endingKey{left: end.Defender}
}

// Placement is where one ending of a battle falls among all the endings the
// battle could have had.
type Placement struct {
	// P is the chance of exactly this ending.
	P float64 `json:"p"`
	// Better and Worse are the chances of an ending better, or worse, for
	// the attacker: Better + P + Worse = 1.
	Better float64 `json:"better"`
	Worse  float64 `json:"worse"`
	// Percentile is the attacker's mid-rank percentile, 0 to 100: the
	// chance of a worse ending plus half the chance of this one. Over many
	// battles it averages exactly 50, so a player's mean above 50 means
	// the dice favoured them.
	Percentile float64 `json:"percentile"`
	// Lucky is the side the ending favoured: "attacker" when an ending at
	// least this good for the attacker is less likely than one at least this
	// good for the defender, "defender" the other way, "" when even.
	Lucky string `json:"lucky,omitempty"`
	// Tail is the chance of a result at least as extreme in the lucky side's
	// favour (P + Better for the attacker, P + Worse for the defender).
	Tail float64 `json:"tail"`
	// OneIn is 1/Tail rounded: "a 1-in-40 result".
	OneIn int `json:"oneIn"`
}

// Sides of a battle, as Placement.Lucky names them.
const (
	SideAttacker = "attacker"
	SideDefender = "defender"
)

// chance is one ending and its probability.
type chance struct {
	key endingKey
	p   float64
}

// place sums the chances of the endings around end's.
func place(endings []chance, end endingKey) Placement {
	var pl Placement
	for _, c := range endings {
		switch {
		case c.key == end:
			pl.P += c.p
		case c.key.better(end):
			pl.Better += c.p
		default:
			pl.Worse += c.p
		}
	}
	pl.Percentile = 100 * (pl.Worse + pl.P/2)
	att, def := pl.P+pl.Better, pl.P+pl.Worse
	// Sums of floats: equal within rounding is even.
	switch {
	case math.Abs(att-def) < 1e-12:
		pl.Tail = math.Min(att, def)
	case att < def:
		pl.Lucky, pl.Tail = SideAttacker, att
	default:
		pl.Lucky, pl.Tail = SideDefender, def
	}
	if pl.Tail > 0 {
		pl.OneIn = int(math.Round(1 / pl.Tail))
	}
	return pl
}

// endingsOf lists the endings of a single battle with their chances.
func (o *Odds) endingsOf() []chance {
	var out []chance
	for _, x := range o.Outcomes() {
		if x.TooFew { // only in chains
			continue
		}
		out = append(out, chance{key: endingKey{won: x.Won, left: x.Left}, p: x.P})
	}
	return out
}

// PlaceEnding answers: of every way the battle q could end, how likely was
// the ending end (the armies on the board when it stopped), and how
// extreme? q is the odds page's question for one territory (its dice rules,
// stop-early count and a Mom & Pop included); end.Attacker counts the
// attacking territory's armies before any move in. An ending the battle
// cannot have is refused, naming it.
func PlaceEnding(q Query, end Armies) (Placement, *Odds, error) {
	if len(q.Defenders) != 1 {
		return Placement{}, nil, engine.Refuse("one-territory", "A battle's ending is placed for one territory at a time, not a chain of %d.", len(q.Defenders))
	}
	o, err := Compute(q)
	if err != nil {
		return Placement{}, nil, err
	}
	if end.Attacker < 1 || end.Attacker > q.Attackers || end.Defender < 0 || end.Defender > q.Defenders[0].Max() {
		return Placement{}, nil, engine.Refuse("impossible-ending", "A battle of %d against %s cannot end with %d and %d on the board.", q.Attackers, q.Defenders[0], end.Attacker, end.Defender)
	}
	pl := place(o.endingsOf(), keyOf(end))
	// A held ending also needs the attacker's count to be one it can stop
	// with: its home army alone, or at or below the stop count.
	heldAt := end.Defender == 0 || o.Attacker[end.Attacker]-o.Conquered[end.Attacker] > 0
	if pl.P == 0 || !heldAt {
		return Placement{}, nil, engine.Refuse("impossible-ending", "A battle of %d against %s cannot end with %d and %d on the board.", q.Attackers, q.Defenders[0], end.Attacker, end.Defender)
	}
	return pl, o, nil
}

// ThrowExpectation is what one throw of att dice against def dice costs
// each side on average, exactly: the attacker loses j of the min(att, def)
// compared dice with the chance the dice counts give, the defender the rest.
func ThrowExpectation(att, def int) (attLoss, defLoss float64, err error) {
	rc, err := OneRoll(att, def)
	if err != nil {
		return 0, 0, err
	}
	var m int64
	for j, w := range rc.Ways {
		m += int64(j) * w
	}
	attLoss = float64(m) / float64(rc.Of)
	return attLoss, float64(rc.Compared) - attLoss, nil
}

// throwEndings lists the endings of a battle of exactly one throw of ad
// dice against dd (each 1 to 3), for a battle the attacker broke off after
// a single throw that cost it nothing.
func throwEndings(a Armies, ad, dd int) []chance {
	rc, _ := OneRoll(ad, dd)
	out := make([]chance, 0, len(rc.Ways))
	for j, w := range rc.Ways {
		end := Armies{Attacker: a.Attacker - j, Defender: a.Defender - (rc.Compared - j)}
		out = append(out, chance{key: keyOf(end), p: float64(w) / float64(rc.Of)})
	}
	return out
}
