package conquest

import (
	"testing"

	"tableside/engine"
)

func TestASetIsThreeOfOneKindOrAllDifferentWithWildsFittingEither(t *testing.T) {
	c := func(kinds ...string) []Card {
		var out []Card
		for i, k := range kinds {
			out = append(out, Card{ID: i, Kind: k})
		}
		return out
	}
	for _, k := range [][]string{{"a", "a", "a"}, {"a", "b", "c"}, {"a", "a", Wild}, {"a", "b", Wild}, {Wild, Wild, "c"}} {
		if !IsSet(c(k...)) {
			t.Fatalf("%v is a set", k)
		}
	}
	for _, k := range [][]string{{"a", "a", "b"}, {"a", "b"}, {"a", "b", "c", "d"}} {
		if IsSet(c(k...)) {
			t.Fatalf("%v is not a set", k)
		}
	}
}

// A command's numbers are numbers and its typed dice text; a number sent
// as text, or dice sent as a number, is refused naming the field.
func TestCommandFieldsAreTypedNumbersAndText(t *testing.T) {
	a, err := readArgs(engine.Command{Type: CmdAttack, Data: []byte(`{"from":1,"to":2,"mode":"faces","attLost":2,"attFaces":"641","defFaces":"5 2"}`)})
	if c, ok := a.(*attackArgs); err != nil || !ok || c.AttLost != 2 || c.AttFaces != "641" || c.DefFaces != "5 2" || *c.From != 1 {
		t.Fatalf("read %+v, %v", a, err)
	}
	for data, want := range map[string]string{
		`{"count":"3"}`:             `move: "count" must be a whole number, not "3".`,
		`{"count":-2}`:              "move: count cannot be negative (-2).",
		`{"count":1,"territory":4}`: `move does not take the field "territory".`,
	} {
		_, err := readArgs(engine.Command{Type: CmdMove, Data: []byte(data)})
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %q", data, err, want)
		}
	}
	if _, err := readArgs(engine.Command{Type: CmdAttack, Data: []byte(`{"from":1,"to":2,"attFaces":641}`)}); err == nil || err.Error() != `attack: "attFaces" must be text, not 641.` {
		t.Errorf("dice as a number: %v", err)
	}
	f, err := faces("6,4 1", "attacker")
	if err != nil || len(f) != 3 || f[0] != 6 || f[2] != 1 {
		t.Fatalf("faces %v %v", f, err)
	}
	if _, err := faces("6x", "attacker"); err == nil {
		t.Fatal("6x read as dice")
	}
}

func TestBasicBuildIsAThirdWithMinimumThree(t *testing.T) {
	for n, want := range map[int]int{0: 3, 1: 3, 8: 3, 9: 3, 11: 3, 12: 4, 14: 4, 15: 5, 42: 14} {
		if got := BasicBuild(n); got != want {
			t.Errorf("BasicBuild(%d) = %d; want %d", n, got, want)
		}
	}
}
