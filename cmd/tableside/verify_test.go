package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/engine/riskclassic"
	"tableside/internal/enginetest"
	"tableside/internal/testgames"
	"tableside/tracker"
)

// battleLog plays n battles with the app's dice through the real tracker on
// SQLite and writes the exported log to a file.
func battleLog(t *testing.T, n int) (string, tracker.Export) {
	t.Helper()
	dir := t.TempDir()
	db, err := tracker.OpenDB(filepath.Join(dir, "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tr := tracker.New(db, testgames.Battles{})
	ctx := context.Background()
	info, err := tr.Create(ctx, "battles", "War", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if _, err := tr.Do(ctx, info.ID, engine.Command{Type: "battle", Seat: i % 2}, ""); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := tr.Export(ctx, info.ID, &buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "war.json")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := tracker.ReadExport(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	return path, x
}

// writeLog writes a (tampered) export next to the original.
func writeLog(t *testing.T, path string, x tracker.Export) string {
	t.Helper()
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	out := strings.TrimSuffix(path, ".json") + "-tampered.json"
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// tableside verify checks 1,000 battles' rolls in an exported log, and
// catches a face or a seed changed afterwards, exiting 1 and naming the
// roll.
func TestVerifyChecksEveryRollAndCatchesATamperedFaceOrSeed(t *testing.T) {
	path, x := battleLog(t, 1000)
	out, errOut, code := runCLI(t, "verify", path)
	if code != 0 || !strings.Contains(out, "all 1000 rolls (5000 dice) check out") || !strings.Contains(out, "5,000 faces") {
		t.Fatalf("verify: exit %d, %q %q", code, out, errOut)
	}
	tamper := func(seq int64, fn func(d *tracker.DiceReveal)) tracker.Export {
		y := x
		y.Events = append([]tracker.Record{}, x.Events...)
		d := *y.Events[seq-1].Dice
		d.Rolls = append([]tracker.Roll{}, d.Rolls...)
		fn(&d)
		y.Events[seq-1].Dice = &d
		return y
	}
	face := tamper(1201, func(d *tracker.DiceReveal) { d.Rolls[4].Face = d.Rolls[4].Face%6 + 1 })
	_, errOut, code = runCLI(t, "verify", writeLog(t, path, face))
	if code != 1 || !strings.Contains(errOut, "roll at event 1201 (battle): die 5 shows") {
		t.Fatalf("a tampered face: exit %d, %q", code, errOut)
	}
	seed := tamper(1799, func(d *tracker.DiceReveal) { d.Seed = strings.Repeat("00", 31) + "01" })
	_, errOut, code = runCLI(t, "verify", writeLog(t, path, seed))
	if code != 1 || !strings.Contains(errOut, "roll at event 1799 (battle): the seed hashes to") {
		t.Fatalf("a tampered seed: exit %d, %q", code, errOut)
	}
	if _, _, code := runCLI(t, "verify"); code != 2 {
		t.Fatalf("no file: exit %d", code)
	}
}

// A log from before dice were committed (the committed old logs) still
// reads, with nothing to check.
func TestVerifyAcceptsAnOldLogWithNothingToCheck(t *testing.T) {
	out, errOut, code := runCLI(t, "verify", filepath.Join("..", "..", "games", "testdata", "logs", "riskclassic.log.json"))
	if code != 0 || !strings.Contains(out, "no roll of the app's dice to check") {
		t.Fatalf("old log: exit %d, %q %q", code, out, errOut)
	}
}

// A real RISK game with the app's dice verifies, and a face edited in the
// battle event itself (what the table saw), not in the reveal, is caught.
func TestVerifyHoldsARiskBattleToItsRevealedSeed(t *testing.T) {
	r := riskclassic.Rules{}
	g := enginetest.Track(t, r, "Risk", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	g.Must(engine.Host, conquest.CmdStart, map[string]bool{"random": true})
	var s *conquest.State
	g.State(func(st engine.State) { s = st.(*conquest.State).Clone() })
	from, to := -1, -1
	for f, o := range s.Owner {
		for _, n := range s.Map().Neighbours(risk.TerritoryID(f)) {
			if o == 0 && s.Owner[n] == 1 && from < 0 {
				from, to = f, int(n)
			}
		}
	}
	g.Must(0, conquest.CmdPlace, map[string]int{"territory": from, "count": s.Pool})
	for range 3 {
		g.State(func(st engine.State) { s = st.(*conquest.State).Clone() })
		if s.Owner[to] != 1 || s.Armies[from] < 2 {
			break
		}
		g.Must(0, conquest.CmdAttack, map[string]any{"from": from, "to": to, "mode": "roll"})
		g.State(func(st engine.State) { s = st.(*conquest.State).Clone() })
		if s.Defence != nil { // a defender with a choice answers; one army rolls at once
			g.Must(1, conquest.CmdDefend, map[string]int{"dice": 1})
		}
	}
	var buf bytes.Buffer
	if err := g.Tr.Export(g.Ctx, g.ID, &buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "risk.json")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "verify", path)
	if code != 0 || !strings.Contains(out, "check out") {
		t.Fatalf("verify: exit %d %q %q", code, out, errOut)
	}
	x, err := tracker.ReadExport(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	k := -1
	for i, e := range x.Events {
		if e.Type == conquest.EvBattle && x.Events[e.Cmd-1].Dice != nil {
			k = i
		}
	}
	if k < 0 {
		t.Fatal("no battle rolled with the app's dice")
	}
	var ev map[string]any
	json.Unmarshal(x.Events[k].Data, &ev)
	rolls := ev["rolls"].([]any)
	att := rolls[0].(map[string]any)["attacker"].([]any)
	revealed := map[int]bool{}
	for _, d := range x.Events[x.Events[k].Cmd-1].Dice.Rolls {
		revealed[d.Face] = true
	}
	for f := 1; f <= 6; f++ { // a face the seed did not roll
		if !revealed[f] {
			att[0] = f
			break
		}
	}
	x.Events[k].Data, _ = json.Marshal(ev)
	_, errOut, code = runCLI(t, "verify", writeLog(t, path, x))
	if code != 1 || !strings.Contains(errOut, fmt.Sprintf("roll at event %d (battle): it shows a", x.Events[k].Seq)) {
		t.Fatalf("a face edited in the battle: exit %d %q", code, errOut)
	}
}

// tableside verify holds the first roll to the commitment the game opened
// with: the one the log carries, or the one the table saw (--first). A
// forged first seed, given its own hash and its own faces, is caught
// either way, even with the log's own first commitment forged too.
func TestVerifyCatchesAForgedFirstSeed(t *testing.T) {
	path, x := battleLog(t, 3)
	first := x.FirstDice
	if len(first) != 64 || x.Events[0].Dice.Commit != first {
		t.Fatalf("the log carries first commitment %q; its first roll used %q", first, x.Events[0].Dice.Commit)
	}
	out, errOut, code := runCLI(t, "verify", "--first", first, path)
	if code != 0 || !strings.Contains(out, "The first roll used "+first) {
		t.Fatalf("verify --first: exit %d, %q %q", code, out, errOut)
	}
	y := x
	y.Events = append([]tracker.Record{}, x.Events...)
	d := *y.Events[0].Dice
	d.Rolls = append([]tracker.Roll{}, d.Rolls...)
	seed := [32]byte{9}
	d.Seed, d.Commit = fmt.Sprintf("%x", seed), tracker.Commitment(seed)
	sides := make([]int, len(d.Rolls))
	for i := range d.Rolls {
		sides[i] = d.Rolls[i].Sides
	}
	for i, f := range tracker.Faces(seed, sides) {
		d.Rolls[i].Face = f
	}
	y.Events[0].Dice = &d
	forged := writeLog(t, path, y)
	if _, errOut, code := runCLI(t, "verify", forged); code != 1 || !strings.Contains(errOut, "the first commitment the table saw when the game opened") {
		t.Fatalf("a forged first seed: exit %d, %q", code, errOut)
	}
	y.FirstDice = d.Commit // the forger rewrites the log's own first commitment too
	forged = writeLog(t, path, y)
	if _, errOut, code := runCLI(t, "verify", "--first", first, forged); code != 1 || !strings.Contains(errOut, "not the game the table played") {
		t.Fatalf("a forged first seed and first commitment, held to what the table saw: exit %d, %q", code, errOut)
	}
	if _, errOut, code := runCLI(t, "verify", "--first", "3f9a", path); code != 1 || !strings.Contains(errOut, "64 hexadecimal digits") {
		t.Fatalf("a short --first: exit %d, %q", code, errOut)
	}
}
