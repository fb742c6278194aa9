package engine

import "encoding/json"

// Base answers, with nothing, every part of Rules beyond a game's own
// rules (Kind to View): an event named by its type, no end, no feed, no
// moves, nobody waited for, no settings (any settings taken as they are).
// Test engines embed it and write only what they test; the real games do
// not, so the compiler says what one of them is missing.
type Base struct{}

func (Base) Describe(_ State, e Event) string    { return e.Type }
func (Base) Result(State) (Result, bool)         { return Result{}, false }
func (Base) Feed(State, Event) []Line            { return nil }
func (Base) Moves(State, Viewer) Sheet           { return Sheet{Moves: []Move{}} }
func (Base) Waiting(State) (Waiting, bool)       { return Waiting{}, false }
func (Base) Settings() []Setting                 { return nil }
func (Base) CheckSettings(json.RawMessage) error { return nil }
