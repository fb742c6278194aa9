package oddspages

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/engine/acquire"
)

// calcPage is the bank calculator: a share's price, and a merger's bonuses.
// Everything is computed here, so the page works without JavaScript.
type calcPage struct {
	Tier, Size             string
	Price, Dividend        int
	Band, Tiers            []string
	PriceIn, Holdings      string
	Halved                 bool
	Payouts                []calcPayout
	PriceError, BonusError string
	HasPrice, HasBonus     bool
	ChartRows              []acquire.Band
}

type calcPayout struct {
	Holder, Shares, Amount int
	Why                    string
}

// calc answers GET /calc?tier=&size= and /calc?price=&holdings=&halved=.
func (s *Pages) calc(c echo.Context) error {
	p := calcPage{Tier: c.QueryParam("tier"), Size: c.QueryParam("size"), PriceIn: c.QueryParam("price"),
		Holdings: c.QueryParam("holdings"), Halved: c.QueryParam("halved") != "",
		Tiers: []string{"cheap", "medium", "expensive"}, ChartRows: acquire.Bands()}
	code := http.StatusOK
	if p.Tier != "" || p.Size != "" {
		if err := p.price(); err != nil {
			p.PriceError, code = err.Error(), http.StatusBadRequest
		}
	}
	if p.PriceIn != "" || p.Holdings != "" {
		if err := p.bonus(); err != nil {
			p.BonusError, code = err.Error(), http.StatusBadRequest
		}
	}
	return s.render(c, code, "calc", page{Title: "Bank calculator", Data: p})
}

func (p *calcPage) price() error {
	tier, err := acquire.ParseTier(p.Tier)
	if err != nil {
		return err
	}
	size, err := acquire.ParseSize(p.Size)
	if err != nil {
		return err
	}
	p.Price, _ = acquire.Price(tier, size)
	p.Dividend = acquire.Dividend(p.Price)
	p.Band = []string{acquire.SizeBand(size), tier.String()}
	p.HasPrice = true
	return nil
}

func (p *calcPage) bonus() error {
	price, err := acquire.ParsePrice(p.PriceIn)
	if err != nil {
		return err
	}
	hs, err := acquire.ParseHoldings(p.Holdings)
	if err != nil {
		return err
	}
	ps := acquire.BonusesWith(price, hs, acquire.Options{Halved: p.Halved})
	amounts := acquire.InOrder(ps, len(hs))
	why := make([]string, len(hs))
	for _, x := range ps {
		why[x.Holder] = x.Why
	}
	for i, h := range hs {
		if why[i] == "" {
			why[i] = "no bonus: neither the most nor the second most shares"
			if h == 0 {
				why[i] = "holds no shares"
			}
		}
		p.Payouts = append(p.Payouts, calcPayout{Holder: i + 1, Shares: h, Amount: amounts[i], Why: why[i]})
	}
	p.HasBonus = true
	return nil
}
