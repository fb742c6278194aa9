package readmodel

import (
	"context"
	"errors"
	"fmt"
	"math"

	"tableside/engine"
	"tableside/printables"
	"tableside/tracker"
)

// Luck is a game's dice, measured, in words for people: the end
// screen's and the score log's "Luck" section (partials/luck.html).
// docs/luck.md defines the numbers.
type Luck struct {
	Players    []LuckRow // the luckiest first
	Luckiest   string    // "Ana's attack on Peru: Ana took it with 6 armies left, a 1-in-40 result"
	Unluckiest string
	// Fair is the goodness-of-fit of every six-sided face the app's dice
	// rolled in the game, against fair dice: "these 1,204 faces are as
	// fair as dice get: p = 0.41" ("" when the table rolled its own dice).
	Fair string
	// GameID links the faces to the game's dice page.
	GameID int64
	// Evening is the same test over every face of the evening's games
	// (luck_evening.go), "" when no other game of the evening rolled.
	Evening *EveningFair
	// Line is the luck in one line, as the league shows a play: "Luckiest
	// Ana (+2.3 armies), unluckiest Ben (-2.3 armies), over 4 battles".
	Line string
}

type LuckRow struct {
	Name string
	// Index is the luck index ("+2.3"), Unit what it counts ("armies").
	Index string
	Unit  string
	// Why is the index's arithmetic: "lost 12, 14.3 expected".
	Why string
	// Percentile is the mean percentile of the player's battles, "62 in
	// 100" ("" when none could be placed).
	Percentile string
	Battles    string // "3 battles"
	Count      int    // battles fought
	Kind       string // "lucky", "unlucky" or "" (even), for the sign's style
	None       bool   // the player fought no battle with dice
}

// newLuck words a game's luck; nil when no battle was fought with
// recorded dice (nothing to say).
func newLuck(l engine.Luck) *Luck {
	if len(l.Battles) == 0 {
		return nil
	}
	v := &Luck{}
	for _, p := range l.ByLuck() {
		r := LuckRow{Name: p.Name, Unit: l.Unit}
		if p.Throws == 0 {
			r.None = true
			v.Players = append(v.Players, r)
			continue
		}
		r.Index = engine.SignedTenths(p.Index)
		switch {
		case r.Index[0] == '+':
			r.Kind = "lucky"
		case r.Index[0] == '-':
			r.Kind = "unlucky"
		}
		r.Why = fmt.Sprintf("lost %d, %.1f expected", p.Lost, p.Expected)
		if p.Placed > 0 {
			r.Percentile = fmt.Sprintf("%d in 100", int(math.Round(p.MeanPercentile)))
		}
		r.Battles = fmt.Sprintf("%d %s", p.Battles, engine.Plural(p.Battles, "battle", "battles"))
		r.Count = p.Battles
		v.Players = append(v.Players, r)
	}
	if i := l.Luckiest; i >= 0 {
		v.Luckiest = l.Battles[i].Words(l.Unit)
	}
	if i := l.Unluckiest; i >= 0 {
		v.Unluckiest = l.Battles[i].Words(l.Unit)
	}
	v.Line = luckLine(l)
	return v
}

// luckLine names the luckiest and unluckiest seat by their luck index.
func luckLine(l engine.Luck) string {
	by := l.ByLuck()
	if len(by) < 2 {
		return ""
	}
	first, last := by[0], by[len(by)-1]
	return fmt.Sprintf("Luckiest %s (%s %s), unluckiest %s (%s %s), over %d battles",
		first.Name, engine.SignedTenths(first.Index), l.Unit, last.Name, engine.SignedTenths(last.Index), l.Unit, len(l.Battles))
}

// measureLuck measures a game's luck from its log as read, nil for a game
// whose engine has none to tell or that fought no battle with dice.
func measureLuck(rules engine.Rules, info tracker.GameInfo, recs []tracker.Record) (*Luck, error) {
	lt, ok := rules.(engine.LuckTeller)
	if !ok {
		return nil, nil
	}
	evs, err := tracker.LiveOf(recs)
	if err != nil {
		return nil, fmt.Errorf("luck of game %d: %w", info.ID, err)
	}
	l, err := lt.Luck(info.Setup, evs)
	if err != nil {
		return nil, fmt.Errorf("luck of game %d: %w", info.ID, err)
	}
	v := newLuck(l)
	if v != nil {
		v.Fair = fairWords(recs)
		v.GameID = info.ID
	}
	return v, nil
}

