package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/engine/risk"
)

// oddsForm is the odds question as the form (or a fetch) sends it.
type oddsForm struct {
	A, D, Chain, Stop, Leave, Dice string
	MomPop                         bool
}

// oddsData is what the odds page shows: the form as typed, and the answer
// or the reason there is none.
type oddsData struct {
	Form   oddsForm
	Answer *oddsAnswer // never nil: an empty answer keeps the page's parts for the script to fill
	Shown  bool        // Answer holds a real answer
	Error  string
	More   bool // open "more" when any of its fields is set
}

// oddsAnswer is the engine's answer plus what screens need to show it: the
// numbers already formatted (so the page and its script print the same
// digits) and the chart's bars.
type oddsAnswer struct {
	*risk.Odds
	Text  oddsText  `json:"text"`
	Chart oddsChart `json:"chart"`
}

// oddsText is the answer in words, formatted once on the server.
type oddsText struct {
	Win       string   `json:"win"`       // "72.6%"
	IfWin     string   `json:"ifWin"`     // "6.0", empty when winning is impossible
	Losses    string   `json:"losses"`    // "you 5.3 · defender 6.2"
	Kept      string   `json:"kept"`      // "4.7 of your 10"
	Steps     []string `json:"steps"`     // chain: "2 · 3 defending: reached 74.3%, taken 60.1%"
	ByCount   string   `json:"byCount"`   // Mom & Pop: "1: 100.0% · 2: 99.0% ..."
	Title     string   `json:"title"`     // "10 attacking 7 defending"
	Rules     []string `json:"rules"`     // how it was worked out
	StopRule  string   `json:"stopRule"`  // "Stopping once your territory is down to 3."
	MomPopWay string   `json:"momPopWay"` // the Mom & Pop rule, when one defends
}

func readOddsForm(c echo.Context) oddsForm {
	f := oddsForm{A: c.QueryParam("a"), D: c.QueryParam("d"), Chain: c.QueryParam("chain"), Stop: c.QueryParam("stop"),
		Leave: c.QueryParam("leave"), Dice: c.QueryParam("dd")}
	switch c.QueryParam("mompop") {
	case "", "0", "false", "off":
	default:
		f.MomPop = true
	}
	return f
}

func (f oddsForm) asked() bool { return f.A != "" || f.D != "" || f.MomPop }

// answer asks the engine; the form's fields go through the same parser as
// the command line.
func (f oddsForm) answer() (*oddsAnswer, error) {
	in := risk.QueryText{Attackers: f.A, Defender: f.D, Chain: f.Chain, Stop: f.Stop, Leave: f.Leave, DefenderDice: f.Dice, MomPop: f.MomPop}
	if f.MomPop {
		in.Defender = "" // the box replaces the number: a Mom & Pop's defenders are rolled
	}
	q, err := risk.ParseQuery(in)
	if err != nil {
		return nil, err
	}
	o, err := risk.Compute(q)
	if err != nil {
		return nil, err
	}
	return &oddsAnswer{Odds: o, Text: oddsWords(o), Chart: chartOf(o)}, nil
}

// odds is the odds page: a form that answers without JavaScript, and with it
// answers as the player types (through oddsAPI).
func (s *Server) odds(c echo.Context) error {
	f := readOddsForm(c)
	d := oddsData{Form: f, More: f.Chain != "" || f.Stop != "" || f.Leave != "" || f.Dice != "", Answer: &oddsAnswer{Odds: &risk.Odds{}}}
	code := http.StatusOK
	if f.asked() {
		a, err := f.answer()
		if err != nil {
			if !engine.IsRefusal(err) {
				return err
			}
			code, d.Error = http.StatusBadRequest, err.Error()
		} else {
			d.Answer, d.Shown = a, true
		}
	}
	return s.render(c, code, "odds", page{Title: "Battle odds", Data: d})
}

// oddsAPI answers /api/odds with the same query as the page, as JSON; bad
// input is a 400 whose body says why.
func (s *Server) oddsAPI(c echo.Context) error {
	a, err := readOddsForm(c).answer()
	var re *engine.RuleError
	if errors.As(err, &re) {
		return c.JSON(http.StatusBadRequest, map[string]string{"error": re.Message, "rule": re.Rule})
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a)
}

func pctText(p float64) string { return risk.Percent(p) }

func oddsWords(o *risk.Odds) oddsText {
	t := oddsText{Win: pctText(o.Win)}
	if o.Win > 0 {
		t.IfWin = fmt.Sprintf("%.1f", o.ExpectedIfWin)
	}
	t.Losses = fmt.Sprintf("you %.1f · defender %.1f", o.ExpectedAttackerLosses, o.ExpectedDefenderLosses)
	t.Kept = fmt.Sprintf("%.1f of your %d", o.ExpectedLeft, o.Attackers)
	first := o.Defenders[0]
	if first.MomPop {
		t.Title = fmt.Sprintf("%d attacking a Mom & Pop", o.Attackers)
		t.MomPopWay = "A Mom & Pop defends with one die roll of armies (1 to 6), rolled once the attack is announced; at least one round is then fought."
	} else {
		t.Title = fmt.Sprintf("%d attacking %d defending", o.Attackers, first.Armies)
	}
	if len(o.Steps) > 1 {
		t.Title += fmt.Sprintf(", then %d more", len(o.Steps)-1)
		for k, st := range o.Steps {
			t.Steps = append(t.Steps, fmt.Sprintf("Territory %d (%s): reached %s, taken %s", k+1, st.Defender, pctText(st.Reach), pctText(st.Conquer)))
		}
	}
	if bc := o.Steps[0].ByCount; bc != nil {
		parts := make([]string, len(bc))
		for i, p := range bc {
			parts[i] = fmt.Sprintf("%d: %s", i+1, pctText(p))
		}
		t.ByCount = "If its die shows " + strings.Join(parts, " · ")
	}
	if o.Stop > 1 {
		t.StopRule = fmt.Sprintf("Stopping once your territory is down to %d.", o.Stop)
	}
	t.Rules = []string{
		o.Convention,
		fmt.Sprintf("Each roll: the attacker throws up to 3 dice (never more than the armies that may attack), the defender up to %d; highest against highest, then second against second; the defender wins ties.", o.Dice.DefenderMax()),
		"Exact, not simulated: the chance of every possible roll is followed to every way the battle can end.",
	}
	if len(o.Steps) > 1 {
		t.Rules = append(t.Rules, fmt.Sprintf("Chain: after each territory falls, %d stays there and the rest attack the next one.", max(o.Leave, 1)))
	}
	return t
}
