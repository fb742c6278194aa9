package takeover

import (
	"fmt"

	"tableside/engine"
)

// Holding is one coin's part of a final score, with its arithmetic.
type Holding struct {
	Code    string `json:"code"`
	Label   string `json:"label"`
	Stock   bool   `json:"stock"`
	Worth   int    `json:"worth"` // millions
	Explain string `json:"explain"`
}

// ScoreLine is a player's final worth, coin by coin.
type ScoreLine struct {
	Seat     int       `json:"seat"`
	Name     string    `json:"name"`
	Stocks   int       `json:"stocks"`
	Cash     int       `json:"cash"`
	Total    int       `json:"total"`
	Winner   bool      `json:"winner"`
	Holdings []Holding `json:"holdings"`
}

// Scores values every player's coins: a stock is worth its corporation (top
// tile's value plus one per other tile in its stack), a cash coin its value.
func (s *State) Scores() []ScoreLine {
	tops := map[string]Stack{}
	for _, st := range s.Grid {
		if len(st) > 0 {
			tops[st.Top()] = st
		}
	}
	lines := make([]ScoreLine, len(s.Seats))
	best := 0
	for i, p := range s.Players {
		l := ScoreLine{Seat: i, Name: s.name(i), Holdings: []Holding{}}
		for _, c := range p.Coins {
			h := Holding{Code: c.Code, Label: Label(c.Code), Stock: c.Stock}
			switch st, ok := tops[c.Code]; {
			case !c.Stock:
				h.Worth = Rank(c.Code)
				h.Explain = fmt.Sprintf("cash: face value %d", h.Worth)
				l.Cash += h.Worth
			case ok:
				h.Worth = st.Worth()
				h.Explain = fmt.Sprintf("stock: top tile %d + %d other tile(s) in its stack = %d", Rank(c.Code), len(st)-1, h.Worth)
				l.Stocks += h.Worth
			default:
				h.Explain = "stock: its corporation is no longer on top of any stack = 0"
			}
			l.Holdings = append(l.Holdings, h)
		}
		l.Total = l.Stocks + l.Cash
		if i == 0 || l.Total > best {
			best = l.Total
		}
		lines[i] = l
	}
	for i := range lines {
		lines[i].Winner = lines[i].Total == best
	}
	return lines
}

// Result gives the final scores (in millions) once the game is over.
func (Rules) Result(st engine.State) (engine.Result, bool) {
	s := st.(*State)
	if s.Phase != PhaseOver {
		return engine.Result{}, false
	}
	r := engine.Result{Start: engine.SeatPtr(s.First)}
	for _, l := range s.Scores() {
		r.Scores = append(r.Scores, engine.Score{Seat: l.Seat, Points: l.Total, Winner: l.Winner,
			Breakdown: map[string]int{"stocks": l.Stocks, "cash": l.Cash}})
	}
	return r, true
}
