package pctw

import (
	"testing"

	"tableside/engine/conquest"
	"tableside/internal/conquestplay"
	"tableside/internal/enginetest"
)

// In first-game mode, every card of every seat at every step of a whole
// PCtW game teaches (enginetest.Teaching): a "Now:" line, the chances of
// its battles, and each "not now" the game's own refusal of that very
// command. Without the setting no card teaches.
func TestFirstGameTeachesEverySeatAtEveryStep(t *testing.T) {
	t.Parallel()
	enginetest.FirstGameTeaches(t, Rules{}, enginetest.FirstGame[*conquest.State]{
		Settings: conquest.Settings{Fortify: true, FirstGame: true}, Plain: conquest.Settings{}, Start: conquest.CmdStart,
		Seed: [2]uint64{7, 5}, Choose: conquestplay.Keen, Over: conquestplay.Over, Moves: 3000,
		Steps:  []string{conquest.StepPlace, conquest.StepAttack, conquest.StepMove, conquest.StepFortify, conquest.StepDefend},
		NotNow: true,
	})
}
