package web

import "tableside/engine/coldcash"

// coupMoment is a stockholders' meeting as every screen tells it: who
// called it, whom it nominates against which CEO, each stockholder's open
// vote as it comes in (their visible shares, for or against), the count so
// far and, once tallied, the result. Cold Cash Risk's board mode is the
// only game with a vote; the TV draws it large in the moment's area, the
// host beside the map, a phone as one line under its move sheet
// (partials/moments.html).
type coupMoment struct {
	Company                    coldcash.CompanyView
	Caller, Nominee, Incumbent string
	Accepted                   bool // the nominee accepted: the vote is on
	Votes                      []coupVote
	For, Against               int
	Done, Elected              bool
}

// coupVote is one stockholder's ballot, or a wait for it.
type coupVote struct {
	Name    string
	Shares  int
	For     bool
	Waiting bool
}

// coupOf is the meeting under way in a view or, once tallied, the newest
// one while the engine says it is the news (coldcash's coupShown), or nil.
func coupOf(view any) *coupMoment {
	v, ok := view.(coldcash.View)
	if !ok {
		return nil
	}
	if m := v.Meeting; m != nil {
		c := newCoup(v, *m)
		for _, seat := range m.Voters {
			if _, voted := m.Votes[seat]; !voted {
				c.Votes = append(c.Votes, coupVote{Name: playerName(v, seat), Shares: visibleShares(v, seat, m.Company), Waiting: true})
			}
		}
		return c
	}
	if k := v.Coup; k != nil {
		c := newCoup(v, k.Meeting)
		c.Done, c.Elected, c.For, c.Against = true, k.Elected, k.For, k.Against
		c.Incumbent = playerName(v, k.Incumbent)
		return c
	}
	return nil
}

// newCoup fills what a meeting under way and a tallied one share: the
// CEO in office (the caller replaces it once tallied), the votes cast, in
// the order of the voters, and their count.
func newCoup(v coldcash.View, m coldcash.Meeting) *coupMoment {
	c := &coupMoment{Caller: playerName(v, m.Caller), Nominee: playerName(v, m.Nominee), Accepted: m.Accepted}
	for _, co := range v.Companies {
		if co.ID == m.Company {
			c.Company = co
			c.Incumbent = playerName(v, co.CEO)
		}
	}
	for _, seat := range m.Voters {
		if b, voted := m.Votes[seat]; voted {
			c.Votes = append(c.Votes, coupVote{Name: playerName(v, seat), Shares: b.Shares, For: b.For})
			if b.For {
				c.For += b.Shares
			} else {
				c.Against += b.Shares
			}
		}
	}
	return c
}

// playerName is a Cold Cash Risk seat's name ("nobody" for none).
func playerName(v coldcash.View, seat int) string {
	for _, p := range v.Players {
		if p.Seat == seat {
			return p.Name
		}
	}
	return "nobody"
}

// visibleShares is how many shares of a company a seat shows: its votes.
func visibleShares(v coldcash.View, seat int, company string) int {
	for _, p := range v.Players {
		if p.Seat == seat {
			for _, h := range p.Holdings {
				if h.Company == company {
					return h.Visible
				}
			}
		}
	}
	return 0
}
