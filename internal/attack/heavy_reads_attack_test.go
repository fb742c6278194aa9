package attack

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// One phone asks, one after another, for the print shop's certificates
// (hundreds of milliseconds of work each; each time with other options, so
// none comes from the print shop's cache) and a game's timeline: its reads
// are charged what they cost, so within a bounded run it is told to wait
// (429, Retry-After, the words say why), while the host, asking for the same
// sheet and page at the same time, is never refused. Nothing is written.
func TestAttackHeavyReadsAreBudgetedByCostNotCount(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	s.Host.Command(game, "score", map[string]int{"seat": 0, "points": 3}, "s1")
	before, log := s.Games(), s.Log(game)
	phone := s.NewClient(t)
	paths := []string{"/print/pdf?sheet=certificates&paper=letter", fmt.Sprintf("/games/%d/timeline", game)}
	refusedAt := 0
	for i := range 2000 {
		p := paths[i%5/4]
		if i%5 != 4 {
			p += fmt.Sprint("&table=", i) // a sheet nobody asked for yet: made, not taken from the cache
		}
		resp, body := phone.Do(phone.Request(http.MethodGet, p, nil))
		if resp.StatusCode == http.StatusTooManyRequests {
			if resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "heavy pages") {
				t.Fatalf("the refusal: Retry-After %q, %.300s", resp.Header.Get("Retry-After"), body)
			}
			refusedAt = i + 1
			break
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("read %d: %d %.300s", i+1, resp.StatusCode, body)
		}
	}
	if refusedAt == 0 {
		t.Fatal("2,000 heavy reads from one phone, one after another, and none was refused")
	}
	t.Logf("the phone was told to wait at read %d", refusedAt)
	for _, p := range paths {
		if code, body := s.Host.Get(p); code != http.StatusOK {
			t.Fatalf("the host's %s while the phone waits: %d %.300s", p, code, body)
		}
	}
	if after := s.Games(); fmt.Sprint(after) != fmt.Sprint(before) || s.Log(game) != log {
		t.Fatal("heavy reads changed the games or the log")
	}
}
