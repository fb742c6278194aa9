package coldcash

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/internal/testclient"
)

func TestPhoneTradesDefaultDirectAndRefuseUnknown(t *testing.T) {
	tb := newTable(t, 2, nil)
	if tb.s.Settings.PhoneTrades != TradesDirect {
		t.Fatalf("default %q", tb.s.Settings.PhoneTrades)
	}
	if _, err := (Rules{}).New(engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}}, Settings: json.RawMessage(`{"phoneTrades":"ask"}`)}); !refusedAs(err, "phone-trades") {
		t.Fatalf("phoneTrades ask: %v", err)
	}
	tb.found("c6", 0, 4)
	tb.must(0, CmdBuy, H{"company": "c6", "count": 2}) // direct: the phone's buy happens
	if tb.held(0, "c6") != 3 || tb.s.Request != nil {
		t.Fatalf("direct buy: %d held, request %+v", tb.held(0, "c6"), tb.s.Request)
	}
	tb.refuse("no-request", engine.Host, CmdTradeConfirm, nil)
}

var refusedAs = testclient.IsRefusal

func TestPhoneTradesConfirmNothingMovesUntilTheHostConfirms(t *testing.T) {
	tb := newTable(t, 2, H{"phoneTrades": "confirm"})
	tb.found("c6", 0, 4) // Imperial, $600 a share at size 4 (expensive)
	cash := tb.cash(0)
	// a request is checked against every rule first
	tb.refuse("max-three-shares", 0, CmdBuy, H{"company": "c6", "count": 4})
	tb.refuse("not-your-turn", 1, CmdBuy, H{"company": "c6", "count": 1})
	tb.must(0, CmdBuy, H{"company": "c6", "count": 2})
	if tb.held(0, "c6") != 1 || tb.cash(0) != cash || tb.s.Acted != "" {
		t.Fatal("the request moved shares or cash before the host confirmed")
	}
	v := tb.s.View(engine.Viewer{Seat: 1})
	if v.Request == nil || v.Request.Text != "Ana asks to buy 2 Imperial at $600: $1,200." {
		t.Fatalf("request view %+v", v.Request)
	}
	if w, ok := (Rules{}).Waiting(tb.s); !ok || len(w.Seats) != 0 || w.Decision != "trade.confirm" {
		t.Fatalf("waiting %+v", w)
	}
	tb.refuse("one-request", 0, CmdBuy, H{"company": "c6", "count": 1})
	tb.refuse("host-only", 0, CmdTradeConfirm, nil)
	tb.refuse("host-only", 1, CmdTradeConfirm, nil)
	tb.refuse("host-confirms-trades", 1, CmdTradeReject, nil)
	// the host acts directly: no request
	tb.must(engine.Host, CmdTradeConfirm, nil)
	if tb.held(0, "c6") != 3 || tb.cash(0) != cash-1200 || tb.s.Request != nil || tb.s.Bought != 2 {
		t.Fatalf("after confirming: %d held, cash %d", tb.held(0, "c6"), tb.cash(0))
	}
	if d := (Rules{}).Describe(tb.s, engine.NewEvent(EvTradeConfirmed, TradeRequest{Seat: 0, Type: CmdBuy, Company: "c6", Count: 2})); d != "confirming Ana's request to buy 2 Imperial" {
		t.Fatalf("undo label %q", d)
	}
	// a rejected request moves nothing; the asking phone may withdraw its own
	tb.must(0, CmdBuy, H{"company": "c6", "count": 1})
	tb.must(engine.Host, CmdTradeReject, nil)
	tb.must(0, CmdBuy, H{"company": "c6", "count": 1})
	tb.must(0, CmdTradeReject, nil)
	if tb.held(0, "c6") != 3 || tb.cash(0) != cash-1200 || tb.s.Request != nil {
		t.Fatal("a rejected request moved something")
	}
	tb.must(engine.Host, CmdBuy, H{"seat": 0, "company": "c6", "count": 1}) // the host is not asked to confirm itself
	if tb.held(0, "c6") != 4 || tb.s.Request != nil {
		t.Fatal("the host's own buy became a request")
	}
}

func TestPhoneTradeRequestIsDecidedAgainWhenConfirmedAndDroppedWhenTheTurnMoves(t *testing.T) {
	tb := newTable(t, 2, H{"phoneTrades": "confirm"})
	tb.found("c6", 0, 4)
	tb.must(0, CmdBuy, H{"company": "c6", "count": 2})
	tb.must(engine.Host, CmdBuy, H{"seat": 0, "company": "c6", "count": 2}) // the host bought for Ana meanwhile
	tb.refuse("max-three-shares", engine.Host, CmdTradeConfirm, nil)        // 4 in one turn: refused, still pending
	if tb.s.Request == nil {
		t.Fatal("a refused confirmation dropped the request")
	}
	tb.must(engine.Host, CmdTurn, nil)
	if tb.s.Request != nil {
		t.Fatal("the request outlived its turn")
	}
	// sells go through the host too; a request is checked like the trade
	tb.refuse("sell-what-you-hold", 1, CmdSell, H{"company": "c6", "count": 1})
	tb.give(1, "c6", 2)
	cash := tb.cash(1)
	tb.must(1, CmdSell, H{"company": "c6", "count": 2})
	if tb.held(1, "c6") != 2 || tb.cash(1) != cash {
		t.Fatal("a sell request moved something")
	}
	tb.must(engine.Host, CmdTradeConfirm, nil)
	if tb.held(1, "c6") != 0 || tb.cash(1) != cash+1200 || tb.s.Acted != "sell" {
		t.Fatalf("after confirming the sale: %d held, cash %d", tb.held(1, "c6"), tb.cash(1))
	}
}
