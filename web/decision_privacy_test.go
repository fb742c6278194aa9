package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/takeover"
)

// decisionCard is how the owing phone's card opens in a page.
const decisionCard = `<section class="card decision"`

// sheetCard is how a move sheet opens outside a decision card (moves a
// seat may make while the table waits for another, the host's).
const sheetCard = `<section class="card decision sheet-card"`

// onlyOwingPhoneDecides checks pages of one game: the owing seat's page
// holds one decision card with the answers named (their buttons' classes),
// every other page (other phones, the public, the host) none of them and
// the one waiting line.
func onlyOwingPhoneDecides(t *testing.T, pages map[int]string, owing int, line string, answers ...string) {
	t.Helper()
	for seat, page := range pages {
		if seat == owing {
			if strings.Count(page, decisionCard) != 1 {
				t.Fatalf("the owing seat %d's page holds %d decision cards", seat, strings.Count(page, decisionCard))
			}
			for _, a := range answers {
				if !strings.Contains(page, a) {
					t.Fatalf("the owing seat %d's card lacks %q", seat, a)
				}
			}
			continue
		}
		if strings.Contains(page, decisionCard) || !strings.Contains(page, line) {
			t.Fatalf("seat %d's page holds a decision card, or lacks the line %q", seat, line)
		}
		for _, a := range answers {
			if strings.Contains(page, a) {
				t.Fatalf("seat %d's page holds the owing seat's answer %q", seat, a)
			}
		}
	}
}

// Takeover: two games differ only in which coins Ana, on turn, keeps as
// stock, so her cash and her merges differ. Ben's phone and the public
// screen get the same bytes from both; only Ana's page carries her card,
// with her own cash in its words.
func TestTakeoverDecisionCardReachesOnlyTheOwingPhone(t *testing.T) {
	t.Parallel()
	s, tr := seatedServer(t)
	var ids []int64
	pool := takeover.AllPieces() // Ana drafts picks 0, 3, 4, 7, ...
	for _, anaStock := range []string{pool[0], strings.Join([]string{pool[0], pool[3], pool[4], pool[7]}, ",")} {
		ids = append(ids, concealedTakeover(t, tr, anaStock, pool[1]))
	}
	sameSeatPages(t, s, ids, "Ana's secret stock", 1, engine.Public)
	ana := seatPage(t, s, ids[0], 0)
	if ana == seatPage(t, s, ids[1], 0) || !strings.Contains(ana, "(your cash: ") {
		t.Fatal("Ana's card must say her own cash")
	}
	pages := map[int]string{0: ana, 1: seatPage(t, s, ids[0], 1), engine.Public: seatPage(t, s, ids[0], engine.Public)}
	onlyOwingPhoneDecides(t, pages, 0, "Waiting for <strong>Ana</strong>: merge two corporations or pass", "choice-pass", "choice-merge-", "(your cash: ", takeover.GroupMerges)
	host := hostPage(t, s, ids[0])
	if strings.Contains(host, decisionCard) || !strings.Contains(host, sheetCard) || !strings.Contains(host, "choice-pass") || !strings.Contains(host, "choice-merge-") {
		t.Fatal("the host moves for a player without a phone from its own move sheet, outside any decision card")
	}
}

