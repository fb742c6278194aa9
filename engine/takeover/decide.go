package takeover

import (
	"slices"
	"strings"

	"tableside/engine"
)

// Commands.
const (
	CmdDeal    = "deal"    // host: lay the 24 tiles at random; {first?}
	CmdLay     = "lay"     // host: the tiles as laid on the table; {tiles:[24 codes row by row], first?}
	CmdDraft   = "draft"   // the player to pick (or the host for them): {coin}
	CmdConceal = "conceal" // a player, privately: {stock:[codes]} or "stock.CODE": true flags
	CmdMerge   = "merge"   // the player on turn (or the host for them): {from, to, pay, auto}
	CmdPass    = "pass"    // the player on turn (or the host for them)
	CmdGive    = "give"    // a player hands coins to another in a deal: {to, coins}
)

// Events.
const (
	EvDealt     = "dealt"
	EvDrafted   = "drafted"
	EvConcealed = "concealed"
	EvStarted   = "started"
	EvMerged    = "merged"
	EvPassed    = "passed"
	EvGiven     = "given"
	EvEnded     = "ended"
)

type dealData struct {
	Tiles  []string `json:"tiles"`
	First  int      `json:"first"`
	Random bool     `json:"random"`
}

// commands decodes each command's data, before anything is decided: a
// field a command does not take is a typo or a forgery.
var commands = engine.Commands{
	CmdDeal:    engine.Args[dealCmd],
	CmdLay:     engine.Args[layCmd],
	CmdDraft:   engine.Args[draftCmd],
	CmdConceal: engine.Args[concealCmd],
	CmdMerge:   engine.Args[mergeCmd],
	CmdPass:    engine.Args[passCmd],
	CmdGive:    engine.Args[giveCmd],
}

// draftCmd takes a coin in the draft.
type draftCmd struct {
	Coin string `json:"coin"`
}

// passCmd passes the turn.
type passCmd struct{}

// dealCmd deals the tiles at random.
type dealCmd struct {
	First *int `json:"first"` // left out: roll for it
}

// layCmd lays the tiles as the table laid them.
type layCmd struct {
	Tiles CoinList `json:"tiles"`
	First *int     `json:"first"` // left out: roll for it
}

type draftData struct {
	Seat int    `json:"seat"`
	Coin string `json:"coin"`
}

type concealData struct {
	Seat  int      `json:"seat"`
	Stock []string `json:"stock"`
}

// MergeData is a merge as decided: the stack at From moves onto the one at
// To, whose corporation (Absorbed) disappears under it.
type MergeData struct {
	Seat     int      `json:"seat"`
	From     int      `json:"from"`
	To       int      `json:"to"`
	Mover    string   `json:"mover"`
	Absorbed string   `json:"absorbed"`
	Cost     int      `json:"cost"`
	Paid     []string `json:"paid"`
	Null     string   `json:"null,omitempty"` // the null coin spent on a special merge
}

type mergeCmd struct {
	From *Cell           `json:"from"`
	To   *Cell           `json:"to"`
	Pay  CoinList        `json:"pay"`
	Box  map[string]bool `json:"pay."` // a form's check boxes
	Auto bool            `json:"auto"` // pay the cheapest cash that covers the cost
}

type giveData struct {
	From  int      `json:"from"`
	To    int      `json:"to"`
	Coins []string `json:"coins"`
}

type giveCmd struct {
	To    *int            `json:"to"`
	Coins CoinList        `json:"coins"`
	Box   map[string]bool `json:"coins."` // a form's check boxes
}

type concealCmd struct {
	Stock CoinList        `json:"stock"`
	Box   map[string]bool `json:"stock."` // a form's check boxes
}

type endData struct {
	Reason string `json:"reason"`
}

// Decide checks a command and returns what follows from it.
func (Rules) Decide(st engine.State, cmd engine.Command, dice engine.Dice) ([]engine.Event, error) {
	s := st.(*State)
	if s.Phase == PhaseOver {
		return nil, engine.Refuse("game-over", "The game is over: %s.", s.Reason)
	}
	a, err := commands.Decode(cmd)
	if err != nil {
		return nil, err
	}
	switch c := a.(type) {
	case *dealCmd:
		return s.decideDeal(cmd, layCmd{First: c.First}, dice)
	case *layCmd:
		return s.decideDeal(cmd, *c, dice)
	case *draftCmd:
		return s.decideDraft(cmd, c)
	case *concealCmd:
		return s.decideConceal(cmd, c)
	case *mergeCmd:
		return s.decideMerge(cmd, c)
	case *passCmd:
		return s.decidePass(cmd)
	case *giveCmd:
		return s.decideGive(cmd, c)
	}
	return nil, engine.Refuse("unknown-command", "Takeover does not know the command %q.", cmd.Type)
}

