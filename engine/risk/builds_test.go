package risk

import "testing"

func TestBasicBuildIsAThirdWithMinimumThree(t *testing.T) {
	for n, want := range map[int]int{0: 3, 1: 3, 8: 3, 9: 3, 11: 3, 12: 4, 14: 4, 15: 5, 42: 14} {
		if got := BasicBuild(n); got != want {
			t.Errorf("BasicBuild(%d) = %d; want %d", n, got, want)
		}
	}
}

func TestHouseStartingArmiesByPlayers(t *testing.T) {
	for p, want := range map[int]int{2: 40, 3: 35, 4: 30, 5: 25, 6: 20} {
		if got, err := HouseStartingArmies(p); err != nil || got != want {
			t.Errorf("HouseStartingArmies(%d) = %d, %v; want %d", p, got, err, want)
		}
	}
	for _, p := range []int{1, 7} {
		if _, err := HouseStartingArmies(p); err == nil {
			t.Errorf("%d players accepted", p)
		}
	}
}

func TestHouseSetValuesAreFixed(t *testing.T) {
	want := map[CardSet]int{SetArtillery: 10, SetCavalry: 8, SetInfantry: 6, SetMixed: 8}
	for _, s := range HouseSets {
		if got, err := HouseSetValue(s); err != nil || got != want[s] {
			t.Errorf("%s = %d, %v; want %d", s, got, err, want[s])
		}
	}
	if _, err := HouseSetValue("two wilds"); err == nil {
		t.Error("unknown set accepted")
	}
}

func TestClassicSetsEscalate(t *testing.T) {
	for i, want := range []int{4, 6, 8, 10, 12, 15, 20, 25} {
		if got := ClassicSetValue(i + 1); got != want {
			t.Errorf("set %d = %d; want %d", i+1, got, want)
		}
	}
}

func TestPiecepackSetsEscalateByTwoAfterFour(t *testing.T) {
	for i, want := range []int{2, 3, 4, 6, 8, 10} {
		if got := PiecepackSetValue(i + 1); got != want {
			t.Errorf("set %d = %d; want %d", i+1, got, want)
		}
	}
	for p, want := range map[int]int{2: 13, 3: 10, 4: 9} {
		if got, err := PiecepackStartingArmies(p); err != nil || got != want {
			t.Errorf("PiecepackStartingArmies(%d) = %d, %v; want %d", p, got, err, want)
		}
	}
}

func TestPiecepackContinentBonusesBySize(t *testing.T) {
	got := PiecepackContinentBonuses([]int{4, 5, 6, 6})
	want := []int{2, 3, 4, 4}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("bonuses %v; want %v", got, want)
		}
	}
}
