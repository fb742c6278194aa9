// Package ledger is the bank's book: accounts (the bank and each player),
// their cash in whole dollars and their shares of each company, and every
// movement between them as an entry with a reason. Entries post atomically:
// a post that would break an invariant changes nothing.
//
// Invariants, checked on every post:
//   - every company has exactly Certificates shares in total (bank + players);
//   - cash is conserved: all balances add up to zero, so the bank's balance is
//     the negative of everything it has paid out (the bank may issue money);
//   - no player's cash and no account's shares go below zero.
//
// The package is pure: no I/O, no clock. A Book encodes to JSON
// deterministically, so a game's state can carry it.
package ledger

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Account is the bank or a player: players are numbered from 0 like seats.
type Account int

// Bank is the bank's account; it may hold negative cash (money it issued).
const Bank Account = -1

// Cash is the asset name of money; every other asset is a company's ID.
const Cash = "cash"

// Transfer moves Amount of Asset from one account to another.
type Transfer struct {
	From   Account `json:"from"`
	To     Account `json:"to"`
	Asset  string  `json:"asset"`
	Amount int     `json:"amount"`
}

// Entry is one atomic posting: its transfers all happened, or none did.
type Entry struct {
	Seq       int        `json:"seq"` // from 1, in posting order
	Reason    string     `json:"reason"`
	Transfers []Transfer `json:"transfers"`
}

// Refusal is a post the book will not accept, naming the invariant or rule.
type Refusal struct {
	Rule    string
	Message string
}

func (e *Refusal) Error() string { return e.Message }

