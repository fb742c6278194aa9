package conquest

import (
	"encoding/json"

	"tableside/engine"
)

// Num is a count a form may send as a number or as text (engine.Num).
type Num = engine.Num

// Text is typed text a form may send as a number ("641" reads as 641).
type Text string

// UnmarshalJSON reads "6 4 1" or 641.
func (t *Text) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = Text(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*t = Text(n.String())
	return nil
}
