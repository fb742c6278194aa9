package conquest

// Commands a screen sends.
const (
	CmdConfigure = "configure" // host, set-up only: {settings}
	CmdStart     = "start"     // host: deal (or open the claiming) and shuffle the deck; {random: true} also places every start army evenly at random
	CmdPlace     = "place"     // {territory, count, seat}: a start army, a build, a neutral's share
	CmdTrade     = "trade"     // {cards: [ids]}
	CmdAttack    = "attack"    // {from, to, mode, attackDice, defendDice, attFaces, defFaces, attLost, defLost, stop}
	CmdMove      = "move"      // {count}: armies into a conquered territory
	CmdEndAttack = "endAttack" // on to fortifying (or the end of the turn)
	CmdFortify   = "fortify"   // {from, to, count}: the one fortifying move; ends the turn
	CmdEndTurn   = "endTurn"
	CmdDefend    = "defend" // {dice: 1 or 2}: the defender's answer to an attack with virtual dice
)

// Events.
const (
	EvConfigured   = "configured"
	EvStarted      = "started"
	EvPlaced       = "placed"
	EvTurnBegan    = "turnBegan"
	EvTraded       = "traded"
	EvBattle       = "battle"
	EvMoved        = "moved"
	EvEliminated   = "eliminated"
	EvAttackEnded  = "attackEnded"
	EvFortified    = "fortified"
	EvTurnEnded    = "turnEnded"
	EvNeutralTurn  = "neutralTurn"
	EvRampage      = "rampage"
	EvOver         = "over"
	EvDefenceAsked = "defenceAsked"
)

// Pools a placed army comes from.
const (
	PoolStart   = "start"   // own start armies
	PoolNeutral = "neutral" // a neutral's start armies placed by a real player
	PoolBuild   = "build"   // the turn's reinforcements
	PoolShare   = "share"   // a real player's share of a neutral's build
)

type startedEv struct {
	Owner          []int        `json:"owner"`
	Armies         []int        `json:"armies"`
	Deck           []Card       `json:"deck"`
	ToPlace        []int        `json:"toPlace"`
	NeutralToPlace []int        `json:"neutralToPlace"`
	NeutralLeft    []int        `json:"neutralLeft,omitempty"`
	Placer         int          `json:"placer"`
	StartPlacer    int          `json:"startPlacer"`
	Phase          string       `json:"phase"`
	Why            string       `json:"why"`
	Rolls          []ShareRolls `json:"rolls,omitempty"`
}

type placedEv struct {
	Player    int    `json:"player"`
	Territory int    `json:"territory"`
	Count     int    `json:"count"`
	Pool      string `json:"pool"`
}

type turnBeganEv struct {
	Player int   `json:"player"`
	Build  Build `json:"build"`
}

// Bonus is armies placed on a traded card's territory.
type Bonus struct {
	Territory int `json:"territory"`
	Armies    int `json:"armies"`
}

type tradedEv struct {
	Player int     `json:"player"`
	Cards  []int   `json:"cards"`
	Value  int     `json:"value"`
	Why    string  `json:"why"`
	Bonus  []Bonus `json:"bonus,omitempty"`
}

type battleEv struct {
	Battle
	MinMove int `json:"minMove"`
}

type moveEv struct {
	From  int `json:"from"`
	To    int `json:"to"`
	Count int `json:"count"`
}

type eliminatedEv struct {
	Player int `json:"player"`
	By     int `json:"by"`
}

type turnEndedEv struct {
	Player    int    `json:"player"`
	Reshuffle []Card `json:"reshuffle,omitempty"` // the discards, shuffled, as the new deck
	Draws     bool   `json:"draws"`
}

type neutralTurnEv struct {
	Neutral int    `json:"neutral"`
	Build   Build  `json:"build"`
	Shares  Shares `json:"shares"`
}

type overEv struct {
	Winner int `json:"winner"`
}
