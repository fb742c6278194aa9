package ledger

// Line is one entry as it touched one account: what moved in or out and the
// balances after it.
type Line struct {
	Seq        int            `json:"seq"`
	Reason     string         `json:"reason"`
	Cash       int            `json:"cash"`             // change in cash (negative: paid)
	Shares     map[string]int `json:"shares,omitempty"` // change in shares by company
	CashAfter  int            `json:"cashAfter"`
	SharesHeld map[string]int `json:"sharesHeld"` // every company's holding after the entry (zeros left out)
}

// Statement lists every entry that touched the account, oldest first, with
// running balances.
func (b *Book) Statement(a Account) []Line {
	if !b.valid(a) {
		return nil
	}
	cash := 0
	held := make([]int, len(b.Companies))
	var out []Line
	for _, e := range b.Entries {
		var l Line
		touched := false
		for _, t := range e.Transfers {
			sign := 0
			switch a {
			case t.To:
				sign = 1
			case t.From:
				sign = -1
			default:
				continue
			}
			touched = true
			if t.Asset == Cash {
				l.Cash += sign * t.Amount
				continue
			}
			if l.Shares == nil {
				l.Shares = map[string]int{}
			}
			l.Shares[t.Asset] += sign * t.Amount
			held[b.company(t.Asset)] += sign * t.Amount
		}
		if !touched {
			continue
		}
		cash += l.Cash
		l.Seq, l.Reason, l.CashAfter = e.Seq, e.Reason, cash
		l.SharesHeld = map[string]int{}
		for c, n := range held {
			if n != 0 {
				l.SharesHeld[b.Companies[c]] = n
			}
		}
		out = append(out, l)
	}
	return out
}

// Prices lists prices in the book's company order from a map by company ID;
// a company missing from the map is worth nothing (inactive).
func (b *Book) Prices(byID map[string]int) []int {
	p := make([]int, len(b.Companies))
	for i, id := range b.Companies {
		p[i] = byID[id]
	}
	return p
}

// NetWorth is a player's cash plus their shares at the given prices (in the
// book's company order, see Prices).
func (b *Book) NetWorth(a Account, prices []int) int {
	if !b.valid(a) {
		return 0
	}
	w := b.Cash[a+1]
	for c, n := range b.Shares[a+1] {
		if c < len(prices) {
			w += n * prices[c]
		}
	}
	return w
}

// NetWorths is every player's net worth, in seat order, into dst (reused
// when it is long enough).
func (b *Book) NetWorths(prices []int, dst []int) []int {
	n := b.Players()
	if cap(dst) < n {
		dst = make([]int, n)
	}
	dst = dst[:n]
	for p := range n {
		dst[p] = b.NetWorth(Account(p), prices)
	}
	return dst
}
