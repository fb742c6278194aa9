package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/tracker"
)

// BenchmarkLiveFrameBytes builds one live message of a game in play for the
// host, a phone and the TV (the public view), and reports each one's size:
// what every screen receives after every command. Cold Cash Risk's bank mode
// after a few trades, and RISK just after a battle (the TV's frame carries
// the battle's dice). The dice seeds are fixed, so a size moves only when
// the markup does.
func BenchmarkLiveFrameBytes(b *testing.B) {
	b.Run("coldcash-bank", func(b *testing.B) { benchFrames(b, "coldcash", coldcashTrades) })
	b.Run("risk-battle", func(b *testing.B) { benchFrames(b, "risk", riskBattle) })
}

// coldcashTrades founds two companies and buys into them.
func coldcashTrades(b *testing.B, tr *tracker.Tracker, id int64) {
	for _, c := range []struct {
		typ  string
		data string
	}{
		{"found", `{"company":"c2","seat":0,"size":6}`},
		{"buy", `{"seat":0,"company":"c2","count":3}`},
		{"turn", ``},
		{"found", `{"company":"c6","seat":1,"size":9}`},
		{"buy", `{"seat":1,"company":"c6","count":3}`},
	} {
		benchDo(b, tr, id, c.typ, c.data)
	}
}

// riskBattle places every start army on one front and fights one roll there.
func riskBattle(b *testing.B, tr *tracker.Tracker, id int64) {
	ctx := context.Background()
	state := func() *conquest.State {
		var s *conquest.State
		tr.State(ctx, id, func(st engine.State, _ int64) { c := *st.(*conquest.State); s = &c })
		return s
	}
	benchDo(b, tr, id, "start", "")
	s := state()
	from, to := -1, -1
	for a, o := range s.Owner {
		for _, n := range risk.Classic().Neighbours(risk.TerritoryID(a)) {
			if o == 0 && s.Owner[n] == 1 && from < 0 {
				from, to = a, int(n)
			}
		}
	}
	for ; s.Phase == conquest.PhasePlace; s = state() {
		at := map[int]int{0: from, 1: to}[s.Placer]
		if s.Placer > 1 {
			at = slices.Index(s.Owner, s.Placer)
		}
		benchDo(b, tr, id, "place", fmt.Sprintf(`{"territory":%d}`, at))
	}
	benchDo(b, tr, id, "place", fmt.Sprintf(`{"territory":%d,"count":%d}`, from, s.Pool))
	benchDo(b, tr, id, "attack", fmt.Sprintf(`{"from":%d,"to":%d,"mode":"roll"}`, from, to))
	benchDo(b, tr, id, "defend", `{"dice":1}`)
}

func benchDo(b *testing.B, tr *tracker.Tracker, id int64, typ, data string) {
	cmd := engine.Command{Type: typ, Seat: engine.Host}
	if data != "" {
		cmd.Data = json.RawMessage(data)
	}
	if _, err := tr.Do(context.Background(), id, cmd, ""); err != nil {
		b.Fatalf("%s %s: %v", typ, data, err)
	}
}

func benchFrames(b *testing.B, kind string, play func(*testing.B, *tracker.Tracker, int64)) {
	s, tr, id := benchServer(b, kind, "") // the same deal and dice each run: sizes compare across changes
	ctx := context.Background()
	play(b, tr, id)
	viewers := []struct {
		name string
		v    engine.Viewer
	}{{"host", engine.Viewer{Seat: engine.Host}}, {"phone", engine.Viewer{Seat: 1}}, {"tv", engine.Viewer{Seat: engine.Public}}}
	sizes := make([]int, len(viewers))
	b.ReportAllocs()
	for b.Loop() {
		for i, w := range viewers {
			_, frame, err := s.liveFrame(ctx, id, w.v, nil)
			if err != nil {
				b.Fatal(err)
			}
			sizes[i] = len(frame)
		}
	}
	for i, w := range viewers {
		b.ReportMetric(float64(sizes[i]), "B-"+w.name)
	}
}
