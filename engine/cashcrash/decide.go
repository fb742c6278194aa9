package cashcrash

import (
	"slices"
	"strconv"

	"tableside/engine"
)

// Commands.
const (
	CmdConfigure = "configure" // host, in setup: {variant, doubling, raise, cards | card1..card10}
	CmdStart     = "start"     // host: deal the sets and pick the first bidder; {first?}
	CmdSwap      = "swap"      // a player in the red zone, before staking: {give, take}
	CmdStake     = "stake"     // a player, in secret: {cards, recover?}
	CmdBid       = "bid"       // open or raise: {qty, goods}
	CmdAdd       = "add"       // invest one more card and bid: {card, qty, goods}
	CmdSell      = "sell"      // challenge the current bid
	CmdDouble    = "double"    // the challenged player doubles (Doubling rule)
	CmdAccept    = "accept"    // the challenged player lets the cards be revealed
	CmdPersist   = "persist"   // the challenger stands by a doubled challenge
	CmdWithdraw  = "withdraw"  // the challenger takes back a doubled challenge
	CmdForfeit   = "forfeit"   // the loser of a doubled challenge names the extra cards: {cards}
	CmdRecover   = "recover"   // Blitz: take back lost cards after an out-of-turn win: {cards}
)

// Events.
const (
	EvConfigured = "configured"
	EvStarted    = "started"
	EvSwapped    = "swapped"
	EvStaked     = "staked"
	EvBid        = "bid"
	EvChallenged = "challenged"
	EvDoubled    = "doubled"
	EvWithdrawn  = "withdrawn"
	EvRevealed   = "revealed"
	EvForfeited  = "forfeited"
	EvRecovered  = "recovered"
	EvSettled    = "settled"
)

type startData struct {
	First int `json:"first"`
}

type swapData struct {
	Seat int `json:"seat"`
	Give int `json:"give"`
	Take int `json:"take"`
}

type stakeData struct {
	Seat    int   `json:"seat"`
	Cards   []int `json:"cards"`
	Recover int   `json:"recover,omitempty"`
}

type bidData struct {
	Seat int `json:"seat"`
	Bid  Bid `json:"bid"`
	Card int `json:"card,omitempty"` // the card added, if any
}

type seatData struct {
	Seat int `json:"seat"`
}

type cardsData struct {
	Seat  int   `json:"seat"`
	Cards []int `json:"cards"`
}

type settleData struct {
	Eliminated []int `json:"eliminated"`
	Winner     int   `json:"winner"`
	Starter    int   `json:"starter"`
}

// commands decodes each command's data before anything is decided: a
// field a command does not take is a typo or a forgery.
var commands = engine.Commands{
	CmdConfigure: engine.Args[configureCmd],
	CmdStart:     engine.Args[startCmd],
	CmdSwap:      engine.Args[swapCmd],
	CmdStake:     engine.Args[stakeCmd],
	CmdBid:       engine.Args[bidCmd],
	CmdAdd:       engine.Args[bidCmd],
	CmdSell:      engine.Args[struct{}],
	CmdDouble:    engine.Args[struct{}],
	CmdAccept:    engine.Args[struct{}],
	CmdPersist:   engine.Args[struct{}],
	CmdWithdraw:  engine.Args[struct{}],
	CmdForfeit:   engine.Args[pickCmd],
	CmdRecover:   engine.Args[pickCmd],
}

// configureCmd sets the rules and the card set: what it names changes, the
// rest stays. The form sends the set as card1..card10.
type configureCmd struct {
	Variant  *string      `json:"variant"`
	Doubling *bool        `json:"doubling"`
	Raise    *string      `json:"raise"`
	Cards    CardList     `json:"cards" rule:"card-set" must:"the 10 cards, each written like GO or GGW"`
	Card     map[int]Card `json:"card#" rule:"card-set" must:"a card written as its icons' letters, like GO or GGW"`
}

// startCmd starts the game; first is the seat that opens (left out: drawn).
type startCmd struct {
	First *int `json:"first"`
}

// swapCmd is the red zone swap: a card of the hand for one of the discards.
type swapCmd struct {
	Give int `json:"give" args:"required"`
	Take int `json:"take" args:"required"`
}

