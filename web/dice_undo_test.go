package web_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tableside/internal/enginetest"
	"tableside/tracker"
)

var firstSealRE = regexp.MustCompile(`id="dice-first" data-commit="([0-9a-f]{64})"`)

// Undo does not re-roll. Ana attacks, Ben answers and the dice roll; the
// host undoes Ben's answer and Ben answers again, four times over: the
// same faces come back each time, because the undone roll's seed is used
// again (its seal comes back on every screen). The dice page and the log
// mark the undone rolls, and the exported log verifies. The host's screen
// and the TV show the commitment the game opened with, the first roll
// uses it, and a log whose first seed was forged (with its own hash and
// its own faces) is caught against it.
func TestAttackUndoDoesNotReRollAndAForgedFirstSeedIsCaught(t *testing.T) {
	t.Parallel()
	app, host, ana, ben := hostAndTwoPhones(t)
	spectator := newDevice(t, app)
	game, from, to, must, _ := riskAtFirstAttack(t, app, host, ana, ben)
	path := fmt.Sprintf("/games/%d", game)
	_, hostPage := host.get(path)
	_, tvPage := spectator.get(path + "/tv")
	firstHost, firstTV := firstSealRE.FindStringSubmatch(hostPage), firstSealRE.FindStringSubmatch(tvPage)
	if firstHost == nil || firstTV == nil || firstHost[1] != firstTV[1] {
		t.Fatalf("the host's screen and the TV do not show the same first commitment: %v %v", firstHost, firstTV)
	}
	first := firstHost[1]
	if _, phone := ana.get(path); strings.Contains(phone, `id="dice-first"`) {
		t.Error("a phone shows the first commitment: it is the host's and the TV's line")
	}

	must(ana, "attack", map[string]any{"from": from, "to": to, "mode": "roll"}, "a1")
	sealed := seal(t, host, path)
	if sealed != first {
		t.Fatalf("before the first roll the seal is %s, not the first commitment %s", sealed, first)
	}
	var faces []string
	for round := range 5 {
		must(ben, "defend", map[string]int{"dice": 2}, fmt.Sprint("d", round))
		var dp struct {
			Rolls []struct {
				Faces, Commit string
				Undone        bool
			}
		}
		if code := spectator.getJSON(path+"/dice", &dp); code != http.StatusOK || len(dp.Rolls) != round+1 {
			t.Fatalf("round %d: dice page %d with %d rolls", round, code, len(dp.Rolls))
		}
		last := dp.Rolls[round]
		if last.Commit != sealed || last.Undone {
			t.Fatalf("round %d: the roll used %s (undone %v); want the seal the table saw, %s", round, last.Commit, last.Undone, sealed)
		}
		for i, r := range dp.Rolls[:round] {
			if !r.Undone {
				t.Errorf("round %d: roll %d is not marked undone", round, i+1)
			}
		}
		faces = append(faces, last.Faces)
		if round == 4 {
			break
		}
		var undone struct{ Reverted string }
		if code, body := host.postJSON(path+"/undo", map[string]any{"cmd": hostState(t, host, game).UndoCmd, "idem": fmt.Sprint("u", round)}, &undone); code != http.StatusOK {
			t.Fatalf("round %d: undo: %d %s", round, code, body)
		}
		if got := seal(t, ana, path); got != sealed {
			t.Fatalf("round %d: after the undo the seal is %s; want the undone roll's %s back", round, got, sealed)
		}
	}
	for _, f := range faces[1:] {
		if f != faces[0] {
			t.Fatalf("undo re-rolled: the faces were %q", faces)
		}
	}

	// The exported log verifies against the first commitment, undone rolls marked.
	code, raw := host.postForm(path+"/log", map[string][]string{"reveal": {"every-secret"}})
	if code != http.StatusOK {
		t.Fatalf("export: %d", code)
	}
	x, err := tracker.ReadExport(strings.NewReader(raw))
	if err != nil || x.FirstDice != first {
		t.Fatalf("export: first %q (want %s), %v", x.FirstDice, first, err)
	}
	rolls, err := tracker.VerifyDice(x.Events, first)
	if err != nil || len(rolls) != 5 || !rolls[3].Undone || rolls[4].Undone {
		t.Fatalf("verify: %d rolls, %v", len(rolls), err)
	}
	// A forged first seed, with its own hash and the faces it rolls: caught.
	forged := forgeFirstRoll(t, x)
	var de *tracker.DiceError
	if _, err := tracker.VerifyDice(forged.Events, first); !errors.As(err, &de) || !strings.Contains(de.Problem, "the first commitment the table saw when the game opened") {
		t.Fatalf("a forged first seed: %v; want it caught against the first commitment", err)
	}
}

// forgeFirstRoll rewrites an export's first roll with a seed of its own:
// its commitment and faces made to match, as a careful forger would, and
// the log's own first commitment changed too.
func forgeFirstRoll(t *testing.T, x tracker.Export) tracker.Export {
	t.Helper()
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(x); err != nil {
		t.Fatal(err)
	}
	var out tracker.Export
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	for i, r := range out.Events {
		if r.Dice == nil {
			continue
		}
		d := enginetest.Reseal(*r.Dice, [32]byte{1, 2, 3})
		out.Events[i].Dice = &d
		out.FirstDice = d.Commit
		return out
	}
	t.Fatal("no roll to forge")
	return out
}
