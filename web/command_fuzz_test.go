package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tableside/internal/testenv"
	"tableside/web"
)

// Whatever bytes reach the command endpoint, as JSON or as a form, from the
// host or a phone, the server answers without a 5xx, and a command it does
// not accept leaves the game's log as it was. (go test runs the seeds; go
// test -fuzz FuzzCommandEndpoint explores.)
func FuzzCommandEndpoint(f *testing.F) {
	for _, seed := range []string{
		`{"type":"score","data":{"seat":0,"points":5}}`,
		`{"type":"score","data":{"seats":1,"points":5}}`,
		`{"type":"score"}`,
		`{"type":"score","data":{"seat":0,"points":5},"tpye":1}`,
		`{"type":"score","data":{"seat":0,"points":5}} {"type":"score"}`,
		`{"type":"found","data":{"company":"c2","size":1000000}}`,
		`{"type":"buy","data":{"company":"c2","count":1}}trailing`,
		`{"type":"","data":null}`,
		`{"type":"score","data":"x","idem":"` + strings.Repeat("k", 120) + `"}`,
		`type=score&d.seat=0&d.points=3`,
		`type=score&d.seats=1&d.points=3`,
		`type=found&d.company=c2&d.size=1e9&extra=1`,
		`type=score&data=%7B%22seat%22%3A0%7D%20x`,
		"\x00\xff{", `[]`, `null`, ``,
	} {
		f.Add(seed, uint8(0))
		f.Add(seed, uint8(5))
	}
	app := testenv.StartWith(f, testenv.Options{PhonesNotHost: true, Limits: web.Limits{JoinPerSecond: 1000, JoinBurst: 1000, CommandPerSecond: 1e6, CommandBurst: 1e6}})
	host := hostDevice(f, app)
	games := []int64{host.createGame("scorepad", "Ana", "Ben"), host.createGameWith("coldcash", nil, "Ana", "Ben")}
	phones := map[int64]*device{}
	for _, g := range games {
		phones[g] = newDevice(f, app)
		phones[g].join(joinURLFromQR(f, host, g), g, 0)
	}
	f.Fuzz(func(t *testing.T, body string, pick uint8) {
		g := games[int(pick)%len(games)]
		d := host
		if pick&2 != 0 {
			d = phones[g]
		}
		d.t, d.Client.T = t, t // the fuzz target's own t: the fuzz engine refuses f.Helper inside it
		ct := "application/json"
		if pick&4 != 0 || strings.HasPrefix(body, "type=") {
			ct = "application/x-www-form-urlencoded"
		}
		before := logLength(t, app, g)
		req, _ := http.NewRequest("POST", d.url(fmt.Sprintf("/games/%d/commands", g)), strings.NewReader(body))
		req.Header.Set("Content-Type", ct)
		resp, got := d.do(req, false)
		if resp.StatusCode >= 500 {
			t.Fatalf("%q as %s: %d %.300s", body, ct, resp.StatusCode, got)
		}
		accepted := resp.StatusCode == http.StatusOK || resp.StatusCode == http.StatusSeeOther
		if after := logLength(t, app, g); !accepted && after != before {
			t.Fatalf("%q as %s: answered %d, yet the log grew from %d to %d", body, ct, resp.StatusCode, before, after)
		}
	})
}
