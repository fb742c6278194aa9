package conquest

import (
	"tableside/engine"
)

// commands decodes each command's data before anything is decided, into
// the struct of its command: a field a command does not take is a typo or
// a forgery, and is refused.
var commands = engine.Commands{
	CmdConfigure: engine.Args[configureArgs],
	CmdStart:     engine.Args[startArgs],
	CmdPlace:     engine.Args[placeArgs],
	CmdTrade:     engine.Args[tradeArgs],
	CmdAttack:    engine.Args[attackArgs],
	CmdMove:      engine.Args[countArgs],
	CmdEndAttack: engine.Args[struct{}],
	CmdFortify:   engine.Args[fortifyArgs],
	CmdEndTurn:   engine.Args[struct{}],
	CmdDefend:    engine.Args[defendArgs],
}

// flatSettings are the options as a form sends them, flat beside
// {"settings": {...}}.
type flatSettings Settings

// configureArgs sets the options: {"settings": {...}}, or flat.
type configureArgs struct {
	Settings *Settings `json:"settings"`
	flatSettings
}

// startArgs starts the game; random deals every territory and places every
// start army evenly at random, so the first turn begins at once.
type startArgs struct {
	Random bool `json:"random"`
}

// placeArgs places armies on a territory (count left out: 1); the host
// places a neutral's share for a seat.
type placeArgs struct {
	Territory *int `json:"territory"`
	Count     *int `json:"count"`
	Seat      *int `json:"seat"`
}

// tradeArgs trades in a set of cards.
type tradeArgs struct {
	Cards []int `json:"cards"`
}

// attackArgs is one attack: by blitz (the default), one roll, typed faces
// of real dice ("6 4 1") or typed losses.
type attackArgs struct {
	From       *int   `json:"from"`
	To         *int   `json:"to"`
	Mode       string `json:"mode"`
	AttackDice int    `json:"attackDice"`
	DefendDice int    `json:"defendDice"`
	AttFaces   string `json:"attFaces"`
	DefFaces   string `json:"defFaces"`
	AttLost    int    `json:"attLost"`
	DefLost    int    `json:"defLost"`
	Stop       int    `json:"stop"`
}

// countArgs moves armies into a territory just conquered.
type countArgs struct {
	Count int `json:"count"`
}

// fortifyArgs is the turn's fortifying move.
type fortifyArgs struct {
	From  *int `json:"from"`
	To    *int `json:"to"`
	Count int  `json:"count"`
}

// defendArgs is the defender's dice.
type defendArgs struct {
	Dice int `json:"dice"`
}

// counted is a count a command carries, by its field's name.
type counted struct {
	name string
	n    int
}

// counts are the counts a decoded command carries.
func counts(a any) []counted {
	switch c := a.(type) {
	case *placeArgs:
		if c.Count != nil {
			return []counted{{"count", *c.Count}}
		}
	case *countArgs:
		return []counted{{"count", c.Count}}
	case *fortifyArgs:
		return []counted{{"count", c.Count}}
	case *attackArgs:
		return []counted{{"attackDice", c.AttackDice}, {"defendDice", c.DefendDice}, {"attLost", c.AttLost}, {"defLost", c.DefLost}, {"stop", c.Stop}}
	case *defendArgs:
		return []counted{{"dice", c.Dice}}
	}
	return nil
}

// readArgs decodes a command's data and refuses a negative count.
func readArgs(cmd engine.Command) (any, error) {
	a, err := commands.Decode(cmd)
	if err != nil {
		return nil, err
	}
	for _, f := range counts(a) {
		if f.n < 0 {
			return nil, engine.Refuse("bad-input", "%s: %s cannot be negative (%d).", cmd.Type, f.name, f.n)
		}
	}
	return a, nil
}
