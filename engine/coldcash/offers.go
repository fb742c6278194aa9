package coldcash

import (
	"tableside/engine"
	"tableside/engine/acquire"
)

// Offers are the bank-mode trades a seat may make now, worked out by asking
// the rules themselves (each offer is a command Decide would accept), so a
// screen shows only buttons that can succeed and never retypes a limit.
type Offers struct {
	// Buy lists each company the seat may buy from now, with the counts
	// allowed (the turn's limit, the bank's stock and the seat's cash).
	Buy []BuyOffer `json:"buy,omitempty"`
	// Sell lists each company the seat may sell now, up to Max shares.
	Sell []SellOffer `json:"sell,omitempty"`
	// Dividends lists the companies whose earnings the seat, as CEO (or
	// the host, for any), may pay now, with the amount a share.
	Dividends []DividendOffer `json:"dividends,omitempty"`
}

// BuyOffer is one company's buy buttons.
type BuyOffer struct {
	Company string `json:"company"`
	Letter  string `json:"letter"`
	Name    string `json:"name"`
	Price   int    `json:"price"`
	Left    int    `json:"left"` // the bank's shares
	Counts  []int  `json:"counts"`
}

// SellOffer is one company the seat may sell, at most Max shares.
type SellOffer struct {
	Company string `json:"company"`
	Letter  string `json:"letter"`
	Name    string `json:"name"`
	Price   int    `json:"price"`
	Max     int    `json:"max"`
}

// DividendOffer is one company's earnings payment.
type DividendOffer struct {
	Company  string `json:"company"`
	Letter   string `json:"letter"`
	Name     string `json:"name"`
	PerShare int    `json:"perShare"`
}

// OffersFor works out seat's offers (engine.Host: the host's, who trades
// for the player on turn and pays any company's earnings). Board mode
// trades through its own panel, so it gets none here.
func (s *State) OffersFor(seat int) Offers {
	var o Offers
	if seat == engine.Public || s.Over || s.Merger != nil || s.Table != nil {
		return o
	}
	trader := seat
	if seat < 0 {
		trader = s.Turn
	}
	for _, c := range s.Companies {
		if !c.Active {
			continue
		}
		buy := BuyOffer{Company: c.ID, Letter: c.Letter, Name: c.Name, Price: s.Price(c.ID), Left: s.Held(-1, c.ID)}
		for n := 1; n <= MaxBuy; n++ {
			if _, err := s.Buy(trader, c.ID, n); err == nil {
				buy.Counts = append(buy.Counts, n)
			}
		}
		if len(buy.Counts) > 0 {
			o.Buy = append(o.Buy, buy)
		}
		// The host sees no hidden shares, so offers to sell visible ones only.
		held := s.Held(trader, c.ID)
		if seat < 0 {
			held = s.Visible(trader, c.ID)
		}
		if held > 0 {
			if _, err := s.Sell(trader, c.ID, 1); err == nil {
				o.Sell = append(o.Sell, SellOffer{Company: c.ID, Letter: c.Letter, Name: c.Name, Price: s.Price(c.ID), Max: held})
			}
		}
		if seat < 0 || c.CEO == seat {
			if _, err := s.PayDividends(c.ID, false); err == nil {
				o.Dividends = append(o.Dividends, DividendOffer{Company: c.ID, Letter: c.Letter, Name: c.Name, PerShare: acquire.Dividend(s.Price(c.ID))})
			}
		}
	}
	return o
}
