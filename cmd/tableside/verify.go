package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"tableside/engine"
	"tableside/games"
	"tableside/tracker"
)

// runVerify checks every roll of the app's dice in an exported log: each
// seed hashes to the commitment the table saw before the roll, rolls exactly
// the faces recorded, and each commitment is the one the roll before it
// published. It exits non-zero naming the first roll that does not check
// out, and says how fair the faces are.
func runVerify(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("verify", "verify FILE", stdout, stderr)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one exported log file (from the game's Export log button)")
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	defer f.Close()
	x, err := tracker.ReadExport(f)
	if err != nil {
		return fmt.Errorf("verify %s: %w", pos[0], err)
	}
	rolls, err := tracker.VerifyDice(x.Events)
	if err != nil {
		return fmt.Errorf("verify %s: %w", pos[0], err)
	}
	for _, r := range games.All() {
		if r.Kind() != x.Game.Kind {
			continue
		}
		if err := tracker.VerifyShown(r, x.Events); err != nil {
			return fmt.Errorf("verify %s: %w", pos[0], err)
		}
	}
	if len(rolls) == 0 {
		fmt.Fprintf(stdout, "%s: no roll of the app's dice to check (table dice only, or a log from before dice were committed)\n", pos[0])
		return nil
	}
	var faces []int
	dice := 0
	for _, r := range rolls {
		dice += len(r.Reveal.Rolls)
		for _, d := range r.Reveal.Rolls {
			if d.Sides == 6 {
				faces = append(faces, d.Face)
			}
		}
	}
	fmt.Fprintf(stdout, "%s: all %d rolls (%d dice) check out: every seed matches the commitment shown before its roll and rolls exactly the faces recorded\n", pos[0], len(rolls), dice)
	if len(faces) > 0 {
		fmt.Fprintf(stdout, "%s\n", capital(engine.FairDice(faces).Words()))
	}
	return nil
}

// capital starts a sentence.
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
