package board

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"tableside/internal/testclient"
)

var g = Classic()

// lay builds a board from "territory=corp:teams" or "territory=mp[:teams]"
// items; a corporation's tower is marked with a * after its teams
// ("siam=c1:3*").
func lay(t *testing.T, items ...string) Board {
	t.Helper()
	b := New()
	for _, it := range items {
		terr, what, ok := strings.Cut(it, "=")
		if !ok || !g.Has(terr) {
			t.Fatalf("bad lay item %q", it)
		}
		tower := strings.HasSuffix(what, "*")
		what = strings.TrimSuffix(what, "*")
		corp, n, _ := strings.Cut(what, ":")
		teams := 0
		if n != "" {
			var err error
			if teams, err = strconv.Atoi(n); err != nil {
				t.Fatalf("bad teams in %q", it)
			}
		}
		if corp == "mp" {
			corp = ""
		}
		b.Land[terr] = Holding{Corp: corp, Teams: teams}
		if tower {
			b.Towers[corp] = terr
		}
	}
	return b
}

// snapshot encodes a board, to prove a refusal left it unchanged.
func snapshot(b Board) string {
	j, _ := json.Marshal(b)
	return string(j)
}

// refused asserts err is a refusal naming rule.
func refused(t *testing.T, err error, rule string) {
	t.Helper()
	testclient.Refused(t, err, rule, "")
}

func holding(t *testing.T, b Board, terr string, want Holding) {
	t.Helper()
	if got, ok := b.Land[terr]; !ok || got != want {
		t.Fatalf("%s holds %+v (occupied %v); want %+v", terr, got, ok, want)
	}
}

// seqDice is a Dice that returns fixed numbers in turn.
type seqDice struct{ n []int }

func (d *seqDice) Roll(s int) int { return d.Intn(s) + 1 }
func (d *seqDice) Intn(n int) int {
	if len(d.n) == 0 {
		return 0
	}
	v := d.n[0] % n
	d.n = d.n[1:]
	return v
}
