package board

import (
	"tableside/engine"
)

// Takeover is one hostile takeover turn in progress: a single RISK turn for
// one corporation, with no new teams.
type Takeover struct {
	Corp      string     `json:"corp"`
	Announced *Front     `json:"announced,omitempty"` // a Mom & Pop rolled its teams: one round must be fought against it
	Conquest  *Conquest  `json:"conquest,omitempty"`  // a territory fell: teams must move in
	Captures  []Capture  `json:"captures"`            // corporations taken over this turn
	Lost      []string   `json:"lost"`                // territories conquered this turn
	Moved     bool       `json:"moved"`               // the free move was made: no more attacks
	Rounds    int        `json:"rounds"`
	Last      *RoundInfo `json:"last,omitempty"`
}

// Front is an attack from one territory on a bordering one.
type Front struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Conquest is a territory whose defenders are gone, waiting for teams.
type Conquest struct {
	Front
	Min int `json:"min"` // at least as many teams as dice rolled in the last round
	Max int `json:"max"`
}

// Capture is a corporation taken over by the capture of its tower. Size is
// what its halved bonuses are priced at: its remaining territories plus the
// tower's territory, not those it lost earlier in the turn.
type Capture struct {
	Defeated string `json:"defeated"`
	At       string `json:"at"`
	Size     Size   `json:"size"`
}

// RoundInfo is one round of combat as the board saw it.
type RoundInfo struct {
	Front
	AttackDice   int `json:"attackDice"`
	DefendDice   int `json:"defendDice"`
	AttackerLoss int `json:"attackerLoss"`
	DefenderLoss int `json:"defenderLoss"`
}

// StartTakeover begins a hostile takeover turn for an active corporation.
// Whether the player is its CEO is the game's check.
func StartTakeover(b Board, corp string) (Takeover, error) {
	if !b.InPlay(corp) {
		return Takeover{}, engine.Refuse("takeover-active-corporation", "Only a corporation in play can make a hostile takeover.")
	}
	return Takeover{Corp: corp, Captures: []Capture{}, Lost: []string{}}, nil
}

// clone copies the takeover's slices and pointers.
func (tk Takeover) clone() Takeover {
	c := tk
	c.Captures = append([]Capture{}, tk.Captures...)
	c.Lost = append([]string{}, tk.Lost...)
	if tk.Announced != nil {
		a := *tk.Announced
		c.Announced = &a
	}
	if tk.Conquest != nil {
		q := *tk.Conquest
		c.Conquest = &q
	}
	if tk.Last != nil {
		l := *tk.Last
		c.Last = &l
	}
	return c
}

// CheckAttack says whether corp may attack from one territory to another now.
func (tk Takeover) CheckAttack(g *Geography, b Board, f Front) error {
	if err := refuseUnknown(g, f.From, f.To); err != nil {
		return err
	}
	switch {
	case tk.Conquest != nil:
		return engine.Refuse("move-in-first", "Move teams into %s before attacking again.", g.Name(tk.Conquest.To))
	case tk.Moved:
		return engine.Refuse("attacks-before-free-move", "The free move ends the attacks: no more attacks this turn.")
	case tk.Announced != nil && tk.Announced.To != f.To:
		return engine.Refuse("mom-and-pop-one-round", "At least one round must be fought against the Mom & Pop in %s first.", g.Name(tk.Announced.To))
	case b.Owner(f.From) != tk.Corp:
		return engine.Refuse("attack-from-own", "%s is not held by the attacking corporation.", g.Name(f.From))
	case b.Land[f.From].Teams < 2:
		return engine.Refuse("attack-needs-two-teams", "%s has only %d team: an attack needs at least 2, one to stay behind.", g.Name(f.From), b.Land[f.From].Teams)
	case !g.Borders(f.From, f.To):
		return engine.Refuse("attack-bordering", "%s does not border %s.", g.Name(f.From), g.Name(f.To))
	case b.Empty(f.To):
		return engine.Refuse("no-empty-territory", "%s is empty: a corporation never attacks or moves into an empty territory.", g.Name(f.To))
	case b.Owner(f.To) == tk.Corp:
		return engine.Refuse("attack-other", "%s is already the attacking corporation's.", g.Name(f.To))
	}
	return nil
}

// NeedsDefence reports whether an attack on to must first roll a die for
// the Mom & Pop's teams (a Mom & Pop that has not defended yet this turn).
func NeedsDefence(b Board, to string) bool {
	h, ok := b.Land[to]
	return ok && h.IsMomPop() && h.Teams == 0
}

// Announce declares an attack on a Mom & Pop; teams is the die rolled for
// its defenders (1 to 6). At least one round must then be fought against it.
func Announce(g *Geography, b Board, tk Takeover, f Front, teams int) (Board, Takeover, error) {
	if err := tk.CheckAttack(g, b, f); err != nil {
		return b, tk, err
	}
	if !NeedsDefence(b, f.To) {
		return b, tk, engine.Refuse("defence-roll-once", "%s needs no defence roll now.", g.Name(f.To))
	}
	if teams < 1 || teams > 6 {
		return b, tk, engine.Refuse("defence-die", "A Mom & Pop's defence is one die: 1 to 6 teams, not %d.", teams)
	}
	nb, nt := b.Clone(), tk.clone()
	nb.Land[f.To] = Holding{Teams: teams}
	nt.Announced = &f
	return nb, nt, nil
}

