package board

import (
	"reflect"
	"testing"
)

// pileStarting puts the given cards on top of the deck, the rest after.
func pileStarting(top ...string) []string {
	out := append([]string{}, top...)
	for _, c := range Cards(g) {
		if !contains(top, c) {
			out = append(out, c)
		}
	}
	return out
}

func TestDeckHas42TerritoriesAndTwoWilds(t *testing.T) {
	cs := Cards(g)
	if len(cs) != 44 || !IsWild(cs[42]) || !IsWild(cs[43]) {
		t.Fatalf("deck %v", cs)
	}
	sh := Shuffle(g, &seqDice{n: []int{5, 17, 3, 40, 2}})
	if err := CheckPile(g, sh); err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(sh, cs) {
		t.Fatal("shuffle left the deck in order")
	}
	refused(t, CheckPile(g, append(sh[:43:43], "siam")), "whole-deck")
	refused(t, CheckPile(g, sh[:40]), "whole-deck")
}

func TestOpeningBellAlphabeticalFirstPlayerThenClockwise(t *testing.T) {
	// seat 0 draws Peru, seat 1 a wild card (redrawn: Brazil), seat 2 Siam.
	// Brazil comes first alphabetically: seat 1 leads, then 2, then 0.
	pile := pileStarting("peru", "wild-1", "brazil", "siam", "alaska", "japan", "ural", "egypt", "congo", "india", "iceland", "ontario", "quebec")
	o, err := OpenWithDeck(g, pile, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(o.First, []string{"peru", "brazil", "siam"}) || !reflect.DeepEqual(o.Order, []int{1, 2, 0}) {
		t.Fatalf("first %v order %v", o.First, o.Order)
	}
	if !reflect.DeepEqual(o.Redraw, []string{"wild-1"}) {
		t.Fatalf("redraw %v", o.Redraw)
	}
	for _, ter := range o.First {
		holding(t, o.Board, ter, Holding{})
	}
	if len(o.Board.Land) != 3 || len(o.Board.Towers) != 0 {
		t.Fatalf("board %+v", o.Board)
	}
	// three cards each, dealt in turn order (seat 1, 2, 0)
	if len(o.Deck.Pile) != 44-4-9 {
		t.Fatalf("pile has %d", len(o.Deck.Pile))
	}
	if !reflect.DeepEqual(o.Deck.Hands[1], []string{"alaska", "egypt", "iceland"}) ||
		!reflect.DeepEqual(o.Deck.Hands[2], []string{"japan", "congo", "ontario"}) ||
		!reflect.DeepEqual(o.Deck.Hands[0], []string{"ural", "india", "quebec"}) {
		t.Fatalf("hands %v", o.Deck.Hands)
	}
}

func TestOpeningWithTableDeckRefusesTheSameCardTwice(t *testing.T) {
	_, err := OpenWithCards(g, []string{"peru", "peru"})
	refused(t, err, "one-card-each")
	o, err := OpenWithCards(g, []string{"ural", "siam", "alaska", "egypt"})
	if err != nil || !reflect.DeepEqual(o.Order, []int{2, 3, 0, 1}) {
		t.Fatalf("order %v err %v", o.Order, err)
	}
}

func TestPlayRemovesTheCardFromTheHand(t *testing.T) {
	d := Deck{Hands: [][]string{{"siam", "peru"}}, Closed: []bool{false}}
	_, err := d.Play(0, "india")
	refused(t, err, "card-not-held")
	n, err := d.Play(0, "peru")
	if err != nil || !reflect.DeepEqual(n.Hands[0], []string{"siam"}) || !reflect.DeepEqual(n.Discards, []string{"peru"}) {
		t.Fatalf("deck %+v err %v", n, err)
	}
	if len(d.Hands[0]) != 2 {
		t.Fatal("Play changed its input")
	}
}

func TestRefillTakesOneThenReplacesUnusableCards(t *testing.T) {
	b := lay(t, "siam=mp", "peru=c1:3*", "india=mp")
	d := Deck{Pile: []string{"ural", "india", "japan", "egypt"}, Hands: [][]string{{"siam", "brazil"}}, Closed: []bool{false}}
	n := d.Refill(g, b, 0)
	// took Ural; discarded Siam; drew India (occupied: discarded), then Japan
	if !reflect.DeepEqual(n.Hands[0], []string{"brazil", "ural", "japan"}) {
		t.Fatalf("hand %v", n.Hands[0])
	}
	if !reflect.DeepEqual(n.Pile, []string{"egypt"}) || !reflect.DeepEqual(n.Discards, []string{"siam", "india"}) {
		t.Fatalf("pile %v discards %v", n.Pile, n.Discards)
	}
}

func TestRefillStopsWhenThePileRunsOutNoReshuffle(t *testing.T) {
	d := Deck{Pile: []string{}, Hands: [][]string{{"siam"}}, Closed: []bool{false}, Discards: []string{"peru"}}
	n := d.Refill(g, New(), 0)
	if !reflect.DeepEqual(n.Hands[0], []string{"siam"}) || len(n.Pile) != 0 {
		t.Fatalf("deck %+v", n)
	}
}

func TestForfeitNoUsableCardDiscardsHandAndClosesSeat(t *testing.T) {
	b := lay(t, "siam=mp", "peru=mp")
	d := Deck{Pile: []string{"ural"}, Hands: [][]string{{"siam", "peru"}}, Closed: []bool{false}}
	if len(Usable(g, b, d.Hands[0])) != 0 {
		t.Fatal("cards should be unusable")
	}
	n := d.Forfeit(0)
	if !n.Closed[0] || len(n.Hands[0]) != 0 || len(n.Discards) != 2 {
		t.Fatalf("deck %+v", n)
	}
	if r := n.Refill(g, b, 0); len(r.Hands[0]) != 0 || len(r.Pile) != 1 {
		t.Fatalf("a closed seat drew: %+v", r)
	}
	if d.Exhausted() || !(Deck{Pile: []string{}, Hands: [][]string{{}}}).Exhausted() {
		t.Fatal("Exhausted wrong")
	}
}