// Cash or Crash with doubling: two games differ only in Ana's stake while
// Ana, challenged, owes DOUBLE! or Reveal. Ben's, Cat's and the public's
// pages are the same bytes in both; only Ana's page offers the answers.
func TestCashCrashDecisionCardReachesOnlyTheOwingPhone(t *testing.T) {
	t.Parallel()
	s, tr := seatedServer(t)
	var ids []int64
	for _, ana := range []string{"1,4", "7,10"} {
		info, err := tr.Create(context.Background(), "cashcrash", "Secret", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cat"}}})
		if err != nil {
			t.Fatal(err)
		}
		doAll(t, tr, info.ID, []engine.Command{
			cmd(engine.Host, cashcrash.CmdConfigure, `{"doubling":true}`), cmd(engine.Host, cashcrash.CmdStart, `{"first":0}`),
			cmd(0, cashcrash.CmdStake, `{"cards":[`+ana+`]}`), cmd(1, cashcrash.CmdStake, `{"cards":[2,3]}`), cmd(2, cashcrash.CmdStake, `{"cards":[5,6]}`),
			cmd(0, cashcrash.CmdBid, `{"qty":2,"goods":"G"}`), cmd(1, cashcrash.CmdSell, ""),
		})
		ids = append(ids, info.ID)
	}
	sameSeatPages(t, s, ids, "Ana's secret stake", 1, 2, engine.Public)
	pages := map[int]string{0: seatPage(t, s, ids[0], 0), 1: seatPage(t, s, ids[0], 1), 2: seatPage(t, s, ids[0], 2),
		engine.Public: seatPage(t, s, ids[0], engine.Public)}
	onlyOwingPhoneDecides(t, pages, 0, "Waiting for <strong>Ana</strong>: Ben called SELL!: double or reveal", "choice-double", "choice-accept")
	// The host still answers for a player without a phone, on its own
	// move sheet, outside any decision card.
	host := hostPage(t, s, ids[0])
	if strings.Contains(host, decisionCard) || !strings.Contains(host, sheetCard) || !strings.Contains(host, `value="double"`) || !strings.Contains(host, `value="accept"`) {
		t.Fatal("the host lost its DOUBLE! and Reveal for a player without a phone")
	}
	// Ben's and Cat's pages offer nothing to answer with.
	for _, seat := range []int{1, 2} {
		for _, typ := range []string{`value="double"`, `value="accept"`, `value="persist"`} {
			if strings.Contains(pages[seat], typ) {
				t.Fatalf("seat %d's page offers %s while Ana answers", seat, typ)
			}
		}
	}
}

// hostPage fetches a game's page as the host laptop (a loopback address).
func hostPage(t *testing.T, s *Server, id int64) string {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/games/"+strconv.FormatInt(id, 10), nil)
	req.RemoteAddr = "127.0.0.1:5555"
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s as the host: %d %s", req.URL, rec.Code, rec.Body)
	}
	return rec.Body.String()
}

// Blitz lets a phone bid or SELL! out of turn: the player on turn answers
// on the decision card, and every other player still in may act from its
// move sheet beside the one waiting line; the bidder has neither.
func TestCashCrashBlitzOutOfTurnPhonesKeepTheirMoveSheet(t *testing.T) {
	t.Parallel()
	s, tr := seatedServer(t)
	info, err := tr.Create(context.Background(), "cashcrash", "Blitz", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cat"}}})
	if err != nil {
		t.Fatal(err)
	}
	doAll(t, tr, info.ID, []engine.Command{
		cmd(engine.Host, cashcrash.CmdConfigure, `{"variant":"blitz"}`), cmd(engine.Host, cashcrash.CmdStart, `{"first":0}`),
		cmd(0, cashcrash.CmdStake, `{"cards":[1,4]}`), cmd(1, cashcrash.CmdStake, `{"cards":[2,3]}`), cmd(2, cashcrash.CmdStake, `{"cards":[5,6]}`),
		cmd(0, cashcrash.CmdBid, `{"qty":2,"goods":"G"}`),
	})
	ben, cat, ana := seatPage(t, s, info.ID, 1), seatPage(t, s, info.ID, 2), seatPage(t, s, info.ID, 0)
	if !strings.Contains(ben, decisionCard) || strings.Contains(ben, sheetCard) || !strings.Contains(ben, "choice-sell") {
		t.Fatal("Ben, on turn, answers on his card only")
	}
	if strings.Contains(cat, decisionCard) || !strings.Contains(cat, sheetCard) || !strings.Contains(cat, "choice-sell") {
		t.Fatal("Cat, out of turn in Blitz, keeps her move sheet and SELL!")
	}
	if strings.Contains(ana, decisionCard) || strings.Contains(ana, sheetCard) || strings.Contains(ana, `value="bid"`) {
		t.Fatal("Ana holds the bid: nothing to bid with")
	}
}