// DiceLimits are how many dice each side may roll on a front: the attacker
// up to 3 and one fewer than its teams, the defender up to 2 and no more
// than its teams.
func DiceLimits(b Board, f Front) (attack, defend int) {
	attack, defend = b.Land[f.From].Teams-1, b.Land[f.To].Teams
	if attack > 3 {
		attack = 3
	}
	if defend > 2 {
		defend = 2
	}
	return attack, defend
}

// Battle applies one round of combat already resolved by the dice engine:
// how many dice each side rolled and how many teams each lost. When the
// defenders are gone, the territory waits for teams to move in (Occupy).
func Battle(g *Geography, b Board, tk Takeover, r RoundInfo) (Board, Takeover, error) {
	if err := tk.CheckAttack(g, b, r.Front); err != nil {
		return b, tk, err
	}
	if NeedsDefence(b, r.To) {
		return b, tk, engine.Refuse("defence-roll-first", "Roll the Mom & Pop's defence in %s first.", g.Name(r.To))
	}
	maxA, maxD := DiceLimits(b, r.Front)
	if r.AttackDice < 1 || r.AttackDice > maxA {
		return b, tk, engine.Refuse("attack-dice", "The attack from %s may roll 1 to %d dice, not %d.", g.Name(r.From), maxA, r.AttackDice)
	}
	if r.DefendDice < 1 || r.DefendDice > maxD {
		return b, tk, engine.Refuse("defend-dice", "%s may defend with 1 to %d dice, not %d.", g.Name(r.To), maxD, r.DefendDice)
	}
	pairs := min(r.AttackDice, r.DefendDice)
	if r.AttackerLoss < 0 || r.DefenderLoss < 0 || r.AttackerLoss+r.DefenderLoss != pairs {
		return b, tk, engine.Refuse("battle-losses", "A round with %d pairs of dice loses exactly %d teams in all.", pairs, pairs)
	}
	nb, nt := b.Clone(), tk.clone()
	from, to := nb.Land[r.From], nb.Land[r.To]
	from.Teams -= r.AttackerLoss
	to.Teams -= r.DefenderLoss
	nb.Land[r.From], nb.Land[r.To] = from, to
	nt.Announced, nt.Rounds, nt.Last = nil, nt.Rounds+1, &r
	if to.Teams == 0 {
		nt.Conquest = &Conquest{Front: r.Front, Min: min(r.AttackDice, from.Teams-1), Max: from.Teams - 1}
	}
	return nb, nt, nil
}

// Occupy moves teams into a conquered territory. Conquering a tower takes
// its corporation over: the capture reports the defeated corporation's size
// for its halved bonuses, its teams take the attacker's colour and its
// tower is removed.
func Occupy(g *Geography, b Board, tk Takeover, teams int) (Board, Takeover, *Capture, error) {
	q := tk.Conquest
	if q == nil {
		return b, tk, nil, engine.Refuse("nothing-to-occupy", "No territory is waiting for teams to move in.")
	}
	if teams < q.Min || teams > q.Max {
		return b, tk, nil, engine.Refuse("occupy-count", "Move %d to %d teams into %s.", q.Min, q.Max, g.Name(q.To))
	}
	nb, nt := b.Clone(), tk.clone()
	loser := b.Owner(q.To)
	var capt *Capture
	if c, ok := b.TowerAt(q.To); ok && c == loser && loser != "" {
		capt = &Capture{Defeated: loser, At: q.To, Size: SizeOfLand(g, b.Held(loser))}
		for _, t := range b.Held(loser) {
			h := nb.Land[t]
			h.Corp = tk.Corp
			nb.Land[t] = h
		}
		delete(nb.Towers, loser)
		nt.Captures = append(nt.Captures, *capt)
	}
	from := nb.Land[q.From]
	from.Teams -= teams
	nb.Land[q.From] = from
	nb.Land[q.To] = Holding{Corp: tk.Corp, Teams: teams}
	nt.Lost = append(nt.Lost, q.To)
	nt.Conquest = nil
	return nb, nt, capt, nil
}

// TakeoverMove is the one free move that ends the attacks.
func TakeoverMove(g *Geography, b Board, tk Takeover, mv Move) (Board, Takeover, error) {
	if err := tk.checkCanStop(g); err != nil {
		return b, tk, err
	}
	if tk.Moved {
		return b, tk, engine.Refuse("one-free-move", "A hostile takeover ends with one free move, and it was made.")
	}
	nb, err := FreeMove(g, b, tk.Corp, mv)
	if err != nil {
		return b, tk, err
	}
	nt := tk.clone()
	nt.Moved = true
	return nb, nt, nil
}

func (tk Takeover) checkCanStop(g *Geography) error {
	if tk.Conquest != nil {
		return engine.Refuse("move-in-first", "Move teams into %s first.", g.Name(tk.Conquest.To))
	}
	if tk.Announced != nil {
		return engine.Refuse("mom-and-pop-one-round", "At least one round must be fought against the Mom & Pop in %s.", g.Name(tk.Announced.To))
	}
	return nil
}

// EndTakeover closes the turn: every Mom & Pop's leftover defenders vanish
// (it rolls again the next time it is attacked).
func EndTakeover(g *Geography, b Board, tk Takeover) (Board, error) {
	if err := tk.checkCanStop(g); err != nil {
		return b, err
	}
	nb := b.Clone()
	for t, h := range nb.Land {
		if h.IsMomPop() && h.Teams != 0 {
			nb.Land[t] = Holding{}
		}
	}
	return nb, nil
}
