package ledger

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
)

var cos = []string{"c1", "c2", "c3", "c4", "c5", "c6", "c7"}

func newBook(t testing.TB) *Book {
	t.Helper()
	b := New([]string{"Ana", "Ben", "Cy"}, cos, 25)
	for p := range 3 {
		if err := b.Post("starting cash", Transfer{From: Bank, To: Account(p), Asset: Cash, Amount: 6000}); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func rule(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Rule
	}
	return ""
}

func TestBankIssuesMoneyItsBalanceIsMinusEverythingPaidOut(t *testing.T) {
	b := newBook(t)
	if got := b.Balance(Bank); got != -18000 {
		t.Fatalf("bank balance %d; want -18000", got)
	}
	if err := b.Verify(); err != nil {
		t.Fatal(err)
	}
}

func TestBuyIsOneAtomicEntryOfCashAndShares(t *testing.T) {
	b := newBook(t)
	err := b.Post("Ana buys 3 c2 at $300", Transfer{From: 0, To: Bank, Asset: Cash, Amount: 900}, Transfer{From: Bank, To: 0, Asset: "c2", Amount: 3})
	if err != nil {
		t.Fatal(err)
	}
	if b.Balance(0) != 5100 || b.Held(0, "c2") != 3 || b.Held(Bank, "c2") != 22 {
		t.Fatalf("balances: cash %d shares %d bank %d", b.Balance(0), b.Held(0, "c2"), b.Held(Bank, "c2"))
	}
	if len(b.Entries) != 4 || b.Entries[3].Reason != "Ana buys 3 c2 at $300" {
		t.Fatalf("entries %+v", b.Entries)
	}
}

func TestFailingPostChangesNothing(t *testing.T) {
	b := newBook(t)
	before := *b
	beforeCash := append([]int(nil), b.Cash...)
	// The share leg is fine, the cash leg overdraws: neither may happen.
	err := b.Post("too dear", Transfer{From: Bank, To: 1, Asset: "c1", Amount: 2}, Transfer{From: 1, To: Bank, Asset: Cash, Amount: 7000})
	if rule(err) != "no-negative-cash" {
		t.Fatalf("err %v; want no-negative-cash", err)
	}
	if !reflect.DeepEqual(b.Cash, beforeCash) || b.Held(1, "c1") != 0 || b.Held(Bank, "c1") != 25 || len(b.Entries) != len(before.Entries) {
		t.Fatal("a refused post changed the book")
	}
}

func TestRefusalsNameTheirRule(t *testing.T) {
	b := newBook(t)
	cases := []struct {
		name string
		ts   []Transfer
		rule string
	}{
		{"sell what one does not hold", []Transfer{{From: 0, To: Bank, Asset: "c3", Amount: 1}}, "no-negative-shares"},
		{"more than the bank holds", []Transfer{{From: Bank, To: 0, Asset: "c3", Amount: 26}}, "bank-certificates"},
		{"negative amount", []Transfer{{From: Bank, To: 0, Asset: Cash, Amount: -5}}, "positive-amount"},
		{"zero amount", []Transfer{{From: Bank, To: 0, Asset: Cash, Amount: 0}}, "positive-amount"},
		{"unknown company", []Transfer{{From: Bank, To: 0, Asset: "c9", Amount: 1}}, "no-such-asset"},
		{"unknown account", []Transfer{{From: Bank, To: 7, Asset: Cash, Amount: 1}}, "no-such-account"},
		{"to itself", []Transfer{{From: 1, To: 1, Asset: Cash, Amount: 1}}, "same-account"},
		{"nothing", nil, "empty-entry"},
	}
	for _, c := range cases {
		if got := rule(b.Post("x", c.ts...)); got != c.rule {
			t.Errorf("%s: rule %q; want %q", c.name, got, c.rule)
		}
	}
	if got := rule(b.Post(" ", Transfer{From: Bank, To: 0, Asset: Cash, Amount: 1})); got != "reason-required" {
		t.Errorf("blank reason: %q", got)
	}
	if err := b.Verify(); err != nil || len(b.Entries) != 3 {
		t.Fatalf("refusals changed the book: %v, %d entries", err, len(b.Entries))
	}
}

func TestCheckDoesNotPost(t *testing.T) {
	b := newBook(t)
	if err := b.Check("ok", Transfer{From: Bank, To: 0, Asset: "c1", Amount: 1}); err != nil {
		t.Fatal(err)
	}
	if b.Held(0, "c1") != 0 || len(b.Entries) != 3 {
		t.Fatal("Check posted")
	}
}

func TestStatementRunningBalancesAndNetWorth(t *testing.T) {
	b := newBook(t)
	b.MustPost("Ana buys 2 c5", Transfer{From: 0, To: Bank, Asset: Cash, Amount: 1400}, Transfer{From: Bank, To: 0, Asset: "c5", Amount: 2})
	b.MustPost("Ben buys 1 c5", Transfer{From: 1, To: Bank, Asset: Cash, Amount: 700}, Transfer{From: Bank, To: 1, Asset: "c5", Amount: 1})
	b.MustPost("dividend c5", Transfer{From: Bank, To: 0, Asset: Cash, Amount: 140})
	st := b.Statement(0)
	if len(st) != 3 {
		t.Fatalf("statement has %d lines: %+v", len(st), st)
	}
	if st[1].Cash != -1400 || st[1].CashAfter != 4600 || st[1].Shares["c5"] != 2 || st[1].SharesHeld["c5"] != 2 {
		t.Fatalf("line 2 = %+v", st[1])
	}
	if st[2].CashAfter != 4740 || st[2].Reason != "dividend c5" {
		t.Fatalf("line 3 = %+v", st[2])
	}
	prices := b.Prices(map[string]int{"c5": 700})
	if got := b.NetWorth(0, prices); got != 4740+1400 {
		t.Fatalf("net worth %d", got)
	}
	if got := b.NetWorths(prices, nil); !reflect.DeepEqual(got, []int{6140, 6000, 6000}) {
		t.Fatalf("net worths %v", got)
	}
}

// 100,000 random posts, many of them invalid: after each one every invariant
// holds, a refused one changed nothing, and an accepted one moved exactly
// what it said.
func TestPropertyRandomPostsKeepEveryInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 25))
	b := newBook(t)
	assets := append([]string{Cash, Cash, Cash}, cos...)
	assets = append(assets, "c8")
	accepted, refused := 0, 0
	for i := range 100_000 {
		n := 1 + r.IntN(3)
		ts := make([]Transfer, n)
		for j := range ts {
			a := assets[r.IntN(len(assets))]
			amt := r.IntN(8) - 1
			if a == Cash {
				amt = r.IntN(4000) - 200
			}
			ts[j] = Transfer{From: Account(r.IntN(5) - 1), To: Account(r.IntN(5) - 1), Asset: a, Amount: amt}
		}
		cash := append([]int(nil), b.Cash...)
		shares := make([][]int, len(b.Shares))
		for k := range b.Shares {
			shares[k] = append([]int(nil), b.Shares[k]...)
		}
		entries := len(b.Entries)
		err := b.Post("random", ts...)
		if err != nil {
			refused++
			if rule(err) == "" {
				t.Fatalf("op %d: error without a rule: %v", i, err)
			}
			if !reflect.DeepEqual(cash, b.Cash) || !reflect.DeepEqual(shares, b.Shares) || len(b.Entries) != entries {
				t.Fatalf("op %d: refused post %v changed the book", i, ts)
			}
		} else {
			accepted++
			for _, tr := range ts {
				if tr.Asset == Cash {
					cash[tr.From+1] -= tr.Amount
					cash[tr.To+1] += tr.Amount
				} else {
					c := b.company(tr.Asset)
					shares[tr.From+1][c] -= tr.Amount
					shares[tr.To+1][c] += tr.Amount
				}
			}
			if !reflect.DeepEqual(cash, b.Cash) || !reflect.DeepEqual(shares, b.Shares) || len(b.Entries) != entries+1 {
				t.Fatalf("op %d: accepted post %v did not move exactly its transfers", i, ts)
			}
		}
		if err := b.Verify(); err != nil {
			t.Fatalf("op %d: invariant broken: %v", i, err)
		}
		sum := 0
		for p := range 3 {
			sum += b.Balance(Account(p))
		}
		if sum != -b.Balance(Bank) {
			t.Fatalf("op %d: bank %d is not minus the players' %d", i, b.Balance(Bank), sum)
		}
	}
	if accepted < 10_000 || refused < 10_000 {
		t.Fatalf("the mix was poor: %d accepted, %d refused", accepted, refused)
	}
}

