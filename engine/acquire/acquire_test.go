package acquire

import (
	"reflect"
	"testing"
)

func TestPriceChartEveryBandAndTier(t *testing.T) {
	cases := []struct {
		size               int
		cheap, medium, exp int
	}{
		{2, 200, 300, 400}, {3, 300, 400, 500}, {4, 400, 500, 600}, {5, 500, 600, 700},
		{6, 600, 700, 800}, {10, 600, 700, 800}, {11, 700, 800, 900}, {20, 700, 800, 900},
		{21, 800, 900, 1000}, {30, 800, 900, 1000}, {31, 900, 1000, 1100}, {40, 900, 1000, 1100},
		{41, 1000, 1100, 1200}, {200, 1000, 1100, 1200},
	}
	for _, c := range cases {
		for tier, want := range []int{c.cheap, c.medium, c.exp} {
			got, err := Price(Tier(tier), c.size)
			if err != nil || got != want {
				t.Errorf("Price(%v, %d) = %d, %v; want %d", Tier(tier), c.size, got, err, want)
			}
		}
	}
}

func TestPriceRulebookExampleAmericanSize11Is800(t *testing.T) {
	cs, _ := Companies(Classic)
	american := cs[2]
	if american.Name != "American" || american.Tier != Medium {
		t.Fatalf("company 3 is %+v; want American, medium", american)
	}
	p, _ := Price(american.Tier, 11)
	if p != 800 || Dividend(p) != 80 {
		t.Fatalf("American size 11: price %d dividend %d; want 800 and 80", p, Dividend(p))
	}
}

func TestPriceRefusesSizeBelowTwo(t *testing.T) {
	for _, size := range []int{-1, 0, 1} {
		if _, err := Price(Medium, size); err == nil {
			t.Errorf("Price(medium, %d) gave no error", size)
		}
	}
}

func TestNameSetsHaveSevenCompaniesWithUniqueLetters(t *testing.T) {
	for _, set := range NameSets {
		cs, err := Companies(set)
		if err != nil {
			t.Fatal(err)
		}
		letters := map[string]bool{}
		for _, c := range cs {
			if letters[c.Letter] {
				t.Errorf("%s: letter %s used twice", set, c.Letter)
			}
			letters[c.Letter] = true
		}
		if len(cs) != 7 {
			t.Errorf("%s: %d companies", set, len(cs))
		}
	}
	if _, err := Companies("1987"); err == nil {
		t.Error("an unknown name set was accepted")
	}
}

func amounts(ps []Payout) map[int]int {
	m := map[int]int{}
	for _, p := range ps {
		m[p.Holder] = p.Amount
	}
	return m
}

func TestMergerSoleHolderTakesBothBonuses(t *testing.T) {
	got := amounts(Bonuses(700, []int{0, 4, 0}, false))
	if !reflect.DeepEqual(got, map[int]int{1: 10500}) {
		t.Fatalf("got %v; want holder 1 paid 7000+3500", got)
	}
}

func TestMergerMajorityAndMinorityPaidSeparately(t *testing.T) {
	got := amounts(Bonuses(600, []int{5, 3, 1}, false))
	if !reflect.DeepEqual(got, map[int]int{0: 6000, 1: 3000}) {
		t.Fatalf("got %v", got)
	}
}

func TestMergerMajorityTieSplitsBothBonuses(t *testing.T) {
	// price 700: 7000 + 3500 = 10500 / 2 = 5250 -> 5300 each; the 2-share holder gets nothing.
	got := amounts(Bonuses(700, []int{4, 4, 2}, false))
	if !reflect.DeepEqual(got, map[int]int{0: 5300, 1: 5300}) {
		t.Fatalf("got %v", got)
	}
	// three-way tie at 300: 4500 / 3 = 1500 each (already a multiple of 100).
	got = amounts(Bonuses(300, []int{2, 2, 2}, false))
	if !reflect.DeepEqual(got, map[int]int{0: 1500, 1: 1500, 2: 1500}) {
		t.Fatalf("three-way: got %v", got)
	}
}

