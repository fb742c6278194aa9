package scoring

import "testing"

func TestScoresReadWithThousandsSeparators(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", -1250: "-1,250", 41000: "41,000", 1234567: "1,234,567"} {
		if got := Group(n); got != want {
			t.Errorf("Group(%d) = %q, want %q", n, got, want)
		}
	}
	pl := Player{Score: new(41000), Breakdown: map[string]int{"cash": 30000, "bonuses": 6000, "stock sold": 5000}}
	if got, want := pl.BreakdownText(), "bonuses 6,000 + cash 30,000 + stock sold 5,000 = 41,000"; got != want {
		t.Errorf("breakdown %q, want %q", got, want)
	}
}

func TestInkIsReadableOnTheColour(t *testing.T) {
	if Ink("#f0e442") != "#000" || Ink("#0072b2") != "#fff" || Ink("") != "#fff" {
		t.Errorf("ink: yellow %s, blue %s", Ink("#f0e442"), Ink("#0072b2"))
	}
}
