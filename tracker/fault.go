package tracker

import (
	"fmt"
	"runtime/debug"

	"tableside/engine"
)

// ErrEngineFault is how the table hears of a panic in a game's engine: the
// command (or page) is refused and the game stays as the log says. A bug in
// one game's rules must never wedge that game or take the server down.
var ErrEngineFault = &engine.RuleError{Rule: "engine-fault",
	Message: "Tableside hit a fault in this game's rules and did not apply that; the game is unchanged."}

// faultError is a recovered panic from an engine. It unwraps to
// ErrEngineFault, so screens show that message; the panic and its stack go
// to the log.
type faultError struct {
	Kind  string // the game kind whose engine panicked
	Where string // "Decide", "Evolve", "View", "Result", "Describe", ...
	Value any    // what the engine panicked with
	Stack []byte
}

// Error is the table's message: what the engine panicked with may hold
// anything from the state, so it goes to the log (Detail), never to a screen.
func (e *faultError) Error() string { return ErrEngineFault.Message }

// Detail says which engine panicked where, with what, for the log.
func (e *faultError) Detail() string {
	return fmt.Sprintf("%s engine panicked in %s: %v", e.Kind, e.Where, e.Value)
}

// Unwrap lets errors.As find the refusal the table sees.
func (e *faultError) Unwrap() error { return ErrEngineFault }

// guard runs fn, one call into an engine, and turns a panic into a
// faultError.
func guard(kind, where string, fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &faultError{Kind: kind, Where: where, Value: r, Stack: debug.Stack()}
		}
	}()
	fn()
	return nil
}
