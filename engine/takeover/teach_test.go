package takeover

import (
	"testing"

	"tableside/internal/enginetest"
)

// In first-game mode, every card of every seat at every step of a whole
// Takeover game teaches (enginetest.Teaching): a "Now:" line, what each
// coin, stock choice and merge is worth, and each "not now" the game's own
// refusal of that very merge. Without the setting no card teaches.
func TestFirstGameTeachesEverySeatAtEveryStep(t *testing.T) {
	t.Parallel()
	enginetest.FirstGameTeaches(t, Rules{}, enginetest.FirstGame[*State]{
		Settings: Settings{FirstGame: true}, Plain: Settings{}, Start: CmdDeal,
		Seed: [2]uint64{3, 9}, Choose: func(**State) enginetest.Chooser { return chooseTakeover }, Over: over, Moves: 400,
		Steps: []string{StepDraft, StepConceal, StepPlay},
	})
}
