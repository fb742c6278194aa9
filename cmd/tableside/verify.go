package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"tableside/engine"
	"tableside/games"
	"tableside/tracker"
)

// runVerify checks every roll of the app's dice in an exported log: each
// seed hashes to the commitment the table saw before the roll, rolls exactly
// the faces recorded, each commitment is the one published before it (an
// undone roll's seed is used again by the roll replacing it), and the first
// roll uses the commitment the game opened with: the one the log carries,
// or the one the table saw (--first), which a forged log cannot change. It
// exits non-zero naming the first roll that does not check out, marks
// undone rolls, and says how fair the faces are.
func runVerify(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("verify", "verify FILE", stdout, stderr)
	firstFlag := fs.String("first", "", "the commitment the host's or TV's screen showed when the game opened (\"Dice sealed when the game opened\"), as written down or printed")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one exported log file (from the game's Export log button)")
	}
	x, err := readExportFile(pos[0])
	if err != nil {
		return err
	}
	first, err := firstCommitment(x.FirstDice, *firstFlag)
	if err != nil {
		return fmt.Errorf("verify %s: %w", pos[0], err)
	}
	rolls, err := tracker.VerifyDice(x.Events, first)
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
		if r.Undone {
			fmt.Fprintf(stdout, "roll at event %d (%s): undone; the roll that replaced it used its seed again\n", r.Seq, r.Type)
		}
		dice += len(r.Reveal.Rolls)
		for _, d := range r.Reveal.Rolls {
			if d.Sides == 6 {
				faces = append(faces, d.Face)
			}
		}
	}
	fmt.Fprintf(stdout, "%s: all %d rolls (%d dice) check out: every seed matches the commitment shown before its roll and rolls exactly the faces recorded\n", pos[0], len(rolls), dice)
	switch {
	case *firstFlag != "":
		fmt.Fprintf(stdout, "The first roll used %s, the commitment the table saw when the game opened\n", first)
	case first != "":
		fmt.Fprintf(stdout, "The game opened sealed with %s: check it against the host's or TV's screen, or the printed record (or give it with --first)\n", first)
	}
	if len(faces) > 0 {
		fmt.Fprintf(stdout, "%s\n", capital(engine.FairDice(faces).Words()))
	}
	return nil
}

// firstCommitment is the commitment the first roll must use: the one the
// table saw (given), which must then be the one the log carries, if any.
func firstCommitment(inLog, given string) (string, error) {
	given = strings.ToLower(strings.TrimSpace(given))
	switch {
	case given == "":
		return inLog, nil
	case len(given) != 64 || strings.Trim(given, "0123456789abcdef") != "":
		return "", fmt.Errorf("--first %q is not a commitment: 64 hexadecimal digits, as the screen shows it whole", given)
	case inLog != "" && inLog != given:
		return "", fmt.Errorf("the log says the game opened sealed with %.12s..., but the table saw %.12s...: this log is not the game the table played", inLog, given)
	}
	return given, nil
}

// capital starts a sentence.
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
