package tracker

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"tableside/engine"
)

// ErrConflict marks a refusal because the request no longer fits the game:
// an idempotency key reused for another command or by another seat, or an
// undo whose target is no longer the newest command (errors.Is). The web
// layer answers 409. Such a refusal is an engine.RuleError too (errors.As),
// whose Rule and Message say which conflict, so anything that treats
// refusals as the player's to fix still does.
var ErrConflict = errors.New("the request no longer fits the game")

// conflictError is a refusal marked ErrConflict.
type conflictError struct {
	Rule    string
	Message string
}

func (e *conflictError) Error() string { return e.Message }

// Is marks a conflict as ErrConflict.
func (e *conflictError) Is(target error) bool { return target == ErrConflict }

// Unwrap makes a conflict a rule refusal too (engine.IsRefusal).
func (e *conflictError) Unwrap() error { return &engine.RuleError{Rule: e.Rule, Message: e.Message} }

func conflict(rule, format string, args ...any) error {
	return &conflictError{Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// errKeyReused refuses an idempotency key already spent on something else.
// Answering it as a repeat would drop the new command while saying it was
// done.
var errKeyReused = &conflictError{Rule: "idempotency-key-reused",
	Message: "That request reused the key of a different request, so it was not applied. Reload the page and try again."}

// commandHash identifies what a seat sent: the command's type, the seat and
// its data, with the data's JSON put in one canonical form (keys sorted, no
// spaces, numbers as written) so the same command always hashes the same.
func commandHash(typ string, seat int, data json.RawMessage) string {
	h := sha256.New()
	h.Write([]byte(typ))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(seat)))
	h.Write([]byte{0})
	h.Write(canonicalJSON(data))
	return hex.EncodeToString(h.Sum(nil))
}

func canonicalJSON(data json.RawMessage) []byte {
	if len(bytes.TrimSpace(data)) == 0 {
		return []byte("null")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return data // not JSON: the bytes themselves
	}
	b, err := json.Marshal(v)
	if err != nil {
		return data
	}
	return b
}
