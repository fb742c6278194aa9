package oddspages

import (
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
	// Plan is the chance to plan for (empty: no plan). The page plans for
	// 80% when the question does not say; the API only when asked.
	Plan string
}

// oddsData is what the odds page shows: the form as typed, and the answer
// or the reason there is none.
type oddsData struct {
	Form   oddsForm
	Answer *oddsAnswer // never nil: an empty answer keeps the page's parts for the script to fill
	Shown  bool        // Answer holds a real answer
	Error  string
	More   bool // open "more" when any of its fields is set
	// Plan is the planner's answer (never nil: an empty one keeps the
	// page's parts); PlanShown says it is real, PlanError why there is none.
	Plan      *planView
	PlanShown bool
	PlanError string
}

// oddsAnswer is the engine's answer plus what screens need to show it: the
// numbers already formatted (so the page and its script print the same
// digits) and the chart's bars.
type oddsAnswer struct {
	*risk.Odds
	Text  oddsText  `json:"text"`
	Chart oddsChart `json:"chart"`
	// Plan is the planner's answer when a chance was asked for; PlanError
	// says why there is none while the odds above still stand.
	Plan      *planView `json:"plan,omitempty"`
	PlanError string    `json:"planError,omitempty"`
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
		Leave: c.QueryParam("leave"), Dice: c.QueryParam("dd"), Plan: c.QueryParam("plan")}
	switch c.QueryParam("mompop") {
	case "", "0", "false", "off":
	default:
		f.MomPop = true
	}
	return f
}

func (f oddsForm) asked() bool { return f.A != "" || f.D != "" || f.MomPop }

// answer asks the engine; the form's fields go through the same parser as
// the command line. With a chance to plan for, the attacking armies may be
// left out: the answer is then the plan alone.
func (f oddsForm) answer() (*oddsAnswer, error) {
	in := risk.QueryText{Attackers: f.A, Defender: f.D, Chain: f.Chain, Stop: f.Stop, Leave: f.Leave, DefenderDice: f.Dice, MomPop: f.MomPop}
	if f.MomPop {
		in.Defender = "" // the box replaces the number: a Mom & Pop's defenders are rolled
	}
	planning := strings.TrimSpace(f.Plan) != ""
	if planning && strings.TrimSpace(f.A) == "" {
		return planAlone(in, f.Plan)
	}
	q, err := risk.ParseQuery(in)
	if err != nil {
		return nil, err
	}
	var chance float64
	if planning {
		if chance, err = risk.ParseChance(f.Plan); err != nil {
			return nil, err
		}
	}
	if err := withinWebBudget(q); err != nil {
		return nil, err
	}
	o, err := risk.Compute(q)
	if err != nil {
		return nil, err
	}
	a := &oddsAnswer{Odds: o, Text: oddsWords(o), Chart: chartOf(o)}
	if planning {
		// A plan beyond the page's bounds leaves the odds standing.
		if a.Plan, err = planOf(q, chance); err != nil {
			if !engine.IsRefusal(err) {
				return nil, err
			}
			a.PlanError = err.Error()
		}
	}
	return a, nil
}

// The odds page and /api/odds answer anyone on the Wi-Fi, so one question
// is bounded to a few milliseconds of work (BenchmarkOddsAPIWorstAccepted
// measures the worst one accepted); the command line goes up to the
// engine's own limits.
const (
	webOddsMaxArmies = 1_000     // armies on either side of any battle
	webOddsMaxWork   = 1_000_000 // attackers x defenders, summed over a chain
)

// withinWebBudget refuses a question bigger than the web's bounds, naming
// the bound.
func withinWebBudget(q risk.Query) error {
	if q.Attackers > webOddsMaxArmies {
		return engine.Refuse("too-many-armies", "%d attacking is more than this page works out: it answers up to %d armies a side (tableside odds on the laptop goes further).", q.Attackers, webOddsMaxArmies)
	}
	for i, d := range q.Defenders {
		if d.Max() > webOddsMaxArmies {
			return engine.Refuse("too-many-armies", "%d defending (territory %d) is more than this page works out: it answers up to %d armies a side (tableside odds on the laptop goes further).", d.Max(), i+1, webOddsMaxArmies)
		}
	}
	if w := q.Work(); w > webOddsMaxWork {
		return engine.Refuse("too-big", "This chain is too big for this page to work out at once: %d attacking times the defenders of every territory is %d, and the page answers up to %d (tableside odds on the laptop goes further).", q.Attackers, w, webOddsMaxWork)
	}
	return nil
}

// odds is the odds page: a form that answers without JavaScript, and with it
// answers as the player types (through oddsAPI).
func (s *Pages) odds(c echo.Context) error {
	f := readOddsForm(c)
	if _, said := c.QueryParams()["plan"]; !said {
		f.Plan = defaultPlan
	}
	d := oddsData{Form: f, More: f.Chain != "" || f.Stop != "" || f.Leave != "" || f.Dice != "", Answer: &oddsAnswer{Odds: &risk.Odds{}}, Plan: &planView{}}
	code := http.StatusOK
	if f.asked() {
		a, err := f.answer()
		if err != nil {
			if !engine.IsRefusal(err) {
				return err
			}
			code, d.Error = http.StatusBadRequest, err.Error()
		} else {
			d.Answer, d.Shown, d.PlanError = a, a.Odds != nil, a.PlanError
			if a.Odds == nil {
				a.Odds = &risk.Odds{}
			}
			if a.Plan != nil {
				d.Plan, d.PlanShown = a.Plan, true
			}
		}
	}
	return s.render(c, code, "odds", page{Title: "Battle odds", Data: d})
}