func TestMergerMinorityTieSplitsMinorityRoundedUp(t *testing.T) {
	// price 500: minority 2500 / 3 = 833.33 -> 900 each.
	got := amounts(Bonuses(500, []int{6, 2, 2, 2}, false))
	if !reflect.DeepEqual(got, map[int]int{0: 5000, 1: 900, 2: 900, 3: 900}) {
		t.Fatalf("got %v", got)
	}
}

func TestHostileTakeoverHalvesBonuses(t *testing.T) {
	// price 700 halved: majority 3500, minority 1750 (a multiple of $50, not rounded: not split).
	got := amounts(Bonuses(700, []int{5, 3}, true))
	if !reflect.DeepEqual(got, map[int]int{0: 3500, 1: 1750}) {
		t.Fatalf("got %v", got)
	}
	// halved and tied for minority: 1750 / 2 = 875 -> 900 each.
	got = amounts(Bonuses(700, []int{5, 3, 3}, true))
	if !reflect.DeepEqual(got, map[int]int{0: 3500, 1: 900, 2: 900}) {
		t.Fatalf("tied: got %v", got)
	}
	if SalePrice(700, true) != 350 || TradeRatio(true) != 4 || TradeRatio(false) != 2 || SalePrice(700, false) != 700 {
		t.Fatal("hostile disposal rates wrong")
	}
}

func TestBonusesNobodyHoldsNobodyPaid(t *testing.T) {
	if got := Bonuses(700, []int{0, 0}, false); len(got) != 0 {
		t.Fatalf("got %v", got)
	}
}

func TestBonusExplanationsShowArithmetic(t *testing.T) {
	ps := Bonuses(800, []int{10, 2}, false)
	if ps[0].Why != "majority with 10 shares: 10 x $800 = $8,000" {
		t.Fatalf("why = %q", ps[0].Why)
	}
}

func TestHostileRoundHalvesUpHouseRule(t *testing.T) {
	o := Options{Halved: true, RoundHalvesUp: true}
	got := amounts(BonusesWith(700, []int{5, 3}, o))
	if !reflect.DeepEqual(got, map[int]int{0: 3500, 1: 1800}) {
		t.Fatalf("got %v; want majority 3500, minority 1750 rounded up to 1800", got)
	}
	if SalePriceWith(700, o) != 400 || SalePriceWith(700, Options{Halved: true}) != 350 {
		t.Fatal("sale price rounding wrong")
	}
	if got := InOrder(Bonuses(600, []int{5, 3, 1}, false), 3); !reflect.DeepEqual(got, []int{6000, 3000, 0}) {
		t.Fatalf("in order: %v", got)
	}
}

func TestParseHoldingsRefusesWhatCannotBeHeld(t *testing.T) {
	got, err := ParseHoldings(" 5, 3,0 ")
	if err != nil || !reflect.DeepEqual(got, []int{5, 3, 0}) {
		t.Fatalf("got %v, %v", got, err)
	}
	for _, bad := range []string{"", "5,,3", "5,-1", "2.5", "26", "a", "1,2,3,4,5,6,7,8,9,10,11,12,13"} {
		if _, err := ParseHoldings(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	for _, bad := range []string{"250", "0", "1300", "x"} {
		if _, err := ParsePrice(bad); err == nil {
			t.Errorf("price %q accepted", bad)
		}
	}
	if p, err := ParsePrice("$1,200"); err != nil || p != 1200 {
		t.Errorf("price $1,200: %d %v", p, err)
	}
	if _, err := ParseSize("1"); err == nil {
		t.Error("size 1 accepted")
	}
}

func FuzzParseHoldings(f *testing.F) {
	for _, s := range []string{"5,3,1", "", "0", "25,25", " 1 , 2 ", "-1", "1e3", "9999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hs, err := ParseHoldings(s)
		if err != nil {
			return
		}
		if len(hs) == 0 || len(hs) > MaxHolders {
			t.Fatalf("%q gave %d holders", s, len(hs))
		}
		for _, h := range hs {
			if h < 0 || h > Certificates {
				t.Fatalf("%q gave %d", s, h)
			}
		}
		// Every accepted list has payouts that are multiples of $50.
		for _, p := range Bonuses(700, hs, true) {
			if p.Amount%50 != 0 {
				t.Fatalf("%q: payout %d", s, p.Amount)
			}
		}
	})
}
