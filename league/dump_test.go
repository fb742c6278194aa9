package league_test

import (
	"strings"
	"testing"

	"tableside/league"
)

// The migration check names every table whose rows differ, by count or by
// content, and passes only identical copies.
func TestSumsNameEveryTableThatDiffers(t *testing.T) {
	a := league.Dump{Players: []league.PlayerRow{{ID: 1, Name: "Ana"}, {ID: 2, Name: "Bo"}}, Tables: []league.TableRow{{ID: "t"}}}
	b := league.Dump{Players: []league.PlayerRow{{ID: 2, Name: "Bo"}, {ID: 1, Name: "Ana"}}, Tables: []league.TableRow{{ID: "t"}}}
	if err := league.SameSums(a.Sums(), b.Sums()); err != nil {
		t.Fatalf("the same rows in another order: %v", err)
	}
	b.Players[0].Name = "Bob"
	b.Tables = nil
	err := league.SameSums(a.Sums(), b.Sums())
	if err == nil || !strings.Contains(err.Error(), "players: 2 rows") || !strings.Contains(err.Error(), "tables: 1 rows") || strings.Contains(err.Error(), "plays:") {
		t.Fatalf("differences reported as %v", err)
	}
}

// A push's signature covers the time, the nonce and every byte of the body,
// under the table's own key.
func TestSignatureCoversTimeNonceAndBody(t *testing.T) {
	keys, err := league.NewKeys([]byte(strings.Repeat("s", 32)))
	if err != nil {
		t.Fatal(err)
	}
	k := keys.For("table1")
	now := int64(1_800_000_000)
	at := itoa
	sig := league.Sign(k, now, "nonce-nonce-nonce", []byte(`{"plays":[]}`))
	ok := func(key []byte, ts int64, nonce, body string) error {
		return league.Verify(key, at(ts), nonce, sig, []byte(body), timeAt(now))
	}
	if err := ok(k, now, "nonce-nonce-nonce", `{"plays":[]}`); err != nil {
		t.Fatal(err)
	}
	for name, err := range map[string]error{
		"another table's key": ok(keys.For("table2"), now, "nonce-nonce-nonce", `{"plays":[]}`),
		"another time":        ok(k, now+1, "nonce-nonce-nonce", `{"plays":[]}`),
		"another nonce":       ok(k, now, "nonce-nonce-nonce2", `{"plays":[]}`),
		"another body":        ok(k, now, "nonce-nonce-nonce", `{"plays":[ ]}`),
	} {
		if err == nil || !strings.Contains(err.Error(), "signature does not match") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := league.Verify(k, at(now), "nonce-nonce-nonce", sig, []byte(`{"plays":[]}`), timeAt(now+600)); err == nil || !strings.Contains(err.Error(), "clock") {
		t.Errorf("a push ten minutes old: %v", err)
	}
	if _, err := league.NewKeys([]byte("short")); err == nil {
		t.Error("a short hub secret was taken")
	}
}
