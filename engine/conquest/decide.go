package conquest

import (
	"fmt"
	"strings"

	"tableside/engine"
	"tableside/engine/risk"
)

// sim applies events to a copy of the state as Decide makes them, so each
// step sees the board the previous one left.
type sim struct {
	v    *Variant
	s    *State
	d    engine.Dice
	evs  []engine.Event
	seat int
}

func (x *sim) emit(typ string, data any) {
	e := engine.NewEvent(typ, data)
	x.evs = append(x.evs, e)
	x.s.apply(x.v, e)
}

func riskID(t int) risk.TerritoryID { return risk.TerritoryID(t) }

// Decide checks a command and returns its events. It never changes st.
func Decide(v *Variant, st engine.State, cmd engine.Command, dice engine.Dice) ([]engine.Event, error) {
	s := st.(*State)
	if s.Phase == PhaseOver {
		return nil, engine.Refuse("game-over", "The game is over: %s holds the world.", s.name(s.Winner))
	}
	a, err := readArgs(cmd)
	if err != nil {
		return nil, err
	}
	x := &sim{v: v, s: s.clone(), d: dice, seat: cmd.Seat}
	switch c := a.(type) {
	case *configureArgs:
		if c.Settings == nil { // a form sends the options as flat fields
			set := Settings(c.flatSettings)
			if set.Symbols == "" {
				set.Symbols = s.Settings.Symbols
			}
			c.Settings = &set
		}
		err = x.configure(c.Settings)
	case *startArgs:
		err = x.start(c.Random)
	case *placeArgs:
		if c.Count != nil && *c.Count == 0 { // typed as 0, not left out: refused rather than read as one
			return nil, engine.Refuse("move-count", "Place at least 1 army.")
		}
		err = x.place(c)
	case *tradeArgs:
		err = x.trade(c)
	case *attackArgs:
		err = x.attack(c)
	case *countArgs:
		err = x.move(c)
	case *fortifyArgs:
		err = x.fortify(c)
	case *defendArgs:
		err = x.defend(c)
	case *struct{}:
		switch cmd.Type {
		case CmdEndAttack:
			err = x.endAttack()
		case CmdEndTurn:
			err = x.endTurnCmd()
		default:
			err = engine.Refuse("unknown-command", "%s does not know the command %q.", v.Title, cmd.Type)
		}
	default:
		err = engine.Refuse("unknown-command", "%s does not know the command %q.", v.Title, cmd.Type)
	}
	if err != nil {
		return nil, err
	}
	x.advance()
	return x.evs, nil
}

// inTurn refuses a command outside a turn's reinforce and attack phases,
// or from anyone but the player whose turn it is (or the host).
func (x *sim) inTurn() error {
	if err := x.phase(PhaseReinforce, PhaseAttack); err != nil {
		return err
	}
	return x.actor(x.s.Turn)
}

// actor refuses a command from anyone but player p's seat or the host.
func (x *sim) actor(p int) error {
	if d := x.s.Defence; d != nil {
		return engine.Refuse("defender-chooses", "Waiting for %s: %s.", x.s.name(d.Defender), x.s.defenceText())
	}
	if x.seat == engine.Host || x.seat == p {
		return nil
	}
	return engine.Refuse("not-your-turn", "It is %s's turn: only they (or the host) can do that now.", x.s.name(p))
}

// startTurn refuses a set-up placement from anyone but the placer's seat or
// the host, in the table's words: start armies go down one at a time, in
// turn, so a second army must wait for the others (or, with the table's
// placeMany setting, whoever has placed the fewest places next).
func (x *sim) startTurn(p int) error {
	if x.seat == engine.Host || x.seat == p {
		return nil
	}
	if x.seat >= 0 && x.seat < len(x.s.Players) {
		how := "one army at a time, in turn"
		if x.s.Settings.PlaceMany {
			how = "whoever has placed the fewest places next"
		}
		return engine.Refuse("not-your-turn", "It is %s's turn to place a start army; %s places again when it comes round (%s).", x.s.name(p), x.s.name(x.seat), how)
	}
	return x.actor(p)
}