func refuse(rule, format string, args ...any) error {
	return &Refusal{Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// Book holds every account's balances and every entry.
type Book struct {
	Names        []string `json:"names"`        // account names for statements: index 0 is the bank, then players
	Companies    []string `json:"companies"`    // company IDs, the assets besides cash
	Certificates int      `json:"certificates"` // shares of each company that exist
	Cash         []int    `json:"cash"`         // by account index: 0 = bank, i+1 = player i
	Shares       [][]int  `json:"shares"`       // [account index][company index]
	Entries      []Entry  `json:"entries"`

	// scratch holds a trial copy of the balances while a post is checked.
	scratchCash   []int
	scratchShares [][]int
}

// New opens a book for players (their names, in seat order) and companies
// (their IDs): the bank holds every certificate and nobody has any cash yet.
func New(players []string, companies []string, certificates int) *Book {
	b := &Book{
		Names:        append([]string{"Bank"}, players...),
		Companies:    append([]string(nil), companies...),
		Certificates: certificates,
		Cash:         make([]int, len(players)+1),
		Shares:       make([][]int, len(players)+1),
		Entries:      []Entry{},
	}
	for i := range b.Shares {
		b.Shares[i] = make([]int, len(companies))
	}
	for c := range companies {
		b.Shares[0][c] = certificates
	}
	return b
}

// Clone copies the book for trying decisions out: the copy's balances are
// its own, and its entries, a history only ever appended to, are shared but
// clipped, so an entry the copy posts goes to an array of its own. (Copying
// every entry made each decision late in a game cost the whole history.)
// The scratch balances are not copied: the copy's first post makes its own.
func (b *Book) Clone() *Book {
	if b == nil {
		return nil
	}
	c := *b
	c.Names = slices.Clone(b.Names)
	c.Companies = slices.Clone(b.Companies)
	c.Cash = slices.Clone(b.Cash)
	if b.Shares != nil {
		c.Shares = make([][]int, len(b.Shares))
		for i, row := range b.Shares {
			c.Shares[i] = slices.Clone(row)
		}
	}
	c.Entries = slices.Clip(b.Entries)
	c.scratchCash, c.scratchShares = nil, nil
	return &c
}

// Players is how many player accounts the book has.
func (b *Book) Players() int { return len(b.Cash) - 1 }

// company finds a company's index, or -1.
func (b *Book) company(id string) int {
	for i, c := range b.Companies {
		if c == id {
			return i
		}
	}
	return -1
}

func (b *Book) valid(a Account) bool { return a >= Bank && int(a) < b.Players() }

// Balance is an account's cash.
func (b *Book) Balance(a Account) int {
	if !b.valid(a) {
		return 0
	}
	return b.Cash[a+1]
}

// Held is how many shares of company an account holds.
func (b *Book) Held(a Account, company string) int {
	c := b.company(company)
	if c < 0 || !b.valid(a) {
		return 0
	}
	return b.Shares[a+1][c]
}

// Name is an account's name for people.
func (b *Book) Name(a Account) string {
	if !b.valid(a) {
		return fmt.Sprintf("account %d", a)
	}
	return b.Names[a+1]
}

// Check reports whether the transfers could be posted now, without posting.
func (b *Book) Check(reason string, ts ...Transfer) error {
	cash := append([]int(nil), b.Cash...)
	shares := make([][]int, len(b.Shares))
	for i := range b.Shares {
		shares[i] = append([]int(nil), b.Shares[i]...)
	}
	return b.trial(reason, ts, cash, shares)
}

// Post records the transfers as one entry, or refuses and changes nothing.
func (b *Book) Post(reason string, ts ...Transfer) error {
	if len(b.scratchCash) != len(b.Cash) {
		b.scratchCash = make([]int, len(b.Cash))
		b.scratchShares = make([][]int, len(b.Shares))
		for i := range b.scratchShares {
			b.scratchShares[i] = make([]int, len(b.Companies))
		}
	}
	copy(b.scratchCash, b.Cash)
	for i := range b.Shares {
		copy(b.scratchShares[i], b.Shares[i])
	}
	if err := b.trial(reason, ts, b.scratchCash, b.scratchShares); err != nil {
		return err
	}
	// The trial passed: the scratch balances become the book's.
	b.Cash, b.scratchCash = b.scratchCash, b.Cash
	b.Shares, b.scratchShares = b.scratchShares, b.Shares
	b.Entries = append(b.Entries, Entry{Seq: len(b.Entries) + 1, Reason: reason, Transfers: append([]Transfer(nil), ts...)})
	return nil
}

// MustPost posts transfers that were checked before (an event being applied);
// a refusal then is a programming error.
func (b *Book) MustPost(reason string, ts ...Transfer) {
	if err := b.Post(reason, ts...); err != nil {
		panic(fmt.Sprintf("ledger: post %q: %v", reason, err))
	}
}

// trial applies ts to the given balances and checks every invariant.
func (b *Book) trial(reason string, ts []Transfer, cash []int, shares [][]int) error {
	if strings.TrimSpace(reason) == "" {
		return refuse("reason-required", "Every entry needs a reason.")
	}
	if len(ts) == 0 {
		return refuse("empty-entry", "An entry must move something.")
	}
	for _, t := range ts {
		if !b.valid(t.From) || !b.valid(t.To) {
			return refuse("no-such-account", "There is no account %d or %d.", t.From, t.To)
		}
		if t.From == t.To {
			return refuse("same-account", "%s cannot pay %s to itself.", b.Name(t.From), t.Asset)
		}
		if t.Amount <= 0 {
			return refuse("positive-amount", "Amounts must be positive whole numbers, not %d.", t.Amount)
		}
		if t.Asset == Cash {
			cash[t.From+1] -= t.Amount
			cash[t.To+1] += t.Amount
			continue
		}
		c := b.company(t.Asset)
		if c < 0 {
			return refuse("no-such-asset", "There is no company %q.", t.Asset)
		}
		shares[t.From+1][c] -= t.Amount
		shares[t.To+1][c] += t.Amount
	}
	return b.invariants(cash, shares)
}

func (b *Book) invariants(cash []int, shares [][]int) error {
	total := 0
	for i, v := range cash {
		total += v
		if i > 0 && v < 0 {
			return refuse("no-negative-cash", "%s cannot pay: that would leave %s in cash.", b.Names[i], Dollars(v))
		}
	}
	if total != 0 {
		return refuse("cash-conserved", "Cash must be conserved; the accounts would sum to %s.", Dollars(total))
	}
	for c, id := range b.Companies {
		sum := 0
		for i := range shares {
			n := shares[i][c]
			if n < 0 {
				if i == 0 {
					return refuse("bank-certificates", "The bank has no more %s shares to give.", id)
				}
				return refuse("no-negative-shares", "%s does not hold that many %s shares.", b.Names[i], id)
			}
			sum += n
		}
		if sum != b.Certificates {
			return refuse("certificates-conserved", "%s must have %d certificates in all, not %d.", id, b.Certificates, sum)
		}
	}
	return nil
}

// Verify checks every invariant of the book as it stands (for tests and for
// replays that want to be sure).
func (b *Book) Verify() error { return b.invariants(b.Cash, b.Shares) }

// Dollars formats whole dollars the way the table says them: $12,300,
// -$50. It lives here, the lowest package that shows money, so that the
// book's refusals and everything above it (engine.Dollars) print alike.
func Dollars(d int) string {
	if d < 0 {
		return "-$" + Grouped(-d)
	}
	return "$" + Grouped(d)
}

// Grouped writes a whole number with thousands separators: 28,600.
func Grouped(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}