// BenchmarkPostAndNetWorths posts a buy and recomputes every player's net
// worth, the bank's busiest path (target: under 50 us).
func BenchmarkPostAndNetWorths(b *testing.B) {
	names := []string{"A", "B", "C", "D", "E", "F"}
	book := New(names, cos, 25)
	for p := range names {
		book.MustPost("starting cash", Transfer{From: Bank, To: Account(p), Asset: Cash, Amount: 6000})
	}
	prices := book.Prices(map[string]int{"c1": 300, "c2": 600, "c3": 800, "c4": 700, "c5": 1000, "c6": 900, "c7": 1200})
	var worths []int
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := Account(i % len(names))
		co := cos[i%len(cos)]
		// buy one share, next time sell it back: the book stays bounded
		if i%2 == 0 {
			book.MustPost("buy", Transfer{From: p, To: Bank, Asset: Cash, Amount: 100}, Transfer{From: Bank, To: p, Asset: co, Amount: 1})
		} else {
			p, co = Account((i-1)%len(names)), cos[(i-1)%len(cos)]
			book.MustPost("sell", Transfer{From: Bank, To: p, Asset: Cash, Amount: 100}, Transfer{From: p, To: Bank, Asset: co, Amount: 1})
		}
		worths = book.NetWorths(prices, worths)
		if len(book.Entries) > 10_000 {
			book.Entries = book.Entries[:0]
		}
	}
}

func TestDollarsGroupsThousandsAndSignsDebts(t *testing.T) {
	for d, want := range map[int]string{0: "$0", 999: "$999", 1000: "$1,000", 12300: "$12,300", 1234567: "$1,234,567", -50: "-$50", -12300: "-$12,300"} {
		if got := Dollars(d); got != want {
			t.Errorf("Dollars(%d) = %q, want %q", d, got, want)
		}
	}
}
