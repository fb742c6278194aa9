package attack

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// A kicked phone's live stream is told its seat is gone and ends: it
// receives nothing of the seat's view after the kick.
func TestKickedPhoneStreamEndsAtOnce(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	ana := s.Phone(t, game, 0)
	st := ana.Live(t, game)
	if code, body := s.Host.Command(game, "score", map[string]int{"seat": 0, "points": 3}, "before"); code != http.StatusOK {
		t.Fatalf("score: %d %.200s", code, body)
	}
	st.Next(t, "view")
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/seats/0/kick", game), nil, nil); code != http.StatusOK {
		t.Fatalf("kick: %d %.200s", code, body)
	}
	st.Next(t, "seat")
	before := st.Raw()
	if code, body := s.Host.Command(game, "score", map[string]int{"seat": 0, "points": 4}, "after"); code != http.StatusOK {
		t.Fatalf("score after the kick: %d %.200s", code, body)
	}
	for ev := range st.Events { // the server ends the stream
		t.Errorf("the kicked phone's stream went on: %s %.100s", ev.Event, ev.Data)
	}
	if after := st.Raw(); after != before {
		t.Errorf("the kicked phone received more after the kick: %q", strings.TrimPrefix(after, before))
	}
}

// A new join code and a locked table stay so after the server is killed
// and started again.
func TestRevocationsSurviveARestart(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana")
	oldJoin := s.JoinURL(game)
	s.Phone(t, game, 0)
	if code, _ := s.Host.PostJSON(fmt.Sprintf("/games/%d/join-code", game), nil, nil); code != http.StatusOK {
		t.Fatal("new join code")
	}
	newJoin := s.JoinURL(game)
	if code, _ := s.Host.PostJSON(fmt.Sprintf("/games/%d/lock", game), nil, nil); code != http.StatusOK {
		t.Fatal("lock")
	}
	if code, _ := s.Host.PostJSON(fmt.Sprintf("/games/%d/seats/0/kick", game), nil, nil); code != http.StatusOK {
		t.Fatal("kick")
	}
	s2 := s.Restart(t)
	if code, body := s2.NewClient(t).Join(strings.Replace(oldJoin, s.URL, s2.URL, 1), game, 0); code != http.StatusUnprocessableEntity || !strings.Contains(body, "not valid") {
		t.Errorf("the old join code after a restart: %d %.200s; want refused", code, body)
	}
	if code, body := s2.NewClient(t).Join(strings.Replace(newJoin, s.URL, s2.URL, 1), game, 0); code != http.StatusUnprocessableEntity || !strings.Contains(body, "locked this table") {
		t.Errorf("the locked table after a restart: %d %.200s; want refused as locked", code, body)
	}
}
