package conquest

import (
	"encoding/json"

	"tableside/engine"
)

// Variation is a conquest game's Rules naming its Variant: the Rules embeds
// a Game of itself and stays a plain value (riskclassic.Rules{}).
type Variation interface {
	Variant() *Variant
}

// Game is a conquest variant's rules, everything the variants share: a
// variant's Rules embeds it and adds only what differs (its view, its
// settings' form, its remembered setting).
type Game[V Variation] struct{}

func (Game[V]) variant() *Variant {
	var v V
	return v.Variant()
}

func (g Game[V]) Kind() string  { return g.variant().Kind }
func (g Game[V]) Title() string { return g.variant().Title }
func (g Game[V]) MinSeats() int { return g.variant().MinSeats }
func (g Game[V]) MaxSeats() int { return g.variant().MaxSeats }

// New starts a game in set-up.
func (g Game[V]) New(setup engine.Setup) (engine.State, error) { return New(g.variant(), setup) }

// Decide checks a command.
func (g Game[V]) Decide(s engine.State, c engine.Command, d engine.Dice) ([]engine.Event, error) {
	return Decide(g.variant(), s, c, d)
}

// Evolve applies an event.
func (g Game[V]) Evolve(s engine.State, e engine.Event) engine.State {
	return Evolve(g.variant(), s, e)
}

// Moves lists everything viewer v may do now.
func (g Game[V]) Moves(s engine.State, v engine.Viewer) engine.Sheet { return Moves(g.variant(), s, v) }

// Luck measures the game's battles against their exact odds.
func (g Game[V]) Luck(setup engine.Setup, events []engine.Event) (engine.Luck, error) {
	return Luck(g.variant(), setup, events)
}

// Describe names an event for the undo button.
func (Game[V]) Describe(s engine.State, e engine.Event) string { return Describe(s, e) }

// Feed tells each reader what an event did.
func (Game[V]) Feed(s engine.State, e engine.Event) []engine.Line { return Feed(s, e) }

// Waiting says what the table waits for.
func (Game[V]) Waiting(s engine.State) (engine.Waiting, bool) { return Waiting(s) }

// Result gives the winner once the world is held.
func (Game[V]) Result(s engine.State) (engine.Result, bool) { return Result(s) }

// Measure charts territories and armies per seat (engine.Measurer).
func (Game[V]) Measure(s engine.State) []engine.Measure { return Measure(s) }

// Faces lists the dice faces a battle event shows (engine.FaceTeller).
func (Game[V]) Faces(e engine.Event) []int { return Faces(e) }

// CheckSettings refuses a new game's setting it does not know.
func (Game[V]) CheckSettings(raw json.RawMessage) error {
	return engine.StrictSettings[Settings](raw)
}

// FirstMove says the table waits for the first turn's reinforcements
// (engine.Opener).
func (Game[V]) FirstMove(s engine.State) bool { return FirstMove(s) }