// pickCmd names cards: a list, or a form's check boxes (card.3: true).
type pickCmd struct {
	Cards []int           `json:"cards"`
	Box   map[string]bool `json:"card."`
}

// stakeCmd is a round's stake, with the card recovered from the discards
// (Classic, one card left).
type stakeCmd struct {
	pickCmd
	Recover int `json:"recover"`
}

// recovered is the card taken back from the discards, as a list of none or one.
func (c *stakeCmd) recovered() []int {
	if c.Recover == 0 {
		return nil
	}
	return []int{c.Recover}
}

// bidCmd is a bid as a screen sends it: goods as letters or words, or
// gold/oil/wheat check boxes.
type bidCmd struct {
	Qty   int    `json:"qty"`
	Goods string `json:"goods"`
	Gold  bool   `json:"gold"`
	Oil   bool   `json:"oil"`
	Wheat bool   `json:"wheat"`
	Card  int    `json:"card"`
}

func (c bidCmd) bid() Bid {
	g := c.Goods
	for _, x := range []struct {
		on bool
		l  string
	}{{c.Gold, "G"}, {c.Oil, "O"}, {c.Wheat, "W"}} {
		if x.on {
			g += x.l
		}
	}
	return Bid{Qty: c.Qty, Goods: ParseGoods(g)}
}

