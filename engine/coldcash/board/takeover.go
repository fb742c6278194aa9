package board

import (
	"tableside/engine"
	"tableside/engine/risk"
)

// Takeover is one hostile takeover turn in progress: a single RISK turn for
// one corporation, with no new teams.
type Takeover struct {
	Corp      string    `json:"corp"`
	Announced *Front    `json:"announced,omitempty"` // a Mom & Pop rolled its teams: one round must be fought against it
	Conquest  *Conquest `json:"conquest,omitempty"`  // a territory fell: teams must move in
	Captures  []Capture `json:"captures"`            // corporations taken over this turn
	Lost      []string  `json:"lost"`                // territories conquered this turn
	Moved     bool      `json:"moved"`               // the free move was made: no more attacks
	Rounds    int       `json:"rounds"`
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

// StartTakeover begins a hostile takeover turn for an active corporation.
// Whether the player is its CEO is the game's check, and whether it has
// anything to attack is CheckStart's (a log written before that rule still
// replays).
func StartTakeover(b Board, corp string) (Takeover, error) {
	if !b.InPlay(corp) {
		return Takeover{}, engine.Refuse("takeover-active-corporation", "Only a corporation in play can make a hostile takeover.")
	}
	return Takeover{Corp: corp, Captures: []Capture{}, Lost: []string{}}, nil
}

// CheckStart refuses a takeover that has nothing to attack: it would only
// spend the turn's action.
func (tk Takeover) CheckStart(g *Geography, b Board, name string) error {
	if len(tk.Fronts(g, b)) == 0 {
		return engine.Refuse("takeover-needs-attack", "%s has nothing to attack: no territory of it with 2 or more teams borders another company's or a Mom & Pop.", name)
	}
	return nil
}

// Fronts lists every attack the takeover may make now, from each of its
// territories in the geography's order.
func (tk Takeover) Fronts(g *Geography, b Board) []Front {
	var out []Front
	for _, from := range b.Held(tk.Corp) {
		for _, to := range g.Neighbours(from) {
			if f := (Front{From: from, To: to}); tk.CheckAttack(g, b, f) == nil {
				out = append(out, f)
			}
		}
	}
	return out
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

// Losses is a battle on one front as it reaches the board: what each side
// lost, over one roll or several, and the dice the attacker rolled last (at
// least that many teams must move into a conquered territory; 0 when the
// table typed only the losses).
type Losses struct {
	Front
	AttackerLost int         `json:"attackerLost"`
	DefenderLost int         `json:"defenderLost"`
	LastDice     int         `json:"lastDice,omitempty"`
	Rolls        []risk.Roll `json:"rolls,omitempty"` // every face, for the record
}

// armies are the two sides of a front as the dice engine counts them.
func armies(b Board, f Front) risk.Armies {
	return risk.Armies{Attacker: b.Land[f.From].Teams, Defender: b.Land[f.To].Teams}
}

// checkFight refuses a battle that may not be fought now.
func (tk Takeover) checkFight(g *Geography, b Board, f Front) error {
	if err := tk.CheckAttack(g, b, f); err != nil {
		return err
	}
	if NeedsDefence(b, f.To) {
		return engine.Refuse("defence-roll-first", "Roll the Mom & Pop's defence in %s first.", g.Name(f.To))
	}
	return nil
}

// RollBattle fights with virtual dice: one roll with the dice each side chose
// (0: as many as allowed), or with blitz, rolls until the territory falls or
// the attacking territory is down to stop teams. Nothing changes on the
// board: Battle applies the result.
func RollBattle(g *Geography, b Board, tk Takeover, f Front, dr risk.DiceRules, d engine.Dice, attDice, defDice int, blitz bool, stop int) (Losses, error) {
	if err := tk.checkFight(g, b, f); err != nil {
		return Losses{}, err
	}
	a := armies(b, f)
	if need := momPopDice(b, f); need > 0 {
		if defDice != 0 && defDice != need {
			return Losses{}, momPopRefusal(g, f, need, defDice, "dice")
		}
		defDice = need
	}
	l := Losses{Front: f}
	if blitz {
		bl, err := dr.BlitzDice(d, a, stop)
		if err != nil {
			return Losses{}, err
		}
		l.Rolls = bl.Rolls
	} else {
		r, err := dr.RollDice(d, a, attDice, defDice)
		if err != nil {
			return Losses{}, err
		}
		l.Rolls = []risk.Roll{r}
	}
	for _, r := range l.Rolls {
		l.AttackerLost += r.AttackerLost
		l.DefenderLost += r.DefenderLost
		l.LastDice = len(r.Attacker)
	}
	return l, nil
}

// FacesBattle settles one roll of real dice whose faces the table typed.
func FacesBattle(g *Geography, b Board, tk Takeover, f Front, dr risk.DiceRules, att, def []int) (Losses, error) {
	if err := tk.checkFight(g, b, f); err != nil {
		return Losses{}, err
	}
	a := armies(b, f)
	if err := checkFaceCounts(g, f, dr, a, len(att), len(def)); err != nil {
		return Losses{}, err
	}
	r, err := dr.ResolveFaces(a, att, def)
	if err != nil {
		return Losses{}, err
	}
	if need := momPopDice(b, f); need > 0 && len(def) != need {
		return Losses{}, momPopRefusal(g, f, need, len(def), "faces")
	}
	return Losses{Front: f, AttackerLost: r.AttackerLost, DefenderLost: r.DefenderLost, LastDice: len(att), Rolls: []risk.Roll{r}}, nil
}

// checkFaceCounts refuses typed faces that are not the dice each side may
// roll with the teams on the board, saying how many were typed.
func checkFaceCounts(g *Geography, f Front, dr risk.DiceRules, a risk.Armies, att, def int) error {
	maxA, maxD := risk.AttackDice(a.Attacker), dr.DefendDice(a.Defender)
	switch {
	case att == 0 || def == 0:
		return engine.Refuse("dice-count", "Type the faces of every die each side rolled: %d attacker and %d defender faces were typed.", att, def)
	case att > maxA:
		return engine.Refuse("attack-dice", "The attacker rolls at most %d %s with %d teams in %s (one stays home); %d faces were typed.", maxA, dieWord(maxA), a.Attacker, g.Name(f.From), att)
	case def > maxD:
		return engine.Refuse("defend-dice", "The defender rolls at most %d %s with %d teams in %s; %d faces were typed.", maxD, dieWord(maxD), a.Defender, g.Name(f.To), def)
	}
	return nil
}

func dieWord(n int) string {
	if n == 1 {
		return "die"
	}
	return "dice"
}

// TypedBattle settles rolls of real dice of which the table typed only the
// losses.
func TypedBattle(g *Geography, b Board, tk Takeover, f Front, dr risk.DiceRules, attLost, defLost int) (Losses, error) {
	if err := tk.checkFight(g, b, f); err != nil {
		return Losses{}, err
	}
	if _, err := dr.ApplyLosses(armies(b, f), attLost, defLost); err != nil {
		return Losses{}, err
	}
	return Losses{Front: f, AttackerLost: attLost, DefenderLost: defLost}, nil
}

// Battle applies a battle's losses (from RollBattle, FacesBattle or
// TypedBattle). When the defenders are gone, the territory waits for teams
// to move in (Occupy).
func Battle(g *Geography, b Board, tk Takeover, l Losses) (Board, Takeover, error) {
	if err := tk.checkFight(g, b, l.Front); err != nil {
		return b, tk, err
	}
	a := armies(b, l.Front)
	if l.AttackerLost < 0 || l.DefenderLost < 0 || l.AttackerLost+l.DefenderLost == 0 ||
		l.AttackerLost > a.Attacker-1 || l.DefenderLost > a.Defender {
		return b, tk, engine.Refuse("battle-losses", "Those losses (%d and %d) do not fit %d attacking and %d defending teams.", l.AttackerLost, l.DefenderLost, a.Attacker, a.Defender)
	}
	nb, nt := b.Clone(), tk.clone()
	from, to := nb.Land[l.From], nb.Land[l.To]
	from.Teams -= l.AttackerLost
	to.Teams -= l.DefenderLost
	nb.Land[l.From], nb.Land[l.To] = from, to
	nt.Announced, nt.Rounds = nil, nt.Rounds+len(l.Rolls)
	if to.Teams == 0 {
		nt.Conquest = &Conquest{Front: l.Front, Min: max(1, min(l.LastDice, from.Teams-1)), Max: from.Teams - 1}
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

// momPopDice is how many dice a Mom & Pop defending f.To rolls: it has no
// one to choose, so always as many as it may, 2 while it has 2 or more
// teams (0 when the defender is not a Mom & Pop).
func momPopDice(b Board, f Front) int {
	if !b.MomPop(f.To) {
		return 0
	}
	return min(2, b.Land[f.To].Teams)
}

// momPopRefusal names a Mom & Pop's defence typed or asked with the wrong
// number of dice.
func momPopRefusal(g *Geography, f Front, need, got int, what string) error {
	return engine.Refuse("mompop-defends-with-most", "The Mom & Pop in %s rolls %d %s with %d or more teams, not %d: type %d defender %s.",
		g.Name(f.To), need, dieWord(need), need, got, need, what)
}