// GameLuck is a game's luck with its evening's dice, nil for a game whose
// engine has none to tell or that fought no battle with dice.
func (r *Reader) GameLuck(ctx context.Context, info tracker.GameInfo) (*Luck, error) {
	e, err := r.read(ctx, info.ID, partLuck)
	if err != nil {
		return nil, err
	}
	if e.luckErr != nil {
		return nil, e.luckErr
	}
	return r.withEvening(ctx, e.luck), nil
}

// FinishedLuck is GameLuck for a game that is over; nil while it is played
// (the end screen shows it). A failure is logged, never shown: luck must
// not cost the table its winner screen.
func (r *Reader) FinishedLuck(ctx context.Context, info tracker.GameInfo) *Luck {
	if info.Status != tracker.StatusFinished {
		return nil
	}
	v, err := r.GameLuck(ctx, info)
	if err != nil {
		r.log.Warn("luck", "game", info.ID, "err", err)
		return nil
	}
	return v
}

// PlayLuck is the luck of the Tableside game a play was recorded from; nil
// for a play typed by hand or whose game is gone.
func (r *Reader) PlayLuck(ctx context.Context, gameID int64) *Luck {
	if gameID == 0 {
		return nil
	}
	info, err := r.t.Info(ctx, gameID)
	var v *Luck
	if err == nil {
		v, err = r.GameLuck(ctx, info)
	}
	if err != nil {
		if !errors.Is(err, tracker.ErrNoGame) {
			r.log.Warn("luck", "game", gameID, "err", err)
		}
		return nil
	}
	return v
}

// LeagueFacts is what the league is told of a Tableside game a play was
// recorded from: its kind and its luck line (league/table.GameFacts).
// A failure leaves them out and is logged: the play goes all the same.
func (r *Reader) LeagueFacts(ctx context.Context, gameID int64) (kind, luck string) {
	info, err := r.t.Info(ctx, gameID)
	if err != nil {
		if !errors.Is(err, tracker.ErrNoGame) {
			r.log.Warn("league: game facts", "game", gameID, "err", err)
		}
		return "", ""
	}
	e, err := r.read(ctx, gameID, partLuck)
	if err == nil {
		err = e.luckErr
	}
	if err != nil {
		r.log.Warn("league: luck", "game", gameID, "err", err)
		return info.Kind, ""
	}
	if e.luck == nil {
		return info.Kind, ""
	}
	return info.Kind, e.luck.Line
}

// Record is the luck as the printed game record tells it: each player's
// row, and the luckiest and unluckiest battle among the evening's moments.
func (v *Luck) Record() (rows []printables.RecordLuck, moments []string) {
	if v == nil {
		return nil, nil
	}
	for _, p := range v.Players {
		if p.None {
			rows = append(rows, printables.RecordLuck{Name: p.Name, Index: "no battles with dice"})
			continue
		}
		mean := "–"
		if p.Percentile != "" {
			mean = "better than " + p.Percentile
		}
		rows = append(rows, printables.RecordLuck{Name: p.Name, Index: p.Index + " " + p.Unit, Battles: p.Count, Mean: mean})
	}
	if v.Luckiest != "" {
		moments = append(moments, "Luckiest battle: "+v.Luckiest+".")
	}
	if v.Unluckiest != "" {
		moments = append(moments, "Unluckiest battle: "+v.Unluckiest+".")
	}
	return rows, moments
}

// fairWords tests every six-sided face the app's dice rolled in a game
// (undone commands too, each seed's faces once: tracker.Sixes) against
// fair dice; "" when none was rolled.
func fairWords(recs []tracker.Record) string {
	faces := tracker.Sixes(recs)
	if len(faces) == 0 {
		return ""
	}
	return engine.FairDice(faces).Words()
}
