package conquest

import (
	"encoding/json"
	"testing"
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

func TestFormFieldsReadAsNumbersOrText(t *testing.T) {
	var a Args
	if err := json.Unmarshal([]byte(`{"count":"3","stop":"","attLost":2,"attFaces":641,"defFaces":"5 2"}`), &a); err != nil {
		t.Fatal(err)
	}
	if a.Count != 3 || a.Stop != 0 || a.AttLost != 2 || a.AttFaces != "641" || a.DefFaces != "5 2" {
		t.Fatalf("read %+v", a)
	}
	if err := json.Unmarshal([]byte(`{"count":"three"}`), &a); err == nil {
		t.Fatal("a count of three was read")
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
