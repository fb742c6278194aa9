package tracker

import "fmt"

// Undo does not re-roll. Undoing a command that rolled the app's dice puts
// its seed back as the game's next one, so the roll that replaces it rolls
// the same faces (the seed was revealed with the roll: everyone can see it
// does). Redoing it draws a fresh seed, whose commitment the redo record
// publishes, because the redone roll's own next seed was given up at the
// undo. A command that rolled nothing leaves the seed alone. VerifyDice
// follows the same rules.

// revertDice is the game's next dice seed after an undo or redo (typ) of
// gr, given the seed now, and the commitment a redo publishes ("" for none).
func (t *Tracker) revertDice(typ string, gr group, now [32]byte) (seed [32]byte, next string, err error) {
	if gr.first.Dice == nil {
		return now, "", nil
	}
	if typ == typeRedo {
		seed = t.Seed()
		return seed, Commitment(seed), nil
	}
	seed, err = ParseSeed(gr.first.Dice.Seed)
	if err != nil {
		return now, "", fmt.Errorf("the undone roll's seed: %w", err)
	}
	return seed, "", nil
}
