package hub_test

import (
	"encoding/json"
	"testing"

	"tableside/internal/leaguetest"
	"tableside/league/hub"
	"tableside/league/storetest"
)

// Whatever a paired table signs and pushes, the hub answers it without a
// 5xx: a play it cannot hold is refused (4xx) naming why, never a store
// error. The seeds are the poisoned plays of the store suite, good batches
// and broken JSON; `go test -fuzz FuzzPushBody ./league/hub` explores more.
func FuzzPushBody(f *testing.F) {
	th := leaguetest.StartHub(f, leaguetest.Options{Tune: noBudget})
	table, key := pairedTable(f, th)
	good := storetest.NewPlay("p1", 1, "Ana", "Bo", 3, 2)
	f.Add(pushBody(f, good))
	f.Add(pushBody(f, good, storetest.NewPlay("p2", 2, "ana", "Cy", 3, 2)))
	for _, c := range storetest.Poisoned() {
		f.Add(pushBody(f, good, c.Play))
	}
	for _, s := range []string{``, `{}`, `{"plays":null}`, `{"plays":[{}]}`, `{"plays":[{"id":"x","version":1e99}]}`,
		`{"plays":[{"id":"x","version":1,"title":"T","date":"2026-01-01","scoring":"high","players":[{"league":-9223372036854775808,"local":1,"name":"A","rank":1}]}]}`,
		`{"plays":[{"id":"x","version":1,"title":"T","date":"2026-01-01","scoring":"high","players":[{"league":9223372036854775807,"local":9223372036854775807,"name":"A","rank":1,"score":999999999}]}]}`,
		`{"plays":[` + string(mustJSON(f, good)) + `,` + string(mustJSON(f, good)) + `]}`,
		`{"plays":[{"id":"x"}]} trailing`, `[[[[[[[[[[`, `{"plays":[{"players":[{"name":"\u0000"}]}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		code, msg := do(t, signedPush(t, th.URL, table, key, "", body))
		if code >= 500 {
			t.Fatalf("push %q: %d %s", body, code, msg)
		}
	})
}

func mustJSON(t testing.TB, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func noBudget(c *hub.Config) { c.ReadPerSecond = -1 }