// list is the cards named, in order: the list and the ticked boxes.
func (c pickCmd) list(typ string) ([]int, error) {
	out := slices.Clone(c.Cards)
	for k, on := range c.Box {
		n, err := strconv.Atoi(k)
		if err != nil {
			return nil, engine.Refuse("malformed", "%s: %q is not a card number.", typ, k)
		}
		if on {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}

// Decide checks a command and returns what follows.
func (Rules) Decide(st engine.State, cmd engine.Command, dice engine.Dice) ([]engine.Event, error) {
	s := st.(*State)
	if s.Phase == PhaseOver {
		return nil, engine.Refuse("game-over", "The game is over: %s won.", s.name(s.Winner))
	}
	a, err := commands.Decode(cmd)
	if err != nil {
		return nil, err
	}
	var evs []engine.Event
	switch cmd.Type {
	case CmdConfigure:
		evs, err = s.decideConfigure(cmd, a.(*configureCmd))
	case CmdStart:
		evs, err = s.decideStart(cmd, a.(*startCmd), dice)
	case CmdSwap:
		evs, err = s.decideSwap(cmd, a.(*swapCmd))
	case CmdStake:
		evs, err = s.decideStake(cmd, a.(*stakeCmd))
	case CmdBid, CmdAdd:
		evs, err = s.decideBid(cmd, a.(*bidCmd))
	case CmdSell:
		evs, err = s.decideSell(cmd)
	case CmdDouble, CmdAccept:
		evs, err = s.decideAnswer(cmd)
	case CmdPersist, CmdWithdraw:
		evs, err = s.decidePersist(cmd)
	case CmdForfeit, CmdRecover:
		evs, err = s.decidePick(cmd, a.(*pickCmd))
	default:
		return nil, engine.Refuse("unknown-command", "Cash or Crash does not know the command %q.", cmd.Type)
	}
	if err != nil {
		return nil, err
	}
	return s.settle(evs), nil
}

func (s *State) decideConfigure(cmd engine.Command, c *configureCmd) ([]engine.Event, error) {
	if cmd.Seat != engine.Host {
		return nil, engine.Refuse("host-only", "Only the host sets up the game.")
	}
	if s.Phase != PhaseSetup {
		return nil, engine.Refuse("already-started", "The rules and the card set are fixed once the game has started.")
	}
	next := s.Settings
	next.Cards = slices.Clone(s.Settings.Cards)
	if c.Variant != nil {
		next.Variant = *c.Variant
	}
	if c.Doubling != nil {
		next.Doubling = *c.Doubling
	}
	if c.Raise != nil {
		next.Raise = *c.Raise
	}
	if c.Cards != nil {
		next.Cards = c.Cards
	}
	for i, card := range c.Card {
		if i < 1 || i > SetSize {
			return nil, engine.Refuse("bad-input", "%s does not take the field \"card%d\": the set has cards 1 to %d.", cmd.Type, i, SetSize)
		}
		if len(next.Cards) < SetSize {
			next.Cards = append(next.Cards, make([]Card, SetSize-len(next.Cards))...)
		}
		next.Cards[i-1] = card
	}
	if err := next.normalise(); err != nil {
		return nil, err
	}
	if err := checkSet(next.Cards); err != nil {
		return nil, engine.Refuse("card-set", "The card set: %v.", err)
	}
	return []engine.Event{engine.NewEvent(EvConfigured, next)}, nil
}

func (s *State) decideStart(cmd engine.Command, c *startCmd, dice engine.Dice) ([]engine.Event, error) {
	if cmd.Seat != engine.Host {
		return nil, engine.Refuse("host-only", "Only the host starts the game.")
	}
	if s.Phase != PhaseSetup {
		return nil, engine.Refuse("already-started", "The game has already started.")
	}
	if err := checkSet(s.Settings.Cards); err != nil {
		return nil, engine.Refuse("card-set", "Enter the card set first: %v.", err)
	}
	first := 0
	if c.First != nil {
		if *c.First < 0 || int(*c.First) >= len(s.Seats) {
			return nil, engine.Refuse("no-such-seat", "There is no player %d.", *c.First+1)
		}
		first = *c.First
	} else {
		first = dice.Intn(len(s.Seats))
	}
	return []engine.Event{engine.NewEvent(EvStarted, startData{First: first})}, nil
}

// player resolves the seat of a private command: only the player's own phone.
func (s *State) player(cmd engine.Command) (*Player, error) {
	if cmd.Seat < 0 || cmd.Seat >= len(s.Players) {
		return nil, engine.Refuse("own-phone-only", "Cards are chosen on the player's own phone, unseen by the table.")
	}
	p := &s.Players[cmd.Seat]
	if p.Out {
		return nil, engine.Refuse("eliminated", "%s is out of the game.", s.name(cmd.Seat))
	}
	return p, nil
}

func (s *State) decideSwap(cmd engine.Command, c *swapCmd) ([]engine.Event, error) {
	p, err := s.player(cmd)
	if err != nil {
		return nil, err
	}
	if s.Phase != PhaseStake || p.Ready {
		return nil, engine.Refuse("swap-before-stake", "The red zone swap is made at the start of a round, before staking.")
	}
	if p.Swapped {
		return nil, engine.Refuse("swap-once", "The red zone swap is made once a round.")
	}
	if z := s.Settings.RedZone(); z > 0 && len(p.Hand) > z {
		return nil, engine.Refuse("red-zone", "The red zone swap is for players holding %d cards or fewer; you hold %d.", z, len(p.Hand))
	}
	if !slices.Contains(p.Hand, c.Give) {
		return nil, engine.Refuse("not-in-hand", "Card %d is not in your hand.", c.Give)
	}
	if !slices.Contains(p.Lost, c.Take) {
		return nil, engine.Refuse("not-in-discards", "Card %d is not among your discards.", c.Take)
	}
	return []engine.Event{engine.NewEvent(EvSwapped, swapData{Seat: cmd.Seat, Give: c.Give, Take: c.Take})}, nil
}

func (s *State) decideStake(cmd engine.Command, c *stakeCmd) ([]engine.Event, error) {
	p, err := s.player(cmd)
	if err != nil {
		return nil, err
	}
	if s.Phase != PhaseStake {
		return nil, engine.Refuse("stake-at-start", "Stakes are placed at the start of a round.")
	}
	if p.Ready {
		return nil, engine.Refuse("already-staked", "You have already staked this round.")
	}
	cards, err := c.list(cmd.Type)
	if err != nil {
		return nil, err
	}
	need := s.Settings.OpeningStake()
	for i, n := range cards {
		if i > 0 && cards[i-1] == n {
			return nil, engine.Refuse("card-twice", "Card %d is named twice.", n)
		}
		if !slices.Contains(p.Hand, n) {
			return nil, engine.Refuse("not-in-hand", "Card %d is not in your hand.", n)
		}
	}
	d := stakeData{Seat: cmd.Seat, Cards: cards}
	if c.Recover != 0 {
		if s.Settings.Variant != Classic || len(p.Hand) != 1 {
			return nil, engine.Refuse("recover-last-card", "Only a player starting a round with exactly one card takes a card back from the discards to stake (Classic rules).")
		}
		if !slices.Contains(p.Lost, c.Recover) {
			return nil, engine.Refuse("not-in-discards", "Card %d is not among your discards.", c.Recover)
		}
		d.Recover = c.Recover
		need--
	} else if s.Settings.Variant == Classic && len(p.Hand) == 1 {
		return nil, engine.Refuse("recover-last-card", "With one card left, take a card back from your discards to make your stake of two.")
	}
	if len(cards) != need {
		n := s.Settings.OpeningStake()
		return nil, engine.Refuse("stake-size", "Stake %d %s to begin the round (%s rules): you picked %d.", n, engine.Plural(n, "card", "cards"), s.Settings.Variant, len(cards)+len(c.recovered()))
	}
	return []engine.Event{engine.NewEvent(EvStaked, d)}, nil
}

// onTurn resolves who makes a public move: the seat itself (on its turn, or
// in Blitz at any time), or the host standing in for the player on turn.
func (s *State) onTurn(cmd engine.Command, allowBlitz bool) (int, error) {
	if cmd.Seat == engine.Host {
		return s.Turn, nil
	}
	if cmd.Seat < 0 || cmd.Seat >= len(s.Players) {
		return 0, engine.Refuse("no-such-seat", "Only players at the table may bid.")
	}
	if s.Players[cmd.Seat].Out {
		return 0, engine.Refuse("eliminated", "%s is out of the game.", s.name(cmd.Seat))
	}
	if cmd.Seat != s.Turn && !(allowBlitz && s.Settings.Variant == Blitz) {
		return 0, engine.Refuse("not-your-turn", "It is %s's turn, not yours.", s.name(s.Turn))
	}
	return cmd.Seat, nil
}

func (s *State) decideBid(cmd engine.Command, c *bidCmd) ([]engine.Event, error) {
	if s.Phase != PhaseBid {
		return nil, engine.Refuse("not-bidding", "Bids are made once every stake is down and no challenge is pending.")
	}
	add := cmd.Type == CmdAdd
	if add && cmd.Seat == engine.Host {
		return nil, engine.Refuse("own-phone-only", "Adding a card is done on the player's own phone, unseen by the table.")
	}
	seat, err := s.onTurn(cmd, s.Bid != nil)
	if err != nil {
		return nil, err
	}
	b := c.bid()
	d := bidData{Seat: seat, Bid: b}
	switch {
	case s.Bid == nil && add:
		return nil, engine.Refuse("open-first", "The round opens with a plain bid; cards are added later.")
	case s.Bid == nil:
		if seat != s.Starter {
			return nil, engine.Refuse("not-your-turn", "%s opens this round.", s.name(s.Starter))
		}
		err = s.Settings.CheckOpening(b)
	case seat == s.Bidder:
		return nil, engine.Refuse("own-bid", "You hold the current bid: wait for someone else to move.")
	case add:
		err = s.Settings.CheckAdd(*s.Bid, b)
	default:
		err = s.Settings.CheckRaise(*s.Bid, b)
	}
	if err != nil {
		return nil, err
	}
	if add {
		p := &s.Players[seat]
		if max := s.Settings.MaxStake(); max > 0 && len(p.Staked) >= max {
			return nil, engine.Refuse("stake-limit", "You have %d cards invested, the most a round allows (%s rules): bid or sell instead.", max, s.Settings.Variant)
		}
		n := c.Card
		if n == 0 {
			return nil, engine.Refuse("add-which-card", "Choose the card to add from your hand.")
		}
		if !slices.Contains(p.Hand, n) {
			return nil, engine.Refuse("not-in-hand", "Card %d is not in your hand.", n)
		}
		d.Card = n
	}
	return []engine.Event{engine.NewEvent(EvBid, d)}, nil
}

func (s *State) decideSell(cmd engine.Command) ([]engine.Event, error) {
	if s.Phase != PhaseBid || s.Bid == nil {
		return nil, engine.Refuse("nothing-to-sell", "There is no bid to challenge yet.")
	}
	seat, err := s.onTurn(cmd, true)
	if err != nil {
		return nil, err
	}
	if seat == s.Bidder {
		return nil, engine.Refuse("own-bid", "You cannot challenge your own bid.")
	}
	if seat == s.MustMove {
		return nil, engine.Refuse("withdrawn-must-raise", "You withdrew your challenge: raise the bid or add a card.")
	}
	return []engine.Event{engine.NewEvent(EvChallenged, seatData{Seat: seat})}, nil
}

func (s *State) decideAnswer(cmd engine.Command) ([]engine.Event, error) {
	if s.Phase != PhaseAnswer {
		return nil, engine.Refuse("no-challenge", "Doubling answers a challenge; none is waiting.")
	}
	if cmd.Seat != engine.Host && cmd.Seat != s.Bidder {
		return nil, engine.Refuse("not-your-turn", "%s, who was challenged, answers.", s.name(s.Bidder))
	}
	if cmd.Type == CmdAccept {
		return []engine.Event{engine.NewEvent(EvAccepted, nil)}, nil
	}
	b := &s.Players[s.Bidder]
	if len(b.Hand) < len(b.Staked) {
		return nil, engine.Refuse("double-needs-cards", "To double, %s needs %d cards in hand to pay the extra loss and holds %d.", s.name(s.Bidder), len(b.Staked), len(b.Hand))
	}
	return []engine.Event{engine.NewEvent(EvDoubled, seatData{Seat: s.Bidder})}, nil
}

func (s *State) decidePersist(cmd engine.Command) ([]engine.Event, error) {
	if s.Phase != PhaseDoubled {
		return nil, engine.Refuse("not-doubled", "Only a doubled challenge can be persisted in or withdrawn.")
	}
	if cmd.Seat != engine.Host && cmd.Seat != s.Challenger {
		return nil, engine.Refuse("not-your-turn", "%s, who challenged, decides.", s.name(s.Challenger))
	}
	if cmd.Type == CmdPersist {
		return []engine.Event{engine.NewEvent(EvPersisted, nil)}, nil
	}
	return []engine.Event{engine.NewEvent(EvWithdrawn, seatData{Seat: s.Challenger})}, nil
}

func (s *State) decidePick(cmd engine.Command, c *pickCmd) ([]engine.Event, error) {
	p, err := s.player(cmd)
	if err != nil {
		return nil, err
	}
	cards, err := c.list(cmd.Type)
	if err != nil {
		return nil, err
	}
	for i, n := range cards {
		if i > 0 && cards[i-1] == n {
			return nil, engine.Refuse("card-twice", "Card %d is named twice.", n)
		}
	}
	if cmd.Type == CmdForfeit {
		if s.Phase != PhaseForfeit || cmd.Seat != s.Loser {
			return nil, engine.Refuse("nothing-to-forfeit", "You owe no extra cards.")
		}
		if len(cards) != s.Extra {
			return nil, engine.Refuse("forfeit-count", "The doubled loss takes %d more card(s) from your hand: choose exactly %d.", s.Extra, s.Extra)
		}
		for _, n := range cards {
			if !slices.Contains(p.Hand, n) {
				return nil, engine.Refuse("not-in-hand", "Card %d is not in your hand.", n)
			}
		}
		return []engine.Event{engine.NewEvent(EvForfeited, cardsData{Seat: cmd.Seat, Cards: cards})}, nil
	}
	if s.Phase != PhaseRecover || cmd.Seat != s.Challenger {
		return nil, engine.Refuse("nothing-to-recover", "Only a Blitz player who won a challenge made out of turn takes back cards.")
	}
	if want := min(2, len(p.Lost)); len(cards) != want {
		return nil, engine.Refuse("recover-count", "Take back %d card(s) from your discards.", want)
	}
	for _, n := range cards {
		if !slices.Contains(p.Lost, n) {
			return nil, engine.Refuse("not-in-discards", "Card %d is not among your discards.", n)
		}
	}
	return []engine.Event{engine.NewEvent(EvRecovered, cardsData{Seat: cmd.Seat, Cards: cards})}, nil
}