func (x *sim) hostOnly(what string) error {
	if x.seat != engine.Host {
		return engine.Refuse("host-only", "Only the host can %s.", what)
	}
	return nil
}

func (x *sim) phase(want ...string) error {
	for _, w := range want {
		if x.s.Phase == w {
			return nil
		}
	}
	return engine.Refuse("wrong-phase", "That cannot be done now: the game is in its %s phase.", phaseName(x.s.Phase))
}

func phaseName(p string) string {
	switch p {
	case PhaseSetup:
		return "set-up (the host chooses the options, then starts)"
	case PhaseClaim:
		return "claiming"
	case PhasePlace:
		return "placing of start armies"
	case PhaseReinforce:
		return "reinforcement"
	case PhaseAttack:
		return "attack"
	case PhaseFortify:
		return "fortification"
	case PhaseNeutral:
		return "neutral player's"
	}
	return p
}

func (x *sim) territory(p *int, what string) (int, error) {
	if p == nil || !x.s.m.Valid(riskID(*p)) {
		return 0, engine.Refuse("no-such-territory", "Choose the %s: a territory of the map.", what)
	}
	return *p, nil
}

func (x *sim) configure(set *Settings) error {
	if err := x.hostOnly("change the options"); err != nil {
		return err
	}
	if err := x.phase(PhaseSetup); err != nil {
		return err
	}
	if err := x.s.clone().configure(x.v, *set, x.s.seats()); err != nil {
		return err
	}
	x.emit(EvConfigured, *set)
	return nil
}

