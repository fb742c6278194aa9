package engine

import "fmt"

// WalkLog replays events onto s, a game's fresh state, for a measure that
// reads the log (luck, say): each sees the state just before every event,
// then evolve applies it. Every event of a log was accepted once, so a panic
// means a log that does not replay: it comes back as an error naming the
// event, never a crash of the screen that asked.
func WalkLog[S any](s S, events []Event, evolve func(S, Event), each func(S, Event)) (err error) {
	at := -1
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("event %d: %v", at+1, r)
		}
	}()
	for i, e := range events {
		at = i
		each(s, e)
		evolve(s, e)
	}
	return nil
}
