package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"testing"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/internal/testenv"
)

var gamePaths = regexp.MustCompile(`/games/\d+|id="room-code">[A-Z]{4}<`) // and each table's random room code

// The laptop's page and the public page of two Cash or Crash games that
// differ only in the players' secret stakes are the same, byte for byte,
// served by the real server over HTTP.
func TestCashCrashHostAndPublicPagesHideStakes(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	freezeClock(app) // the turn clock says the same times in both games
	set := `{"card1":"G","card2":"O","card3":"W","card4":"GG","card5":"OO","card6":"WW","card7":"GO","card8":"OW","card9":"GW","card10":"GOW"}`
	var ids []int64
	for _, stakes := range [][3]string{{"1,4", "2,7", "3,10"}, {"5,6", "8,9", "1,2"}} {
		info, err := app.Tracker.Create(context.Background(), "cashcrash", "Secret", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cat"}}})
		if err != nil {
			t.Fatal(err)
		}
		seatDo(t, app, info.ID, engine.Host, cashcrash.CmdConfigure, set)
		seatDo(t, app, info.ID, engine.Host, cashcrash.CmdStart, `{"first":0}`)
		for seat, c := range stakes {
			seatDo(t, app, info.ID, seat, cashcrash.CmdStake, `{"cards":[`+c+`]}`)
		}
		seatDo(t, app, info.ID, 0, cashcrash.CmdBid, `{"qty":3,"goods":"W"}`)
		ids = append(ids, info.ID)
	}
	for _, q := range []string{"", "?as=public"} {
		a := gamePaths.ReplaceAllString(mustGet(t, fmt.Sprintf("%s/games/%d%s", app.URL, ids[0], q)), "/games/N")
		b := gamePaths.ReplaceAllString(mustGet(t, fmt.Sprintf("%s/games/%d%s", app.URL, ids[1], q)), "/games/N")
		if a != b {
			t.Fatalf("the page %q differs with the players' secret stakes", q)
		}
	}
}

// The table enters its card set once: a new game without a set of its own
// starts with the set of the newest earlier game.
func TestCashCrashCardSetIsRememberedForTheNextGame(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	create := func(body string) int64 {
		resp, err := http.Post(app.URL+"/games", "application/json", bytes.NewBufferString(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var info struct{ ID int64 }
		if resp.StatusCode != http.StatusCreated || json.NewDecoder(resp.Body).Decode(&info) != nil {
			t.Fatalf("create: %d", resp.StatusCode)
		}
		return info.ID
	}
	first := create(`{"kind":"cashcrash","players":["Ana","Ben"]}`)
	seatDo(t, app, first, engine.Host, cashcrash.CmdConfigure, `{"card1":"GGG","card2":"O","card3":"W","card4":"GG","card5":"OO","card6":"WW","card7":"GO","card8":"OW","card9":"GW","card10":"GOW"}`)
	second := create(`{"kind":"cashcrash","players":["Ana","Ben","Cat"]}`)
	var cards []cashcrash.Card
	app.Tracker.State(context.Background(), second, func(s engine.State, _ int64) { cards = cashcrash.CardSet(s) })
	if len(cards) != 10 || cards[0] != (cashcrash.Card{Gold: 3}) {
		t.Fatalf("the second game's set: %+v", cards)
	}
	own := create(`{"kind":"cashcrash","players":["Ana","Ben"],"settings":{"cards":["G","G","G","G","G","G","G","G","G","GOW"]}}`)
	app.Tracker.State(context.Background(), own, func(s engine.State, _ int64) { cards = cashcrash.CardSet(s) })
	if cards[1] != (cashcrash.Card{Gold: 1}) {
		t.Fatalf("a game that names its own set keeps it: %+v", cards)
	}
}
