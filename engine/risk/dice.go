package risk

import (
	"math/big"
	"sort"
	"sync"

	"tableside/engine"
)

// The dice of a RISK battle: the attacker rolls up to three dice and must
// leave one army at home, so a territory with n armies on the board rolls at
// most n-1 dice. The defender rolls up to two (a house rule may say one or
// three), never more than its armies. Dice are compared highest against
// highest, then second against second; each comparison costs the loser one
// army, and the defender wins ties.

// MaxAttackDice is the most dice an attacker rolls; ClassicDefenderDice the
// most the defender rolls by the classic rules.
const (
	MaxAttackDice       = 3
	ClassicDefenderDice = 2
)

// DiceRules are the dice a table plays with. The zero value is the classic rule.
type DiceRules struct {
	// DefenderDice is the most dice the defender rolls: 0 or 2 by the classic
	// rule; a house rule may set 1 or 3.
	DefenderDice int `json:"defenderDice,omitempty"`
}

// DefenderMax is the most dice the defender may roll under these rules.
func (r DiceRules) DefenderMax() int {
	if r.DefenderDice <= 0 {
		return ClassicDefenderDice
	}
	return r.DefenderDice
}

func (r DiceRules) check() error {
	if r.DefenderDice < 0 || r.DefenderDice > 3 {
		return engine.Refuse("defender-dice", "The defender rolls 1, 2 or 3 dice at most (2 by the classic rules), not %d.", r.DefenderDice)
	}
	return nil
}

// AttackDice is how many dice a territory with armies on the board may roll:
// one army always stays home, and three dice at most.
func AttackDice(armies int) int { return max(0, min(MaxAttackDice, armies-1)) }

// DefendDice is how many dice a territory with armies on the board defends with.
func (r DiceRules) DefendDice(armies int) int { return max(0, min(r.DefenderMax(), armies)) }

// rollCounts (rollcounts.go) is counted once by brute force, when the code
// is generated, not each time a program starts.
//go:generate go run ./internal/genrolls rollcounts.go

// rollProb is rollCounts as float64 probabilities, for the odds engine,
// worked out on first use.
var rollProb = sync.OnceValue(func() (p *[4][4][4]float64) {
	p = new([4][4][4]float64)
	for a := 1; a <= 3; a++ {
		for d := 1; d <= 3; d++ {
			total := float64(pow6(a + d))
			for j := 0; j <= min(a, d); j++ {
				p[a][d][j] = float64(rollCounts[a][d][j]) / total
			}
		}
	}
	return p
})

func pow6(n int) int64 {
	p := int64(1)
	for range n {
		p *= 6
	}
	return p
}

// compare resolves faces already checked: losses of each side.
func compare(att, def []int) (attLost, defLost int) {
	a := sortedDesc(att)
	d := sortedDesc(def)
	for i := 0; i < len(a) && i < len(d); i++ {
		if a[i] > d[i] {
			defLost++
		} else {
			attLost++
		}
	}
	return attLost, defLost
}

func sortedDesc(f []int) []int {
	s := append([]int(nil), f...)
	sort.Sort(sort.Reverse(sort.IntSlice(s)))
	return s
}

// RollChance is the exact chance of each outcome of one roll.
type RollChance struct {
	AttackDice int `json:"attackDice"`
	DefendDice int `json:"defendDice"`
	// Ways[j] counts the outcomes, out of Of, in which the attacker loses j
	// armies and the defender loses the other Compared-j.
	Ways     []int64 `json:"ways"`
	Of       int64   `json:"of"`
	Compared int     `json:"compared"`
}

// OneRoll gives the exact chances of one roll of a attacker dice against d
// defender dice (each 1 to 3).
func OneRoll(a, d int) (RollChance, error) {
	if a < 1 || a > 3 || d < 1 || d > 3 {
		return RollChance{}, engine.Refuse("dice-count", "A roll is 1 to 3 dice a side, not %d against %d.", a, d)
	}
	k := min(a, d)
	return RollChance{AttackDice: a, DefendDice: d, Ways: append([]int64(nil), rollCounts[a][d][:k+1]...), Of: pow6(a + d), Compared: k}, nil
}

// Rat is the exact chance that the attacker loses j armies in this roll.
func (r RollChance) Rat(j int) *big.Rat {
	if j < 0 || j >= len(r.Ways) {
		return new(big.Rat)
	}
	return big.NewRat(r.Ways[j], r.Of)
}
