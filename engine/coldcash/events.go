package coldcash

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/ledger"
)

// Events: the facts the log stores. Each money event carries everything
// needed to rebuild its ledger entry, so Evolve never decides anything.
const (
	EvFounded       = "founded"
	EvSized         = "sized"
	EvBought        = "bought"
	EvSold          = "sold"
	EvHidden        = "hidden"
	EvDividends     = "dividends"
	EvMergerStarted = "merger.started"
	EvBonuses       = "merger.bonuses"
	EvDisposed      = "merger.disposed"
	EvClosed        = "merger.closed"
	EvMergerDone    = "merger.done"
	EvTurn          = "turn"
	EvCEO           = "ceo"
	EvDissolved     = "dissolved"
	EvEnded         = "ended"
	EvFinalBonuses  = "final.bonuses"
	EvFinalSale     = "final.sale"
	EvOver          = "over"
)

type foundedEv struct {
	Company string `json:"company"`
	Founder int    `json:"founder"`
	Size    int    `json:"size"`
	Free    bool   `json:"free"` // the bank had a share to give
}

type sizedEv struct {
	Company string `json:"company"`
	Size    int    `json:"size"`
	Was     int    `json:"was"`
}

type tradeEv struct { // bought and sold
	Seat    int    `json:"seat"`
	Company string `json:"company"`
	Count   int    `json:"count"`
	Price   int    `json:"price"`
}

type hiddenEv struct {
	Seat    int    `json:"seat"`
	Company string `json:"company"`
	Hidden  int    `json:"hidden"`
}

// Pay is a dividend to one holder.
type Pay struct {
	Seat   int `json:"seat"`
	Shares int `json:"shares"`
	Amount int `json:"amount"`
}

type dividendsEv struct {
	Company  string `json:"company"`
	Double   bool   `json:"double"`
	Size     int    `json:"size"`
	Price    int    `json:"price"`
	PerShare int    `json:"perShare"`
	Paid     []Pay  `json:"paid"`
}

type mergerEv struct {
	Survivor string   `json:"survivor"`
	Defuncts []string `json:"defuncts"`
	Maker    int      `json:"maker"`
	Hostile  bool     `json:"hostile"`
	NewSize  int      `json:"newSize"`
}

type bonusesEv struct {
	Defunct string           `json:"defunct"`
	Size    int              `json:"size"`
	Price   int              `json:"price"`
	Payouts []acquire.Payout `json:"payouts"`
	Queue   []int            `json:"queue"`
}

type disposedEv struct {
	Disposal
	Defunct   string `json:"defunct"`
	Survivor  string `json:"survivor"`
	SalePrice int    `json:"salePrice"`
	Ratio     int    `json:"ratio"`
}

type companyEv struct {
	Company string `json:"company"`
	Seat    int    `json:"seat,omitempty"`
}

type turnEv struct {
	Seat   int `json:"seat"`
	TurnNo int `json:"turnNo"`
}

type endedEv struct {
	Reason string `json:"reason"`
}

type finalBonusesEv struct {
	Company string           `json:"company"`
	Size    int              `json:"size"`
	Price   int              `json:"price"`
	Payouts []acquire.Payout `json:"payouts"`
}

// transfers builds an event's ledger entry: its reason and its transfers.
// Decide checks them against the book; Evolve posts them.
func (s *State) transfers(e engine.Event) (string, []ledger.Transfer) {
	switch e.Type {
	case EvFounded:
		d := engine.Payload[foundedEv](e)
		if !d.Free {
			return "", nil
		}
		return fmt.Sprintf("founder's free share, %s founded by %s", s.coName(d.Company), s.name(d.Founder)),
			[]ledger.Transfer{{From: ledger.Bank, To: ledger.Account(d.Founder), Asset: d.Company, Amount: 1}}
	case EvBought:
		d := engine.Payload[tradeEv](e)
		return fmt.Sprintf("bought %d %s at %s", d.Count, s.coName(d.Company), engine.Dollars(d.Price)), []ledger.Transfer{
			{From: ledger.Account(d.Seat), To: ledger.Bank, Asset: ledger.Cash, Amount: d.Count * d.Price},
			{From: ledger.Bank, To: ledger.Account(d.Seat), Asset: d.Company, Amount: d.Count}}
	case EvSold, EvFinalSale:
		d := engine.Payload[tradeEv](e)
		why := "sold"
		if e.Type == EvFinalSale {
			why = "final sale:"
		}
		ts := []ledger.Transfer{{From: ledger.Account(d.Seat), To: ledger.Bank, Asset: d.Company, Amount: d.Count}}
		if d.Count*d.Price > 0 {
			ts = append(ts, ledger.Transfer{From: ledger.Bank, To: ledger.Account(d.Seat), Asset: ledger.Cash, Amount: d.Count * d.Price})
		}
		return fmt.Sprintf("%s %d %s at %s", why, d.Count, s.coName(d.Company), engine.Dollars(d.Price)), ts
	case EvDividends:
		d := engine.Payload[dividendsEv](e)
		var ts []ledger.Transfer
		for _, p := range d.Paid {
			ts = append(ts, ledger.Transfer{From: ledger.Bank, To: ledger.Account(p.Seat), Asset: ledger.Cash, Amount: p.Amount})
		}
		kind := "dividend"
		if d.Double {
			kind = "double dividend (downsize)"
		}
		return fmt.Sprintf("%s, %s: %s a visible share", kind, s.coName(d.Company), engine.Dollars(d.PerShare)), ts
	case EvDisposed:
		d := engine.Payload[disposedEv](e)
		var ts []ledger.Transfer
		a := ledger.Account(d.Seat)
		if d.Sell > 0 {
			ts = append(ts, ledger.Transfer{From: a, To: ledger.Bank, Asset: d.Defunct, Amount: d.Sell})
			if d.SalePrice > 0 {
				ts = append(ts, ledger.Transfer{From: ledger.Bank, To: a, Asset: ledger.Cash, Amount: d.Sell * d.SalePrice})
			}
		}
		if d.Trade > 0 {
			ts = append(ts, ledger.Transfer{From: a, To: ledger.Bank, Asset: d.Defunct, Amount: d.Trade},
				ledger.Transfer{From: ledger.Bank, To: a, Asset: d.Survivor, Amount: d.Trade / d.Ratio})
		}
		return fmt.Sprintf("%s shares disposed (%s absorbed by %s): sold %d at %s, traded %d for %d %s, kept %d",
			s.coName(d.Defunct), s.coName(d.Defunct), s.coName(d.Survivor), d.Sell, engine.Dollars(d.SalePrice),
			d.Trade, d.Trade/max(d.Ratio, 1), s.coName(d.Survivor), d.Keep), ts
	}
	return "", nil
}

// payoutTransfers are bonus payments as separate entries, one per holder, so
// each statement line names its own bonus.
func payoutTransfers(ps []acquire.Payout) [][]ledger.Transfer {
	out := make([][]ledger.Transfer, len(ps))
	for i, p := range ps {
		out[i] = []ledger.Transfer{{From: ledger.Bank, To: ledger.Account(p.Holder), Asset: ledger.Cash, Amount: p.Amount}}
	}
	return out
}
