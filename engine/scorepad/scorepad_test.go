package scorepad

import (
	"encoding/json"
	"testing"

	"tableside/engine"
)

func start(t *testing.T, settings string) engine.State {
	t.Helper()
	s, err := Rules{}.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}, Settings: json.RawMessage(settings)})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func apply(t *testing.T, s engine.State, seat int, typ, data string) (engine.State, error) {
	t.Helper()
	evs, err := Rules{}.Decide(s, engine.Command{Type: typ, Seat: seat, Data: json.RawMessage(data)}, nil)
	if err != nil {
		return s, err
	}
	for _, e := range evs {
		s = Rules{}.Evolve(s, e)
	}
	return s, nil
}

func TestPlayersWriteOnlyTheirOwnScore(t *testing.T) {
	s := start(t, "")
	if _, err := apply(t, s, 0, CmdScore, `{"seat":1,"points":5}`); !engine.IsRefusal(err) {
		t.Fatalf("Ana wrote Ben's score: %v", err)
	}
	s, err := apply(t, s, 1, CmdScore, `{"seat":1,"points":5}`)
	if err != nil {
		t.Fatal(err)
	}
	s, err = apply(t, s, engine.Host, CmdScore, `{"seat":2,"points":-2}`)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.(*State).Totals(); got[0] != 0 || got[1] != 5 || got[2] != -2 {
		t.Fatalf("totals %v", got)
	}
}

func TestOnlyTheHostEndsTheGameAndTheHighestTotalWins(t *testing.T) {
	s := start(t, "")
	s, _ = apply(t, s, engine.Host, CmdScore, `{"seat":0,"points":7}`)
	s, _ = apply(t, s, engine.Host, CmdScore, `{"seat":2,"points":7}`)
	if _, err := apply(t, s, 1, CmdFinish, ``); !engine.IsRefusal(err) {
		t.Fatalf("a player ended the game: %v", err)
	}
	if _, ok := (Rules{}).Result(s); ok {
		t.Fatal("a result before the end")
	}
	s, err := apply(t, s, engine.Host, CmdFinish, ``)
	if err != nil {
		t.Fatal(err)
	}
	res, ok := Rules{}.Result(s)
	if !ok || !res.Scores[0].Winner || res.Scores[1].Winner || !res.Scores[2].Winner {
		t.Fatalf("result %+v; want Ana and Cy sharing the win", res)
	}
	if _, err := apply(t, s, engine.Host, CmdScore, `{"seat":0,"points":1}`); !engine.IsRefusal(err) {
		t.Fatal("a score after the end was accepted")
	}
}

func TestLowWinsSettingRanksTheLowestTotalFirst(t *testing.T) {
	s := start(t, `{"lowWins":true}`)
	s, _ = apply(t, s, engine.Host, CmdScore, `{"seat":0,"points":40}`)
	s, _ = apply(t, s, engine.Host, CmdScore, `{"seat":1,"points":31}`)
	s, _ = apply(t, s, engine.Host, CmdScore, `{"seat":2,"points":35}`)
	s, _ = apply(t, s, engine.Host, CmdFinish, ``)
	res, _ := Rules{}.Result(s)
	if !res.Scores[1].Winner || res.Scores[0].Winner || res.Scores[2].Winner {
		t.Fatalf("result %+v; want Ben (31) alone to win", res)
	}
}

func TestBadScoresAreRefusedByName(t *testing.T) {
	s := start(t, "")
	for _, data := range []string{`{"seat":3,"points":1}`, `{"seat":0,"points":2000000}`, `{"seat":"x"}`, `[`} {
		if _, err := apply(t, s, engine.Host, CmdScore, data); !engine.IsRefusal(err) {
			t.Errorf("%s: %v; want a refusal", data, err)
		}
	}
	if _, err := apply(t, s, engine.Host, "teleport", `{}`); !engine.IsRefusal(err) {
		t.Errorf("unknown command: %v", err)
	}
	if _, err := (Rules{}).New(engine.Setup{Settings: json.RawMessage(`{"lowWins":"maybe"}`)}); err == nil {
		t.Error("a malformed setting was accepted")
	}
}
