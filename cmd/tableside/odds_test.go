package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"tableside/engine/risk"
)

func TestOddsCLIJSONEqualsTheEngine(t *testing.T) {
	out, errs, code := runCLI(t, "odds", "10", "7", "--chain", "3,m,2", "--stop", "3", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got risk.Odds
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	want, err := risk.Compute(risk.Query{Attackers: 10, Stop: 3, Defenders: []risk.Defender{{Armies: 7}, {Armies: 3}, {MomPop: true}, {Armies: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	if got.Win != want.Win || got.ExpectedIfWin != want.ExpectedIfWin || len(got.Steps) != 4 {
		t.Fatalf("CLI win %v (if won %v), engine %v (%v)", got.Win, got.ExpectedIfWin, want.Win, want.ExpectedIfWin)
	}
	for n := range want.Attacker {
		if got.Attacker[n] != want.Attacker[n] || got.Conquered[n] != want.Conquered[n] {
			t.Errorf("attacker distribution at %d: CLI %v/%v, engine %v/%v", n, got.Attacker[n], got.Conquered[n], want.Attacker[n], want.Conquered[n])
		}
	}
	for k := range want.Steps {
		for j, p := range want.Steps[k].Held {
			if got.Steps[k].Held[j] != p {
				t.Errorf("step %d held by %d: CLI %v, engine %v", k, j, got.Steps[k].Held[j], p)
			}
		}
	}
	if !strings.Contains(got.Convention, "10 stand in the attacking territory and 9 of them may attack") {
		t.Errorf("the JSON must say how armies are counted: %q", got.Convention)
	}
}

func TestOddsCLITableSaysTheWinAndTheConvention(t *testing.T) {
	out, errs, code := runCLI(t, "odds", "10", "7")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	o, _ := risk.Compute(risk.Query{Attackers: 10, Defenders: []risk.Defender{{Armies: 7}}})
	for _, want := range []string{"Win: " + pct(o.Win), "9 of them may attack", "you win with 10 left", "defender holds with 7"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = runCLI(t, "odds", "10", "--mompop")
	if code != 0 || !strings.Contains(out, "Mom & Pop") || !strings.Contains(out, "at least one round") || !strings.Contains(out, "6: ") {
		t.Errorf("Mom & Pop: exit %d\n%s", code, out)
	}
	out, _, code = runCLI(t, "odds", "20", "3", "--chain", "2,2")
	if code != 0 || !strings.Contains(out, "Reached") || !strings.Contains(out, "territory 3") {
		t.Errorf("chain: exit %d\n%s", code, out)
	}
}

func TestOddsCLIRefusesBadInputWithoutPanicking(t *testing.T) {
	cases := []struct {
		args []string
		says string
	}{
		{[]string{"odds", "0", "3"}, "at least 1"},
		{[]string{"odds", "-4", "3"}, "at least 1, not -4"},
		{[]string{"odds", "1", "3"}, "one army always stays home"},
		{[]string{"odds", "ten", "3"}, "whole number"},
		{[]string{"odds", "10", "3.5"}, "whole number"},
		{[]string{"odds", "100001", "3"}, "more than any table"},
		{[]string{"odds", "99999", "99999"}, "too big"},
		{[]string{"odds", "10", "3", "--chain", "2,,1"}, "empty place"},
		{[]string{"odds", "10", "3", "--chain", "a,b"}, "Chain entry 1"},
		{[]string{"odds", "10", "3", "--stop", "11"}, "never rolling"},
		{[]string{"odds", "10"}, "give the attacking and the defending armies"},
		{[]string{"odds", "10", "3", "4"}, "give the attacking and the defending armies"},
		{[]string{"odds", "10", "3", "--mompop"}, "rolled"},
		{[]string{"odds", "10", "3", "--defender-dice", "5"}, "1, 2 or 3"},
	}
	for _, c := range cases {
		out, errs, code := runCLI(t, c.args...)
		if code == 0 || !strings.Contains(errs, c.says) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want a refusal saying %q", c.args, code, errs, out, c.says)
		}
	}
}

// Whatever is typed after "odds", the command answers or refuses; it never
// panics or hangs.
func FuzzOddsCommandLine(f *testing.F) {
	for _, s := range []string{"10 7", "10 7 --json", "-3 2", "10 --mompop --stop 3", "5 2 --chain 1,m,2 --leave 2", "1 1 --stop=-1", "10 7 --defender-dice", "99999 99999", "7 --chain 3,m --plan 80%", "--mompop --plan 0.9", "10 7 --plan=-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := append([]string{"odds"}, strings.Fields(line)...)
		var out, errb bytes.Buffer
		code := run(context.Background(), args, &out, &errb)
		if code != 0 && errb.Len() == 0 {
			t.Fatalf("%q: exit %d without a message", line, code)
		}
	})
}

// --plan answers with the engine's own plan: the fewest armies for the
// chance, and the odds of the armies typed beside it.
func TestOddsCLIPlanIsTheEnginesPlan(t *testing.T) {
	out, errs, code := runCLI(t, "odds", "10", "7", "--chain", "3,m", "--stop", "2", "--leave", "2", "--plan", "80%", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Odds *risk.Odds
		Plan *risk.Plan
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	q := risk.Query{Attackers: 10, Stop: 2, Leave: 2, Defenders: []risk.Defender{{Armies: 7}, {Armies: 3}, {MomPop: true}}}
	want, err := risk.MakePlan(q, 0.8, risk.EngineLimits)
	if err != nil {
		t.Fatal(err)
	}
	if got.Plan == nil || got.Plan.Need != want.Need || got.Plan.Odds.Win != want.Odds.Win || got.Plan.Fewer != want.Fewer || len(got.Plan.InLast) != len(want.InLast) {
		t.Fatalf("CLI plan %+v, engine need %d win %v", got.Plan, want.Need, want.Odds.Win)
	}
	if got.Odds == nil || got.Odds.Attackers != 10 {
		t.Fatalf("the odds of the 10 typed are missing: %+v", got.Odds)
	}
}

// Planning needs only the defenders: the words say how many, how sure,
// what moves into the last territory and how far along the chain.
func TestOddsCLIPlanWithoutAttackersSaysTheFewest(t *testing.T) {
	p, err := risk.MakePlan(risk.Query{Defenders: []risk.Defender{{Armies: 7}, {Armies: 3}}}, 0.9, risk.EngineLimits)
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, "odds", "7", "--chain", "3", "--plan", "0.9")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, says := range []string{
		"Plan for 90.0%: " + strconv.Itoa(p.Need) + " on the board in the attacking territory",
		"With " + strconv.Itoa(p.Need) + ": win " + risk.Percent(p.Odds.Win),
		"At least", "How far " + strconv.Itoa(p.Need) + " gets",
	} {
		if !strings.Contains(out, says) {
			t.Errorf("the plan does not say %q:\n%s", says, out)
		}
	}
	if strings.Contains(out, "How it ends") {
		t.Errorf("no attackers were typed, yet odds were printed:\n%s", out)
	}
}

// A plan no table can ask is refused in words, with nothing printed.
func TestOddsCLIPlanRefusesBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"odds", "7", "--plan", "100%"}, "makes a win certain"},
		{[]string{"odds", "7", "--plan", "0"}, "above 0%"},
		{[]string{"odds", "7", "--plan", "lots"}, `not "lots"`},
		{[]string{"odds", "7", "--plan", "-5"}, "above 0%"},
		{[]string{"odds", "1", "7", "--plan", "80%"}, "one army always stays home"},
		{[]string{"odds", "--plan", "80%"}, "the defending ones are enough"},
		{[]string{"odds", "7", "--chain", "3,,2", "--plan", "80%"}, "empty place"},
	} {
		out, errs, code := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.says) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want a refusal saying %q", c.args, code, errs, out, c.says)
		}
	}
}