func (s *State) decideDeal(cmd engine.Command, c layCmd, dice engine.Dice) ([]engine.Event, error) {
	if cmd.Seat != engine.Host {
		return nil, engine.Refuse("host-only", "Only the host lays out the tiles.")
	}
	if s.Phase != PhaseSetup {
		return nil, engine.Refuse("already-laid", "The tiles are already laid out.")
	}
	d := dealData{}
	if cmd.Type == CmdDeal {
		d.Random = true
		d.Tiles = AllPieces()
		for i := len(d.Tiles) - 1; i > 0; i-- { // Fisher-Yates, every draw from the tracker's dice
			j := dice.Intn(i + 1)
			d.Tiles[i], d.Tiles[j] = d.Tiles[j], d.Tiles[i]
		}
	} else {
		if err := checkLayout(c.Tiles); err != nil {
			return nil, err
		}
		d.Tiles = c.Tiles
	}
	if c.First != nil {
		if *c.First < 0 || *c.First >= len(s.Seats) {
			return nil, engine.Refuse("no-such-seat", "There is no player %d to begin.", *c.First+1)
		}
		d.First = *c.First
	} else {
		d.First = dice.Intn(len(s.Seats)) // the roll for who begins the draft
	}
	return []engine.Event{engine.NewEvent(EvDealt, d)}, nil
}

// checkLayout refuses a layout that is not the 24 tiles, each once.
func checkLayout(tiles []string) error {
	if len(tiles) != Cells {
		return engine.Refuse("layout-24-tiles", "Enter all %d tiles, row by row (you gave %d).", Cells, len(tiles))
	}
	seen := map[string]bool{}
	for i, t := range tiles {
		if !validPiece(t) {
			return engine.Refuse("layout-unknown-tile", "Cell %s: %q is not a piecepack tile (suit S, M, C or A, then 0-5).", CellName(i), t)
		}
		if seen[t] {
			return engine.Refuse("layout-tile-twice", "Cell %s: %s is laid twice; each tile appears once.", CellName(i), Label(t))
		}
		seen[t] = true
	}
	return nil
}

// actor resolves who acts in turn: the seat itself, or the host standing in
// for the player whose move it is.
func (s *State) actor(cmd engine.Command, turn int) (int, error) {
	if cmd.Seat == engine.Host {
		return turn, nil
	}
	if cmd.Seat != turn {
		return 0, engine.Refuse("not-your-turn", "It is %s's turn, not yours.", s.name(turn))
	}
	return turn, nil
}

func (s *State) decideDraft(cmd engine.Command, c *draftCmd) ([]engine.Event, error) {
	if s.Phase != PhaseDraft {
		return nil, engine.Refuse("not-drafting", "The coin draft is not on now.")
	}
	seat, err := s.actor(cmd, DraftSeat(s.First, len(s.Seats), s.Picks))
	if err != nil {
		return nil, err
	}
	code := strings.ToUpper(strings.TrimSpace(c.Coin))
	if !slices.Contains(s.Pool, code) {
		return nil, engine.Refuse("coin-taken", "%s is not among the coins left to draft.", Label(code))
	}
	return []engine.Event{engine.NewEvent(EvDrafted, draftData{Seat: seat, Coin: code})}, nil
}

func (s *State) decideConceal(cmd engine.Command, c *concealCmd) ([]engine.Event, error) {
	if s.Phase != PhaseConceal {
		return nil, engine.Refuse("not-concealing", "Stocks and cash are chosen once the draft is over, before play.")
	}
	if cmd.Seat < 0 || cmd.Seat >= len(s.Seats) {
		return nil, engine.Refuse("own-phone-only", "Each player chooses stock and cash on their own phone, unseen.")
	}
	stock := append(slices.Clone([]string(c.Stock)), ticked(c.Box)...)
	sortCodes(stock)
	stock = slices.Compact(stock)
	p := &s.Players[cmd.Seat]
	for _, code := range stock {
		if _, ok := p.coin(code); !ok {
			return nil, engine.Refuse("not-your-coin", "You do not hold %s.", Label(code))
		}
	}
	evs := []engine.Event{engine.NewEvent(EvConcealed, concealData{Seat: cmd.Seat, Stock: stock})}
	undecided := 0
	for i, pl := range s.Players {
		if !pl.Decided && i != cmd.Seat {
			undecided++
		}
	}
	if undecided == 0 {
		evs = append(evs, engine.NewEvent(EvStarted, nil))
		evs = s.withEnd(evs)
	}
	return evs, nil
}

func (s *State) decidePass(cmd engine.Command) ([]engine.Event, error) {
	if s.Phase != PhasePlay {
		return nil, engine.Refuse("not-playing", "Passing comes once play has begun.")
	}
	seat, err := s.actor(cmd, s.Turn)
	if err != nil {
		return nil, err
	}
	return s.withEnd([]engine.Event{engine.NewEvent(EvPassed, draftData{Seat: seat})}), nil
}

