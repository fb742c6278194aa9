package coldcash

import (
	"encoding/json"
	"tableside/engine"
)

// Offers are the bank-mode trades and earnings a viewer may make now, as
// the bank screen draws them: read from the viewer's move sheet (Moves),
// so a screen shows only buttons that can succeed and never retypes a
// limit. Board mode draws its sheet on the board's panel instead.
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

// offers reads the bank screen's offers from sheet, a bank-mode viewer's
// moves; board mode gets none here.
func (s *State) offers(sheet engine.Sheet) Offers {
	var o Offers
	if s.Table != nil {
		return o
	}
	buy := map[string]int{}
	for _, m := range sheet.Moves {
		a, err := decodeData(m.Type, moveData(m)) // read as Decide reads it
		if err != nil {
			continue
		}
		switch d := a.(type) {
		case *tradeCmd:
			c := s.company(string(d.Company))
			switch {
			case c == nil:
			case m.Type == CmdBuy:
				i, ok := buy[c.ID]
				if !ok {
					i = len(o.Buy)
					buy[c.ID] = i
					o.Buy = append(o.Buy, BuyOffer{Company: c.ID, Letter: c.Letter, Name: c.Name, Price: s.Price(c.ID), Left: s.Held(-1, c.ID)})
				}
				o.Buy[i].Counts = append(o.Buy[i].Counts, d.Count.or(0))
			case len(m.Fields) == 1:
				o.Sell = append(o.Sell, SellOffer{Company: c.ID, Letter: c.Letter, Name: c.Name, Price: s.Price(c.ID), Max: m.Fields[0].Max})
			}
		case *dividendsCmd:
			if c := s.company(string(d.Company)); c != nil && !d.Double {
				o.Dividends = append(o.Dividends, DividendOffer{Company: c.ID, Letter: c.Letter, Name: c.Name, PerShare: s.companyView(c.ID).Dividend})
			}
		}
	}
	return o
}

// OffersFor is the bank screen's offers for seat (engine.Host: the host's,
// who trades for the player on turn and pays any company's earnings).
func (s *State) OffersFor(seat int) Offers {
	if s.Table != nil {
		return Offers{} // board mode's panel reads the sheet itself
	}
	return s.offers(s.Moves(engine.Viewer{Seat: seat}))
}

// moveData is the data a move's command carries as the screen first offers
// it: the move's data with each typed field at its starting value (a sell's
// count).
func moveData(m engine.Move) json.RawMessage {
	if len(m.Fields) == 0 {
		return m.Data
	}
	d := map[string]any{}
	_ = json.Unmarshal(m.Data, &d) // the engine made it: a JSON object
	for _, f := range m.Fields {
		d[f.Name] = f.Value
	}
	return mustJSON(d)
}