// shuffle is Fisher-Yates with the tracker's dice; the order goes into the event.
func (x *sim) shuffle(cs []Card) []Card {
	out := append([]Card{}, cs...)
	for i := len(out) - 1; i > 0; i-- {
		j := x.d.Intn(i + 1)
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func (x *sim) start(random bool) error {
	if err := x.hostOnly("start the game"); err != nil {
		return err
	}
	if err := x.phase(PhaseSetup); err != nil {
		return err
	}
	s := x.s
	T, k := s.m.Len(), len(s.Players)
	start, why := x.v.StartArmies(s.Settings, T, k)
	if start*k < T || start < (T+k-1)/k {
		return engine.Refuse("start-armies", "%d start armies each are too few to cover the %d territories among %d players.", start, T, k)
	}
	deck := x.v.Deck(s.Settings, s.m)
	ev := startedEv{Owner: make([]int, T), Armies: make([]int, T), ToPlace: make([]int, k), NeutralToPlace: make([]int, k), Why: why}
	if random {
		return x.startRandom(ev, start, deck)
	}
	if !x.v.Deal {
		for i := range ev.Owner {
			ev.Owner[i] = -1
		}
		for p := range k {
			ev.ToPlace[p] = start
		}
		ev.Phase, ev.Placer, ev.StartPlacer = PhaseClaim, s.Settings.First, s.Settings.First
		ev.Deck = x.shuffle(deck)
		x.emit(EvStarted, ev)
		return nil
	}
	var cards []Card
	for _, c := range deck {
		if !c.IsWild() {
			cards = append(cards, c)
		}
	}
	order := s.order()
	for i, c := range x.shuffle(cards) {
		ev.Owner[c.Territory] = order[i%k]
		ev.Armies[c.Territory] = 1
	}
	ev.StartPlacer = order[len(cards)%k]
	for i := 0; s.Players[ev.StartPlacer].Neutral; i++ {
		ev.StartPlacer = order[(len(cards)+i)%k]
	}
	count := func(p int) int {
		n := 0
		for _, o := range ev.Owner {
			if o == p {
				n++
			}
		}
		return n
	}
	// Each neutral has its own start armies: what its dealt territories do
	// not take is shared among the real players on its own (odd armies
	// rolled for), and goes only on that neutral's territories.
	neutralArmies := 0
	for p, pl := range s.Players {
		left := start - count(p)
		if !pl.Neutral {
			ev.ToPlace[p] = left
			continue
		}
		if ev.NeutralLeft == nil {
			ev.NeutralLeft = make([]int, k)
		}
		ev.NeutralLeft[p] = left
		neutralArmies += left
		each, rolls := x.divide(left, s.Real())
		for _, q := range s.Real() {
			ev.NeutralToPlace[q] += each[q]
		}
		ev.Rolls = append(ev.Rolls, rolls...)
		ev.Why += fmt.Sprintf("; %s's other %d start armies are shared among the real players", pl.Name, left)
	}
	ev.Phase, ev.Placer = PhasePlace, ev.StartPlacer
	if neutralArmies > 0 {
		ev.Placer = s.Settings.First
	}
	left := neutralArmies
	for _, n := range ev.ToPlace {
		left += n
	}
	if left == 0 { // the deal used every start army: the first turn begins at once
		ev.Phase, ev.Placer = "", -1
	}
	ev.Deck = x.shuffle(deck)
	x.emit(EvStarted, ev)
	return nil
}

// divide shares n armies equally among players; the odd ones go to the
// highest rolls of one die each, ties rolled again among the tied.
func (x *sim) divide(n int, players []int) ([]int, []ShareRolls) {
	each := make([]int, len(x.s.Players))
	if len(players) == 0 {
		return each, nil
	}
	for _, p := range players {
		each[p] = n / len(players)
	}
	var rolls []ShareRolls
	ranked := x.rank(players, &rolls)
	for i := range n % len(players) {
		each[ranked[i]]++
	}
	return each, rolls
}

// rank orders players by one die each, highest first, rolling ties again.
func (x *sim) rank(players []int, rolls *[]ShareRolls) []int {
	if len(players) <= 1 {
		return players
	}
	r := ShareRolls{Players: players, Faces: make([]int, len(players))}
	for i := range players {
		r.Faces[i] = x.d.Roll(6)
	}
	*rolls = append(*rolls, r)
	var out []int
	for f := 6; f >= 1; f-- {
		var tied []int
		for i, p := range players {
			if r.Faces[i] == f {
				tied = append(tied, p)
			}
		}
		out = append(out, x.rank(tied, rolls)...)
	}
	return out
}

func (x *sim) place(a *placeArgs) error {
	s := x.s
	t, err := x.territory(a.Territory, "territory to place on")
	if err != nil {
		return err
	}
	count := 1
	if a.Count != nil {
		count = max(*a.Count, 1)
	}
	tn := s.m.Name(riskID(t))
	switch s.Phase {
	case PhaseClaim, PhasePlace:
		p := s.Placer
		if err := x.startTurn(p); err != nil {
			return err
		}
		if s.Phase == PhaseClaim {
			if count != 1 {
				return engine.Refuse("one-at-a-time", "Territories are claimed one at a time, in turn: one army on one empty territory.")
			}
			if s.Owner[t] >= 0 {
				return engine.Refuse("claim-empty", "%s is already claimed by %s: claim an empty territory until all are taken.", tn, s.name(s.Owner[t]))
			}
			x.emit(EvPlaced, placedEv{Player: p, Territory: t, Count: 1, Pool: PoolStart})
			return nil
		}
		if count > 1 && !s.Settings.PlaceMany {
			return engine.Refuse("one-at-a-time", "Start armies go down one at a time, in turn: %s places 1 army on %s, not %d.", s.name(p), tn, count)
		}
		// With Settings.PlaceMany a placer may put several armies down at
		// once (one tap for the table that does not want 60 turns of one
		// army); the turn order then follows the armies placed (nextPlacer).
		if s.NeutralToPlace[p] > 0 {
			o := s.Owner[t]
			if o < 0 || !s.Players[o].Neutral {
				return engine.Refuse("neutral-first", "%s first places the neutral player's start armies (%d left): choose a neutral territory, not %s.", s.name(p), s.NeutralToPlace[p], tn)
			} else if s.NeutralLeft != nil && s.NeutralLeft[o] <= 0 {
				return engine.Refuse("neutral-own-armies", "%s's start armies are all placed: %s belongs to %s, so place on another neutral's territory.", s.name(o), tn, s.name(o))
			}
			most := s.NeutralToPlace[p]
			if s.NeutralLeft != nil {
				most = min(most, s.NeutralLeft[o])
			}
			if count > most {
				return engine.Refuse("too-many", "%s has %d of %s's start armies to place there, not %d.", s.name(p), most, s.name(o), count)
			}
			x.emit(EvPlaced, placedEv{Player: p, Territory: t, Count: count, Pool: PoolNeutral})
			return nil
		}
		if s.Owner[t] != p {
			return engine.Refuse("own-territory", "%s belongs to %s: armies go only on your own territories.", tn, s.name(s.Owner[t]))
		}
		if count > s.ToPlace[p] {
			return engine.Refuse("too-many", "%s has %d start armies left to place, not %d.", s.name(p), s.ToPlace[p], count)
		}
		x.emit(EvPlaced, placedEv{Player: p, Territory: t, Count: count, Pool: PoolStart})
	case PhaseReinforce, PhaseAttack:
		p := s.Turn
		if err := x.actor(p); err != nil {
			return err
		}
		if err := x.forcedTrade(); err != nil {
			return err
		}
		if s.Pool <= 0 {
			return engine.Refuse("no-armies", "%s has no armies left to place this turn.", s.name(p))
		}
		if s.Owner[t] != p {
			return engine.Refuse("own-territory", "%s belongs to %s: armies go only on your own territories.", tn, s.name(s.Owner[t]))
		}
		if count > s.Pool {
			return engine.Refuse("too-many", "%s has %d armies to place, not %d.", s.name(p), s.Pool, count)
		}
		x.emit(EvPlaced, placedEv{Player: p, Territory: t, Count: count, Pool: PoolBuild})
	case PhaseNeutral:
		p := x.seat
		if p == engine.Host {
			p = s.realFrom(len(s.Players)-1, false, func(q int) bool { return s.ToPlace[q] > 0 })
			if a.Seat != nil {
				p = *a.Seat
			}
		}
		if p < 0 || p >= len(s.Players) || s.ToPlace[p] <= 0 {
			return engine.Refuse("no-share", "Only a player with a share of the neutral player's build left places now; choose whose share this is.")
		}
		if s.Owner[t] != s.Turn {
			return engine.Refuse("neutral-territory", "The neutral player's build goes on its own territories, not on %s.", tn)
		}
		if count > s.ToPlace[p] {
			return engine.Refuse("too-many", "%s has %d of the neutral player's armies to place, not %d.", s.name(p), s.ToPlace[p], count)
		}
		x.emit(EvPlaced, placedEv{Player: p, Territory: t, Count: count, Pool: PoolShare})
		for _, q := range s.Real() {
			if s.ToPlace[q] > 0 {
				return nil
			}
		}
		x.neutralRest()
	default:
		return x.phase(PhaseReinforce)
	}
	return nil
}

// forcedTrade refuses play while a hand must be traded down.
func (x *sim) forcedTrade() error {
	s := x.s
	n := len(s.Hands[s.Turn])
	if s.MustTrade {
		return engine.Refuse("must-trade", "%s holds %d cards after an elimination and must trade sets until 4 or fewer are left.", s.name(s.Turn), n)
	}
	if s.Phase == PhaseReinforce && n >= 5 {
		return engine.Refuse("must-trade", "%s holds %d cards: with five or more a set must be traded first.", s.name(s.Turn), n)
	}
	return nil
}

func (x *sim) trade(a *tradeArgs) error {
	s := x.s
	p := s.Turn
	if err := x.inTurn(); err != nil {
		return err
	}
	if s.Phase == PhaseAttack && !s.MustTrade {
		return engine.Refuse("trade-at-start", "Sets are traded at the start of a turn (or at once after an elimination leaves 6 or more cards).")
	}
	hand := s.Hands[p]
	if !s.SecondSetAllowed(x.v) {
		return engine.Refuse("one-set-a-turn", "One set a turn (two when the turn began with 5 or 6 cards): %s has traded already.", s.name(p))
	}
	var cards []Card
	for i, id := range a.Cards {
		if containsInt(a.Cards[:i], id) {
			return engine.Refuse("not-a-set", "A card cannot be used twice in one set.")
		}
		found := false
		for _, c := range hand {
			if c.ID == id {
				cards, found = append(cards, c), true
			}
		}
		if !found {
			return engine.Refuse("not-your-card", "Card %d is not in %s's hand.", id, s.name(p))
		}
	}
	if !IsSet(cards) {
		return engine.Refuse("not-a-set", "That is not a set: trade three cards whose kinds are all the same or all different (wild cards fit either).")
	}
	x.emit(EvTraded, x.tradeEv(p, cards))
	return nil
}

func (x *sim) tradeEv(p int, cards []Card) tradedEv {
	s := x.s
	val, why := x.v.SetValue(kindsOf(cards), s.Sets)
	var labels []string
	ev := tradedEv{Player: p, Value: val}
	for _, c := range cards {
		ev.Cards = append(ev.Cards, c.ID)
		labels = append(labels, c.Label)
		if x.v.CardBonus && c.Territory >= 0 && s.Owner[c.Territory] == p {
			ev.Bonus = append(ev.Bonus, Bonus{Territory: c.Territory, Armies: CardBonusArmies})
		}
	}
	ev.Why = fmt.Sprintf("set %s: %s", strings.Join(labels, ", "), why)
	return ev
}

// startRandom deals every territory round the table (in turn order, from the
// first player) and places every player's start armies evenly at random on
// their own territories: a neutral's on its own, like everyone's. Every
// choice is drawn from the tracker's dice and the result is written into
// the started event, so the set-up of a minute replays exactly.
func (x *sim) startRandom(ev startedEv, start int, deck []Card) error {
	s := x.s
	T, k := s.m.Len(), len(s.Players)
	terr := make([]int, T)
	for i := range terr {
		terr[i] = i
	}
	x.shuffleInts(terr)
	order := s.order()
	for i, t := range terr {
		ev.Owner[t] = order[i%k]
		ev.Armies[t] = 1
	}
	var lines []string
	for _, p := range order {
		var own []int
		for t, o := range ev.Owner {
			if o == p {
				own = append(own, t)
			}
		}
		left := start - len(own)
		if len(own) == 0 || left <= 0 {
			continue
		}
		x.shuffleInts(own)
		for i, t := range own {
			ev.Armies[t] += left / len(own)
			if i < left%len(own) {
				ev.Armies[t]++
			}
		}
		lo, hi := 1+left/len(own), 1+left/len(own)
		if left%len(own) > 0 {
			hi++
		}
		spread := fmt.Sprintf("%d each", lo)
		if hi > lo {
			spread = fmt.Sprintf("%d or %d each", lo, hi)
		}
		lines = append(lines, fmt.Sprintf("%s %d territories, %s", s.Players[p].Name, len(own), spread))
	}
	if s.Settings.Neutrals > 0 {
		ev.NeutralLeft = make([]int, k)
	}
	ev.Phase, ev.Placer, ev.StartPlacer = "", -1, s.Settings.First
	ev.Why += "; dealt and placed evenly at random: " + strings.Join(lines, "; ")
	ev.Deck = x.shuffle(deck)
	x.emit(EvStarted, ev)
	return nil
}

// shuffleInts is Fisher-Yates on a list of numbers with the tracker's dice.
func (x *sim) shuffleInts(xs []int) {
	for i := len(xs) - 1; i > 0; i-- {
		j := x.d.Intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// decide is Decide for this variant, as engine.Teach asks it.
func (v *Variant) decide(st engine.State, cmd engine.Command, dice engine.Dice) ([]engine.Event, error) {
	return Decide(v, st, cmd, dice)
}
