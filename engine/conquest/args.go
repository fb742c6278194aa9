package conquest

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Num is a count a form may send as a number or as text ("" is 0), so a
// blank field on a phone reads as nothing typed rather than as bad input.
type Num int

// UnmarshalJSON reads 3, "3" or "".
func (n *Num) UnmarshalJSON(b []byte) error {
	var i int
	if err := json.Unmarshal(b, &i); err == nil {
		*n = Num(i)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if s = strings.TrimSpace(s); s == "" {
		*n = 0
		return nil
	}
	i, err := strconv.Atoi(s)
	if err != nil {
		return err
	}
	*n = Num(i)
	return nil
}

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
