package risk

import "testing"

// The one-roll chances printed in REFERENCE.md, counted over all 6^n outcomes.
func TestOneRollChancesMatchReference(t *testing.T) {
	cases := []struct {
		a, d int
		ways []int64 // attacker loses 0, 1, 2
		of   int64
	}{
		{3, 2, []int64{2890, 2611, 2275}, 7776},
		{2, 2, []int64{295, 420, 581}, 1296},
		{3, 1, []int64{855, 1296 - 855}, 1296},
		{2, 1, []int64{125, 216 - 125}, 216},
		{1, 2, []int64{55, 216 - 55}, 216},
		{1, 1, []int64{15, 36 - 15}, 36},
	}
	for _, c := range cases {
		r, err := OneRoll(c.a, c.d)
		if err != nil {
			t.Fatal(err)
		}
		if r.Of != c.of || len(r.Ways) != len(c.ways) {
			t.Fatalf("%dv%d: %v of %d, want %v of %d", c.a, c.d, r.Ways, r.Of, c.ways, c.of)
		}
		for j := range c.ways {
			if r.Ways[j] != c.ways[j] {
				t.Errorf("%dv%d: attacker loses %d in %d of %d rolls, want %d", c.a, c.d, j, r.Ways[j], r.Of, c.ways[j])
			}
		}
	}
}

func TestOneRollChancesSumToOne(t *testing.T) {
	for a := 1; a <= 3; a++ {
		for d := 1; d <= 3; d++ {
			r, _ := OneRoll(a, d)
			var sum int64
			for _, w := range r.Ways {
				sum += w
			}
			if sum != r.Of {
				t.Errorf("%dv%d: ways add to %d of %d", a, d, sum, r.Of)
			}
			var p float64
			for j := range r.Ways {
				p += rollProb()[a][d][j]
			}
			if p < 1-1e-15 || p > 1+1e-15 {
				t.Errorf("%dv%d: float chances add to %v", a, d, p)
			}
		}
	}
	if _, err := OneRoll(4, 2); err == nil {
		t.Error("4 attack dice must be refused")
	}
}

func TestTiesGoToTheDefender(t *testing.T) {
	a, d := compare([]int{6, 6, 1}, []int{6, 5})
	if a != 1 || d != 1 {
		t.Errorf("6-6-1 against 6-5: attacker lost %d, defender %d; want 1 and 1", a, d)
	}
	a, d = compare([]int{3}, []int{3, 3})
	if a != 1 || d != 0 {
		t.Errorf("3 against 3-3: attacker lost %d, defender %d; want 1 and 0", a, d)
	}
}

// The generated table (rollcounts.go) equals a count over every face of every
// die, resolved by the same comparison the game uses.
func TestRollCountsMatchBruteForce(t *testing.T) {
	var c [4][4][4]int64
	for a := 1; a <= 3; a++ {
		for d := 1; d <= 3; d++ {
			faces := make([]int, a+d)
			n := pow6(a + d)
			for code := int64(0); code < n; code++ {
				x := code
				for i := range faces {
					faces[i] = int(x%6) + 1
					x /= 6
				}
				att, def := compare(faces[:a], faces[a:])
				if att+def != min(a, d) {
					t.Fatalf("%v against %v: %d and %d armies lost", faces[:a], faces[a:], att, def)
				}
				c[a][d][att]++
			}
		}
	}
	if c != rollCounts {
		t.Fatalf("rollcounts.go is stale (run go generate ./engine/risk/):\ngenerated %v\ncounted   %v", rollCounts, c)
	}
}
