package risk

import (
	"strings"
	"testing"

	"tableside/engine"
)

func TestParseQueryReadsWhatATableTypes(t *testing.T) {
	q, err := ParseQuery(QueryText{Attackers: " 10 ", Defender: "7", Chain: "3, m,2", Stop: "3", Leave: "2", DefenderDice: "3"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Defender{{Armies: 7}, {Armies: 3}, {MomPop: true}, {Armies: 2}}
	if q.Attackers != 10 || q.Stop != 3 || q.Leave != 2 || q.Dice.DefenderDice != 3 || len(q.Defenders) != 4 {
		t.Fatalf("parsed %+v", q)
	}
	for i, d := range want {
		if q.Defenders[i] != d {
			t.Errorf("defender %d = %+v, want %+v", i, q.Defenders[i], d)
		}
	}
	q, err = ParseQuery(QueryText{Attackers: "5", MomPop: true})
	if err != nil || len(q.Defenders) != 1 || !q.Defenders[0].MomPop {
		t.Fatalf("Mom & Pop: %+v, %v", q, err)
	}
}

func TestParseQueryRefusesBadInputNamingTheRule(t *testing.T) {
	cases := []struct {
		in   QueryText
		rule string
		says string
	}{
		{QueryText{Attackers: "0", Defender: "3"}, "no-armies", "at least 1"},
		{QueryText{Attackers: "-4", Defender: "3"}, "no-armies", "at least 1"},
		{QueryText{Attackers: "1", Defender: "3"}, "one-stays-home", "one army always stays home"},
		{QueryText{Attackers: "ten", Defender: "3"}, "not-a-number", "whole number"},
		{QueryText{Attackers: "10", Defender: "3.5"}, "not-a-number", "whole number"},
		{QueryText{Attackers: "", Defender: "3"}, "not-a-number", "as a number"},
		{QueryText{Attackers: "10"}, "no-defender", "how many armies defend"},
		{QueryText{Attackers: "100001", Defender: "3"}, "too-many-armies", "100000"},
		{QueryText{Attackers: "99999999999999999999", Defender: "3"}, "too-many-armies", "more than any table"},
		{QueryText{Attackers: "10", Defender: "0"}, "no-armies", "at least 1"},
		{QueryText{Attackers: "10", Defender: "3", Chain: "2,,4"}, "chain", "empty place at position 2"},
		{QueryText{Attackers: "10", Defender: "3", Chain: "2,"}, "chain", "empty place"},
		{QueryText{Attackers: "10", Defender: "3", Chain: "2;4"}, "chain", "entry 1"},
		{QueryText{Attackers: "10", Defender: "3", Chain: strings.Repeat("1,", 50) + "1"}, "chain-too-long", "at most 42"},
		{QueryText{Attackers: "10", Defender: "3", Stop: "10"}, "stop-early", "never rolling"},
		{QueryText{Attackers: "10", Defender: "3", Stop: "0"}, "not-a-number", "1 or more, not 0"},
		{QueryText{Attackers: "10", Defender: "3", Leave: "10"}, "leave-behind", "fewer than the 10"},
		{QueryText{Attackers: "10", Defender: "3", DefenderDice: "4"}, "defender-dice", "1, 2 or 3"},
		{QueryText{Attackers: "10", Defender: "3", DefenderDice: "0"}, "defender-dice", "not \"0\""},
		{QueryText{Attackers: "10", Defender: "3", MomPop: true}, "mompop", "rolled"},
		{QueryText{Attackers: "100000", Defender: "100000"}, "too-big", "too big"},
	}
	for _, c := range cases {
		_, err := ParseQuery(c.in)
		var re *engine.RuleError
		if err == nil || !asRule(err, &re) {
			t.Errorf("%+v: got %v, want refusal %s", c.in, err, c.rule)
			continue
		}
		if re.Rule != c.rule || !strings.Contains(re.Message, c.says) {
			t.Errorf("%+v: refused %s %q; want %s saying %q", c.in, re.Rule, re.Message, c.rule, c.says)
		}
	}
}

func asRule(err error, re **engine.RuleError) bool {
	r, ok := err.(*engine.RuleError)
	*re = r
	return ok
}

// Whatever is typed, parsing answers or refuses; it never panics, and what
// it accepts can be computed.
func FuzzParseQuery(f *testing.F) {
	f.Add("10", "7", "", "", "", "", false)
	f.Add("10", "", "3,m,2", "3", "1", "2", true)
	f.Add("2", "1", "1,1,1", "1", "", "1", false)
	f.Add("-1", "x", ",,", "0", "-3", "9", false)
	f.Add("100000", "100000", "", "", "", "", false)
	f.Add("1e5", "0x10", " 5 , 6 ", "+2", "", "3", false)
	f.Fuzz(func(t *testing.T, a, d, chain, stop, leave, dice string, mompop bool) {
		q, err := ParseQuery(QueryText{Attackers: a, Defender: d, Chain: chain, Stop: stop, Leave: leave, DefenderDice: dice, MomPop: mompop})
		if err != nil {
			if !engine.IsRefusal(err) {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		if q.Work() > 2_000_000 { // answerable, but too slow to repeat in a fuzz loop
			return
		}
		if _, err := Compute(q); err != nil {
			t.Fatalf("parsed %+v but Compute refused: %v", q, err)
		}
	})
}