func (s *State) decideMerge(cmd engine.Command, c *mergeCmd) ([]engine.Event, error) {
	if s.Phase != PhasePlay {
		return nil, engine.Refuse("not-playing", "Merges come once every player has chosen stock and cash.")
	}
	seat, err := s.actor(cmd, s.Turn)
	if err != nil {
		return nil, err
	}
	if c.From == nil || c.To == nil {
		return nil, engine.Refuse("merge-cells", "Name the corporation that moves (from) and the one it absorbs (to).")
	}
	pay := append(slices.Clone([]string(c.Pay)), ticked(c.Box)...)
	m, err := s.CheckMerge(seat, int(*c.From), int(*c.To), pay, c.Auto)
	if err != nil {
		return nil, err
	}
	return s.withEnd([]engine.Event{engine.NewEvent(EvMerged, m)}), nil
}

// CheckMerge decides whether seat may move the stack at from onto the one
// at to, paying with the given cash coins (or, with auto, the cheapest cash
// that covers the cost), and returns the merge as it would happen.
func (s *State) CheckMerge(seat, from, to int, pay []string, auto bool) (MergeData, error) {
	if from < 0 || from >= Cells || to < 0 || to >= Cells {
		return MergeData{}, engine.Refuse("no-such-cell", "The grid has cells A1 to F4 only.")
	}
	if from == to {
		return MergeData{}, engine.Refuse("merge-itself", "A corporation cannot merge with itself.")
	}
	a, b := s.Grid[from], s.Grid[to]
	if len(a) == 0 || len(b) == 0 {
		empty := from
		if len(a) > 0 {
			empty = to
		}
		return MergeData{}, engine.Refuse("empty-cell", "%s is empty table: there is no corporation there.", CellName(empty))
	}
	p := &s.Players[seat]
	m := MergeData{Seat: seat, From: from, To: to, Mover: a.Top(), Absorbed: b.Top(), Paid: []string{}}
	if !neighbours(from, to) {
		if !clearLine(s.Grid, from, to) {
			return MergeData{}, engine.Refuse("not-neighbours", "%s and %s are not neighbours: corporations merge across a side (not a corner), or, by spending a null coin, along a row or column with only empty table between them.", CellName(from), CellName(to))
		}
		null, ok := p.nullCash()
		if !ok {
			return MergeData{}, engine.Refuse("special-needs-null", "%s and %s are not neighbours: merging across the empty table needs a null coin held as cash (value side up), and %s has none.", CellName(from), CellName(to), s.name(seat))
		}
		m.Null = null
	}
	m.Cost = MergeCost(m.Mover, m.Absorbed)
	if auto && len(pay) == 0 && m.Cost > 0 {
		var ok bool
		if pay, ok = CheapestPayment(p.cashCoins(m.Null), m.Cost); !ok {
			return MergeData{}, engine.Refuse("cost-not-covered", "Absorbing %s costs %d; %s's cash (%d) does not cover it.", Label(m.Absorbed), m.Cost, s.name(seat), p.Cash())
		}
	}
	paid, err := s.checkPayment(seat, m, pay)
	if err != nil {
		return MergeData{}, err
	}
	m.Paid = paid
	return m, nil
}

// MergeCost is what absorbing a corporation costs: nothing within the same
// suit or for a null tile, else the absorbed top tile's value.
func MergeCost(mover, absorbed string) int {
	if Suit(mover) == Suit(absorbed) || Rank(absorbed) == 0 {
		return 0
	}
	return Rank(absorbed)
}

func (s *State) checkPayment(seat int, m MergeData, pay []string) ([]string, error) {
	p := &s.Players[seat]
	pay = normCodes(pay)
	sortCodes(pay)
	if len(pay) > 0 && m.Cost == 0 {
		why := "the same suit"
		if Suit(m.Mover) != Suit(m.Absorbed) {
			why = "a null tile"
		}
		return nil, engine.Refuse("merge-is-free", "Absorbing %s is free (%s): pay nothing.", Label(m.Absorbed), why)
	}
	total := 0
	for i, code := range pay {
		if i > 0 && pay[i-1] == code {
			return nil, engine.Refuse("coin-twice", "%s is named twice in the payment.", Label(code))
		}
		j, ok := p.coin(code)
		if !ok {
			return nil, engine.Refuse("not-your-coin", "%s does not hold %s.", s.name(seat), Label(code))
		}
		if p.Coins[j].Stock {
			return nil, engine.Refuse("pay-with-cash", "%s is held as stock (suit up): merges are paid with cash coins (value up) only.", Label(code))
		}
		if Rank(code) == 0 {
			return nil, engine.Refuse("null-pays-nothing", "A null coin is worth nothing as payment; it is kept for a special merge.")
		}
		total += Rank(code)
	}
	if total < m.Cost {
		return nil, engine.Refuse("cost-not-covered", "Absorbing %s (a different suit) costs %d; the cash named is worth %d.", Label(m.Absorbed), m.Cost, total)
	}
	return pay, nil
}

