package web

import (
	"errors"
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/tracker"
)

// dicePage is a game's every roll of the app's dice, checked: anyone at the
// table can see that each seed hashes to the commitment every screen showed
// before its roll, and rolls exactly the faces the game used.
type dicePage struct {
	Info tracker.GameInfo `json:"game"`
	// Next is the commitment to the next roll, shown before it.
	Next string `json:"next"`
	// First is the commitment the game opened with ("" for an older game).
	First string     `json:"first,omitempty"`
	Rolls []diceRow  `json:"rolls"`
	Dice  int        `json:"dice"` // how many dice the rolls threw
	Fair  string     `json:"fair"` // the goodness-of-fit of the six-sided faces, in words
	Test  fairnessJS `json:"fairness"`
	// Evening is the same test over the evening's games (luck_evening.go).
	Evening *eveningFair `json:"evening,omitempty"`
	// Bad names the first roll that does not check out ("" when all do):
	// a log changed behind the table's back.
	Bad string `json:"bad,omitempty"`
}

type fairnessJS = engine.Fairness

// diceRow is one roll: which command, who, and its proof.
type diceRow struct {
	Seq    int64  `json:"seq"`
	What   string `json:"what"`
	Who    string `json:"who"`
	Commit string `json:"commit"`
	Seed   string `json:"seed"`
	Faces  string `json:"faces"` // "6 5 2 · 4 4" style, each die with its sides when not six
	Next   string `json:"next"`
	// Undone: the command was undone; the roll replacing it used the same seed.
	Undone bool `json:"undone,omitempty"`
}

// gameDice shows /games/N/dice. Everything on it is public: a seed is shown
// only after its roll, and rolls are public events in every game that has
// them (shuffles and deals keep private seeds and never appear here).
func (s *Server) gameDice(c echo.Context, id int64) error {
	for k := range c.QueryParams() {
		return badRequest("The dice page takes no %q: it always lists every roll of the game.", k)
	}
	ctx := c.Request().Context()
	info, recs, err := s.tracker.Records(ctx, id)
	if err != nil {
		return err
	}
	next, err := s.tracker.DiceCommitment(ctx, id)
	if err != nil {
		return err
	}
	first, err := s.tracker.FirstDice(ctx, id)
	if err != nil {
		return err
	}
	p := dicePage{Info: info, Next: next, First: first, Rolls: []diceRow{}}
	rolls, verr := tracker.VerifyDice(recs, first)
	var de *tracker.DiceError
	if verr == nil {
		if rules, ok := s.tracker.Rules(info.Kind); ok {
			verr = tracker.VerifyShown(rules, recs)
		}
	}
	if errors.As(verr, &de) {
		p.Bad = de.Error()
	} else if verr != nil {
		return verr
	}
	whats, err := s.rollLabels(info, recs, rolls)
	if err != nil {
		return err
	}
	var sixes []int
	for _, r := range rolls {
		p.Rolls = append(p.Rolls, diceRow{Seq: r.Seq, What: whats[r.Seq], Who: actorName(info, r.Actor),
			Commit: r.Reveal.Commit, Seed: r.Reveal.Seed, Faces: facesWords(r.Reveal.Rolls), Next: r.Reveal.Next, Undone: r.Undone})
		p.Dice += len(r.Reveal.Rolls)
		for _, d := range r.Reveal.Rolls {
			if d.Sides == 6 {
				sixes = append(sixes, d.Face)
			}
		}
	}
	if len(sixes) > 0 {
		p.Test = engine.FairDice(sixes)
		p.Fair = p.Test.Words()
		p.Evening = s.reads.EveningOf(ctx, id)
	}
	return s.render(c, 200, "dice", page{Title: info.Name + " · dice", Data: p})
}

// rollLabels says in the engine's words what each rolling command was, from
// one replay of the log.
func (s *Server) rollLabels(info tracker.GameInfo, recs []tracker.Record, rolls []tracker.CheckedRoll) (map[int64]string, error) {
	out := map[int64]string{}
	if len(rolls) == 0 {
		return out, nil
	}
	rules, ok := s.tracker.Rules(info.Kind)
	if !ok {
		return nil, fmt.Errorf("dice of game %d: no engine for %q", info.ID, info.Kind)
	}
	rolled := map[int64]bool{}
	for _, r := range rolls {
		rolled[r.Seq] = true
	}
	err := tracker.Walk(rules, info.Setup, recs, func(st tracker.Step, _ engine.State) bool {
		if rolled[st.Cmd] && !st.IsRevert() {
			out[st.Cmd] = st.What
		}
		return true
	})
	return out, err
}

// actorName names who sent a command: a seat's player, or the host.
func actorName(info tracker.GameInfo, seat int) string {
	if seat >= 0 && seat < len(info.Setup.Seats) {
		return info.Setup.Seats[seat].Name
	}
	return "the host"
}

// facesWords lists a roll's faces: "6 5 2 4 4"; a die of other than six
// sides says so ("3 of 8").
func facesWords(rolls []tracker.Roll) string {
	parts := make([]string, len(rolls))
	for i, r := range rolls {
		parts[i] = fmt.Sprint(r.Face)
		if r.Sides != 6 {
			parts[i] = fmt.Sprintf("%d of %d", r.Face, r.Sides)
		}
	}
	return strings.Join(parts, " ")
}
