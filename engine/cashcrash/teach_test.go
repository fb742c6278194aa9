package cashcrash

import (
	"testing"

	"tableside/internal/enginetest"
)

// In first-game mode, every card of every seat at every step of a whole
// Cash or Crash game (with the doubling rule) teaches
// (enginetest.Teaching): a "Now:" line from the round's numbers, what each
// choice does, and each "not now" (SELL!, DOUBLE!) the game's own refusal
// of that very command. Without the setting no card teaches.
func TestFirstGameTeachesEverySeatAtEveryStep(t *testing.T) {
	t.Parallel()
	enginetest.FirstGameTeaches(t, Rules{}, enginetest.FirstGame[*State]{
		Settings: Settings{Doubling: true, FirstGame: true}, Plain: Settings{}, Start: CmdStart,
		Seed: [2]uint64{1, 3}, Choose: func(**State) enginetest.Chooser { return chooseCashCrash }, Over: over, Moves: 3000,
		Steps: []string{StepStake, StepBid, StepAnswer}, NotNow: true,
	})
}
