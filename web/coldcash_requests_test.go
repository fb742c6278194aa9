package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

type ccState struct {
	View struct {
		Players []struct {
			Cash     int
			Holdings []struct{ Company string }
		}
		Request *struct{ Text string }
	}
	UndoCmd int64 // what the host's undo button takes back
}

func ccView(t *testing.T, d *device, game int64) ccState {
	t.Helper()
	return decoded[ccState](t, d, fmt.Sprintf("/games/%d", game))
}

// With the default setting a phone's buy happens at once.
func TestPhoneTradesDirectByDefaultOverHTTP(t *testing.T) {
	t.Parallel()
	host, ana, _, game := coldcashPhones(t, nil)
	before := ccView(t, host, game).View.Players[0].Cash
	if code, body := ana.command(game, "buy", map[string]any{"company": "c6", "count": 2}, "b1"); code != 200 {
		t.Fatalf("Ana buys: %d %s", code, body)
	}
	st := ccView(t, host, game)
	if st.View.Players[0].Cash != before-1200 || st.View.Request != nil {
		t.Fatalf("direct buy: cash %d (was %d), request %+v", st.View.Players[0].Cash, before, st.View.Request)
	}
}

// With phoneTrades "confirm" a phone's buy waits on the host screen with
// Confirm and Reject; nothing moves until the host confirms; undo takes
// the confirmation back.
func TestPhoneTradesConfirmWaitForTheHostOverHTTP(t *testing.T) {
	t.Parallel()
	host, ana, ben, game := coldcashPhones(t, map[string]any{"phoneTrades": "confirm"})
	before := ccView(t, host, game).View.Players[0].Cash
	if code, body := ana.command(game, "buy", map[string]any{"company": "c6", "count": 4}, "b0"); code != http.StatusUnprocessableEntity || !strings.Contains(body, "at most 3 shares") {
		t.Fatalf("a request breaking a rule: %d %s", code, body)
	}
	if code, body := ana.command(game, "buy", map[string]any{"company": "c6", "count": 2}, "b1"); code != 200 {
		t.Fatalf("Ana asks to buy: %d %s", code, body)
	}
	st := ccView(t, host, game)
	if st.View.Players[0].Cash != before || st.View.Request == nil || st.View.Request.Text != "Ana asks to buy 2 Imperial at $600: $1,200." {
		t.Fatalf("after the request: cash %d (was %d), request %+v", st.View.Players[0].Cash, before, st.View.Request)
	}
	page := func(d *device) string { _, b := d.get(fmt.Sprintf("/games/%d", game)); return b }
	hp, ap, bp := page(host), page(ana), page(ben)
	if !strings.Contains(hp, `choice-request-confirm"`) || !strings.Contains(hp, `choice-request-reject"`) {
		t.Fatal("the host screen lacks Confirm and Reject")
	}
	if strings.Contains(ap, `choice-request-confirm"`) || !strings.Contains(ap, "Withdraw my request") || !strings.Contains(ap, "Waiting for the host to confirm") {
		t.Fatal("Ana's phone: no confirm, but her request and a withdraw")
	}
	if strings.Contains(bp, `choice-request-confirm"`) || strings.Contains(bp, "Withdraw my request") || !strings.Contains(bp, "Ana asks to buy 2 Imperial") {
		t.Fatal("Ben's phone: the request, and nothing to answer")
	}
	for _, d := range []*device{ana, ben} {
		if code, body := d.command(game, "trade.confirm", nil, "c-phone"); code != http.StatusUnprocessableEntity || !strings.Contains(body, "The host confirms") {
			t.Fatalf("a phone confirms: %d %s", code, body)
		}
	}
	if ccView(t, host, game).View.Players[0].Cash != before {
		t.Fatal("a refused confirmation moved cash")
	}
	// the host's Confirm button, as a form
	if code, _ := host.postForm(fmt.Sprintf("/games/%d/commands", game), url.Values{"type": {"trade.confirm"}}); code != 200 {
		t.Fatalf("confirm: %d", code)
	}
	st = ccView(t, host, game)
	if st.View.Players[0].Cash != before-1200 || st.View.Request != nil {
		t.Fatalf("after confirming: cash %d, request %+v", st.View.Players[0].Cash, st.View.Request)
	}
	// undo takes the confirmation back: the request is pending again
	if code, _ := host.postForm(fmt.Sprintf("/games/%d/undo", game), url.Values{"cmd": {fmt.Sprint(st.UndoCmd)}}); code != 200 {
		t.Fatalf("undo: %d", code)
	}
	st = ccView(t, host, game)
	if st.View.Players[0].Cash != before || st.View.Request == nil {
		t.Fatalf("after undo: cash %d, request %+v", st.View.Players[0].Cash, st.View.Request)
	}
	// Reject: nothing moves, the request is gone
	if code, _ := host.postForm(fmt.Sprintf("/games/%d/commands", game), url.Values{"type": {"trade.reject"}}); code != 200 {
		t.Fatalf("reject: %d", code)
	}
	st = ccView(t, host, game)
	if st.View.Players[0].Cash != before || st.View.Request != nil {
		t.Fatalf("after rejecting: cash %d, request %+v", st.View.Players[0].Cash, st.View.Request)
	}
}
