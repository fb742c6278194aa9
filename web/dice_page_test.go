package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/testenv"
	"tableside/tracker"
)

var sealRE = regexp.MustCompile(`id="dice-commit" data-commit="([0-9a-f]{64})"`)

// seal reads the commitment a screen shows.
func seal(t *testing.T, d *device, path string) string {
	t.Helper()
	code, page := d.get(path)
	if code != http.StatusOK {
		t.Fatalf("%s: %d", path, code)
	}
	m := sealRE.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("%s shows no dice commitment", path)
	}
	return m[1]
}

// Before a roll of the app's dice the host, the TV and each phone show the
// same commitment; after it the dice page lists the roll with that
// commitment, the seed that hashes to it and the faces the battle used,
// says how fair the faces are, and every screen shows the next commitment.
func TestEveryScreenShowsTheSealAndTheDicePageChecksTheRoll(t *testing.T) {
	t.Parallel()
	app, host, ana, ben := hostAndTwoPhones(t)
	game, from, to, must, _ := riskAtFirstAttack(t, app, host, ana, ben)
	path := fmt.Sprintf("/games/%d", game)
	before := seal(t, host, path)
	for _, d := range []*device{ana, ben, host} {
		if got := seal(t, d, path+"/tv"); got != before {
			t.Fatalf("the TV shows %s, the host %s", got, before)
		}
		if got := seal(t, d, path); got != before {
			t.Fatalf("a phone shows %s, the host %s", got, before)
		}
	}
	must(ana, "attack", map[string]any{"from": from, "to": to, "mode": "roll"}, "a1")
	must(ben, "defend", map[string]int{"dice": 2}, "d1") // the dice roll on the defender's answer
	after := seal(t, ana, path)
	if after == before {
		t.Fatal("the roll did not move the seal on")
	}

	code, page := ben.get(path + "/dice")
	if code != http.StatusOK {
		t.Fatalf("dice page: %d", code)
	}
	var dp struct {
		Next  string
		Rolls []struct {
			Seq                      int64
			Commit, Seed, Faces, Who string
		}
		Fair string
	}
	if code := ben.getJSON(path+"/dice", &dp); code != http.StatusOK {
		t.Fatalf("dice JSON: %d", code)
	}
	if len(dp.Rolls) != 1 || dp.Rolls[0].Commit != before || dp.Next != after || dp.Rolls[0].Who != "Ben" {
		t.Fatalf("dice page: %+v; want one roll, on Ben's answer, sealed %s, next %s", dp, before, after)
	}
	seed, err := tracker.ParseSeed(dp.Rolls[0].Seed)
	if err != nil || tracker.Commitment(seed) != before {
		t.Fatalf("seed %s does not hash to %s (%v)", dp.Rolls[0].Seed, before, err)
	}
	faces := strings.Fields(dp.Rolls[0].Faces)
	sides := make([]int, len(faces))
	for i := range sides {
		sides[i] = 6
	}
	if got := fmt.Sprint(tracker.Faces(seed, sides)); strings.Trim(got, "[]") != dp.Rolls[0].Faces || len(faces) < 2 {
		t.Fatalf("the seed rolls %s; the page shows %s", got, dp.Rolls[0].Faces)
	}
	if !strings.Contains(dp.Fair, fmt.Sprintf("these %d faces are too few", len(faces))) {
		t.Errorf("fairness: %q", dp.Fair)
	}
	for _, want := range []string{before, dp.Rolls[0].Seed, "Next roll sealed", after} {
		if !strings.Contains(page, want) {
			t.Errorf("the dice page lacks %q", want)
		}
	}
	// The battle on the page is the one the table saw: its faces are the
	// battle event's.
	_, recs, err := app.Tracker.Records(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	var battle struct{ Rolls []risk.Roll }
	for _, r := range recs {
		if r.Type == conquest.EvBattle {
			json.Unmarshal(r.Data, &battle)
		}
	}
	var shown []int
	for _, r := range battle.Rolls {
		shown = append(shown, r.Attacker...)
		shown = append(shown, r.Defender...)
	}
	revealed := make([]int, len(faces))
	for i, f := range faces {
		fmt.Sscan(f, &revealed[i])
	}
	slices.Sort(shown)
	slices.Sort(revealed)
	if !slices.Equal(shown, revealed) {
		t.Fatalf("the battle shows %v; the reveal %v", shown, revealed)
	}
}

// hostAndTwoPhones starts a server whose phones are not hosts, with the
// host's device and Ana's and Ben's phones, not yet seated.
func hostAndTwoPhones(t *testing.T) (app *testenv.App, host, ana, ben *device) {
	t.Helper()
	app = testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	return app, hostDevice(t, app), newDevice(t, app), newDevice(t, app)
}

// riskAtFirstAttack makes a two-player RISK game ready for Ana's first
// attack, from the territory where she piled her armies to one of Ben's
// next to it (where he piled his), with both phones seated; must sends a
// command as a device and fails on a refusal; state reads the game.
func riskAtFirstAttack(t *testing.T, app *testenv.App, host, ana, ben *device) (game int64, from, to int, must func(d *device, typ string, data any, idem string), state func() *conquest.State) {
	t.Helper()
	game = host.createGame("risk", "Ana", "Ben")
	state = func() *conquest.State {
		var s conquest.State
		app.Tracker.State(context.Background(), game, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
		return &s
	}
	must = func(d *device, typ string, data any, idem string) {
		t.Helper()
		if code, body := d.command(game, typ, data, idem); code != 200 {
			t.Fatalf("%s: %d %s", typ, code, body)
		}
	}
	must(host, "start", nil, "start")
	s := state()
	from, to = -1, -1
	for a, o := range s.Owner {
		for _, n := range risk.Classic().Neighbours(risk.TerritoryID(a)) {
			if o == 0 && s.Owner[n] == 1 && from < 0 {
				from, to = a, int(n)
			}
		}
	}
	for i := 0; s.Phase == conquest.PhasePlace; i, s = i+1, state() {
		must(host, "place", map[string]int{"territory": []int{from, to}[s.Placer]}, fmt.Sprint("p", i))
	}
	must(host, "place", map[string]int{"territory": from, "count": s.Pool}, "build")
	join := joinURLFromQR(t, host, game)
	ana.join(join, game, 0)
	ben.join(join, game, 1)
	return game, from, to, must, state
}

// The dice page takes nothing but the game: a query, an unknown game or a
// bad id is refused in words, and nothing changes.
func TestDicePageRefusesBadInput(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	game := host.createGame("risk", "Ana", "Ben")
	before := seal(t, host, fmt.Sprintf("/games/%d", game))
	cases := []struct {
		path string
		code int
		want string
	}{
		{fmt.Sprintf("/games/%d/dice?seed=00", game), 400, `takes no &#34;seed&#34;`},
		{"/games/999/dice", 404, "no such game"},
		{"/games/x/dice", 404, "no such game"},
	}
	for _, c := range cases {
		code, body := host.get(c.path)
		if code != c.code || !strings.Contains(strings.ToLower(body), strings.ToLower(c.want)) {
			t.Errorf("%s: %d %.300s; want %d with %q", c.path, code, body, c.code, c.want)
		}
	}
	if after := seal(t, host, fmt.Sprintf("/games/%d", game)); after != before {
		t.Fatal("a refused request moved the seal")
	}
}
