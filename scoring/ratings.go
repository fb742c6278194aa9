package scoring

import (
	"cmp"
	"slices"
	"strings"

	"tableside/scoring/blocks"
	"tableside/scoring/rating"
)

// Ratings are the players' skill ratings over a set of plays (one game's,
// or every game's), computed afresh from the plays every time: an edited or
// deleted play changes everything after it, and nothing is stored.
type Ratings struct {
	Game  string // "" when every game counts
	Plays int    // the plays rated (a play needs two or more players)
	Rows  []RatedPerson
	// Rated is the rated plays in the order they were rated, for a chart's
	// time axis (Conservative is 0 there). It and each History are
	// blocks.Lists: a league's copies of its ratings share them.
	Rated blocks.List[RatingPoint]
}

// RatedPerson is one person's rating, with its history for the chart.
type RatedPerson struct {
	Rank     int // by the conservative rating; equal ratings share a rank
	PersonID int64
	Name     string
	Colour   string
	Plays    int
	rating.Rating
	History blocks.List[RatingPoint] // after each rated play, oldest first
}

// RatingPoint is a person's rating after one play.
type RatingPoint struct {
	At           int    // the play's place among the rated plays (Ratings.Rated)
	Key          string // the play
	Date         string
	Conservative float64
}

// Rate rates every person over plays (oldest first, as [Store.Plays] gives
// them) with the Weng-Lin model (rating.Default), in the plays' order. game,
// when set, keeps only that game's plays (compared without case).
func Rate(plays []Play, game string) Ratings {
	r := NewRater(game)
	for _, p := range plays {
		r.Add(p)
	}
	return r.Ratings()
}

// Rater rates one play at a time, each later than the ones before: a league
// adds a new play's update on top of what it has rated.
type Rater struct {
	m    rating.Model
	out  Ratings
	byID map[int64]*RatedPerson
}

// NewRater is a rater of game's plays ("": every game's).
func NewRater(game string) *Rater {
	return &Rater{m: rating.Default(), out: Ratings{Game: game}, byID: map[int64]*RatedPerson{}}
}

// Add rates one play, when it is of the rater's game and rateable.
func (r *Rater) Add(p Play) {
	if r.out.Game != "" && !strings.EqualFold(p.Game, r.out.Game) || !rateable(p) {
		return
	}
	before := make([]rating.Rating, len(p.Players))
	ranks := make([]int, len(p.Players))
	for i, pl := range p.Players {
		rp, ok := r.byID[pl.PersonID]
		if !ok {
			rp = &RatedPerson{PersonID: pl.PersonID, Name: pl.Name, Colour: pl.Colour, Rating: r.m.New()}
			r.byID[pl.PersonID] = rp
		}
		rp.Name, rp.Colour = pl.Name, pl.Colour
		before[i], ranks[i] = rp.Rating, pl.Rank
	}
	after, err := r.m.Rate(before, ranks)
	if err != nil {
		return // rateable has ruled this out
	}
	at := r.out.Plays
	r.out.Plays++
	r.out.Rated.Append(RatingPoint{At: at, Key: p.Key, Date: p.Date})
	for i, pl := range p.Players {
		rp := r.byID[pl.PersonID]
		rp.Rating = after[i]
		rp.Plays++
		rp.History.Append(RatingPoint{At: at, Key: p.Key, Date: p.Date, Conservative: after[i].Conservative()})
	}
}

// Clone is a copy that goes on apart from r.
func (r *Rater) Clone() *Rater {
	c := &Rater{m: r.m, out: r.out, byID: make(map[int64]*RatedPerson, len(r.byID))}
	c.out.Rated = r.out.Rated.Clone()
	for id, rp := range r.byID {
		cp := *rp
		cp.History = rp.History.Clone()
		c.byID[id] = &cp
	}
	return c
}

// Ratings is everyone's rating so far, best first. What it returns stays
// as it is while the rater goes on (later plays only append past its ends).
func (r *Rater) Ratings() Ratings {
	out := r.out
	out.Rows = make([]RatedPerson, 0, len(r.byID))
	for _, rp := range r.byID {
		out.Rows = append(out.Rows, *rp)
	}
	slices.SortFunc(out.Rows, func(a, b RatedPerson) int {
		if c := cmp.Compare(b.Conservative(), a.Conservative()); c != 0 {
			return c
		}
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	for i := range out.Rows {
		out.Rows[i].Rank = i + 1
		if i > 0 && out.Rows[i].Conservative() == out.Rows[i-1].Conservative() {
			out.Rows[i].Rank = out.Rows[i-1].Rank
		}
	}
	return out
}

// rateable reports whether a play says who finished where among two or more
// different people.
func rateable(p Play) bool {
	if len(p.Players) < 2 {
		return false
	}
	seen := map[int64]bool{}
	for _, pl := range p.Players {
		if pl.Rank < 1 || seen[pl.PersonID] {
			return false
		}
		seen[pl.PersonID] = true
	}
	return true
}

// HeadToHead is how one person fared against another in the plays they
// shared: "Ana has finished above Ben in 7 of 9".
type HeadToHead struct {
	PersonID     int64 // the other person
	Name, Colour string
	Above, Below int // plays where the person finished above, below the other
	Plays        int // plays they shared (the rest were ties)
}

// HeadToHeads lists how a person fared against everyone they shared a
// play with, the most shared first.
func HeadToHeads(plays []Play, personID int64) []HeadToHead {
	byID := map[int64]*HeadToHead{}
	for _, p := range plays {
		me, ok := p.Has(personID)
		if !ok || me.Rank < 1 {
			continue
		}
		for _, o := range p.Players {
			if o.PersonID == personID || o.Rank < 1 {
				continue
			}
			h, ok := byID[o.PersonID]
			if !ok {
				h = &HeadToHead{PersonID: o.PersonID}
				byID[o.PersonID] = h
			}
			h.Name, h.Colour = o.Name, o.Colour
			h.Plays++
			switch {
			case me.Rank < o.Rank:
				h.Above++
			case me.Rank > o.Rank:
				h.Below++
			}
		}
	}
	out := make([]HeadToHead, 0, len(byID))
	for _, h := range byID {
		out = append(out, *h)
	}
	slices.SortFunc(out, func(a, b HeadToHead) int {
		if c := cmp.Compare(b.Plays, a.Plays); c != 0 {
			return c
		}
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	return out
}
