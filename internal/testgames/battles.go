package testgames

import "tableside/engine"

// Battles is a game of nothing but battles with the app's dice, for the
// tests of dice you can verify: "battle" rolls three attacking and two
// defending dice (event "battle" carries the five faces, then "counted"),
// "shuffle" picks with the private picks, "note" rolls nothing, and
// "refuse" rolls a die and is refused.
type Battles struct{ engine.Base }

// BattlesState counts the battles and keeps the last shuffle.
type BattlesState struct {
	Battles int   `json:"battles"`
	Order   []int `json:"order,omitempty"`
}

func (Battles) Kind() string  { return "battles" }
func (Battles) Title() string { return "Battles (dice test)" }
func (Battles) MinSeats() int { return 1 }
func (Battles) MaxSeats() int { return 4 }

func (Battles) New(engine.Setup) (engine.State, error) { return BattlesState{}, nil }

func (Battles) Decide(_ engine.State, c engine.Command, d engine.Dice) ([]engine.Event, error) {
	switch c.Type {
	case "battle":
		faces := make([]int, 5)
		for i := range faces {
			faces[i] = d.Roll(6)
		}
		return []engine.Event{engine.NewEvent("battle", faces), engine.NewEvent("counted", nil)}, nil
	case "shuffle":
		return []engine.Event{engine.NewEvent("shuffled", []int{d.Intn(52), d.Intn(51)})}, nil
	case "note":
		return []engine.Event{engine.NewEvent("noted", nil)}, nil
	case "refuse":
		d.Roll(6)
		return nil, engine.Refuse("no", "No.")
	}
	return nil, engine.Refuse("unknown", "Unknown command %q.", c.Type)
}

func (Battles) Evolve(s engine.State, e engine.Event) engine.State {
	st := s.(BattlesState)
	switch e.Type {
	case "battle":
		st.Battles++
	case "shuffled":
		st.Order = engine.Payload[[]int](e)
	}
	return st
}

func (Battles) View(s engine.State, _ engine.Viewer) any { return s }