// cashCoins lists a player's spendable cash coins (not nulls, not the one
// set aside for a special merge).
func (p *Player) cashCoins(except string) []string {
	var out []string
	for _, c := range p.Coins {
		if !c.Stock && Rank(c.Code) > 0 && c.Code != except {
			out = append(out, c.Code)
		}
	}
	return out
}

// CheapestPayment picks the cash coins whose total covers cost with the
// least overpay (then the fewest coins). Hands hold at most 24 coins, so
// every subset is tried.
func CheapestPayment(cash []string, cost int) ([]string, bool) {
	best, bestSum, bestN := -1, 0, 0
	n := len(cash)
	if n > 20 {
		n = 20
	}
	for mask := 1; mask < 1<<n; mask++ {
		sum, cnt := 0, 0
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				sum += Rank(cash[i])
				cnt++
			}
		}
		if sum < cost {
			continue
		}
		if best < 0 || sum < bestSum || (sum == bestSum && cnt < bestN) {
			best, bestSum, bestN = mask, sum, cnt
		}
	}
	if best < 0 {
		return nil, false
	}
	var out []string
	for i := 0; i < n; i++ {
		if best&(1<<i) != 0 {
			out = append(out, cash[i])
		}
	}
	sortCodes(out)
	return out, true
}

func (s *State) decideGive(cmd engine.Command, c *giveCmd) ([]engine.Event, error) {
	if s.Phase != PhasePlay {
		return nil, engine.Refuse("not-playing", "Coins change hands in deals once play has begun.")
	}
	if cmd.Seat < 0 || cmd.Seat >= len(s.Seats) {
		return nil, engine.Refuse("own-phone-only", "Coins are handed over from the giver's own phone.")
	}
	c.Coins = append(c.Coins, ticked(c.Box)...)
	if c.To == nil || *c.To < 0 || *c.To >= len(s.Seats) || *c.To == cmd.Seat {
		return nil, engine.Refuse("give-to-whom", "Name another player to receive the coins.")
	}
	coins := slices.Clone([]string(c.Coins))
	sortCodes(coins)
	if len(coins) == 0 {
		return nil, engine.Refuse("give-what", "Name the coins to hand over.")
	}
	p := &s.Players[cmd.Seat]
	for i, code := range coins {
		if i > 0 && coins[i-1] == code {
			return nil, engine.Refuse("coin-twice", "%s is named twice.", Label(code))
		}
		if _, ok := p.coin(code); !ok {
			return nil, engine.Refuse("not-your-coin", "You do not hold %s.", Label(code))
		}
	}
	return s.withEnd([]engine.Event{engine.NewEvent(EvGiven, giveData{From: cmd.Seat, To: *c.To, Coins: coins})}), nil
}

// withEnd appends the end of the game when the events leave it over.
func (s *State) withEnd(evs []engine.Event) []engine.Event {
	next := s.clone()
	for _, e := range evs {
		next = Rules{}.Evolve(next, e).(*State)
	}
	if next.Phase != PhasePlay {
		return evs
	}
	if next.Passes >= len(next.Seats) {
		return append(evs, engine.NewEvent(EvEnded, endData{Reason: "every player passed in succession"}))
	}
	if !next.mergePossible() {
		return append(evs, engine.NewEvent(EvEnded, endData{Reason: "no more merges are possible"}))
	}
	return evs
}

// mergePossible applies the table's end rule: can the game still go on?
func (s *State) mergePossible() bool {
	for a := 0; a < Cells; a++ {
		if len(s.Grid[a]) == 0 {
			continue
		}
		for b := 0; b < Cells; b++ {
			if a == b || len(s.Grid[b]) == 0 {
				continue
			}
			near := neighbours(a, b)
			if s.Settings.EndWhen == EndBoard {
				if near {
					return true
				}
				continue
			}
			if !near && !clearLine(s.Grid, a, b) {
				continue
			}
			for seat := range s.Players {
				if s.canAfford(seat, a, b, near) {
					return true
				}
			}
		}
	}
	return false
}

// canAfford reports whether seat could pay for moving a onto b.
func (s *State) canAfford(seat, a, b int, near bool) bool {
	p := &s.Players[seat]
	null := ""
	if !near {
		var ok bool
		if null, ok = p.nullCash(); !ok {
			return false
		}
	}
	cost := MergeCost(s.Grid[a].Top(), s.Grid[b].Top())
	if cost == 0 {
		return true
	}
	t := 0
	for _, c := range p.cashCoins(null) {
		t += Rank(c)
	}
	return t >= cost
}
