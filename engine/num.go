package engine

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Num is a whole number in a command that a form may send as a number or as
// text: 3, "3", or "" for nothing typed (0), so a blank field on a phone
// reads as nothing rather than as bad input.
type Num int

// UnmarshalJSON reads a number, "12" or "".
func (n *Num) UnmarshalJSON(b []byte) error {
	var i int
	if err := json.Unmarshal(b, &i); err == nil {
		*n = Num(i)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("expected a whole number")
	}
	if s = strings.TrimSpace(s); s == "" {
		*n = 0
		return nil
	}
	i, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not a whole number", s)
	}
	*n = Num(i)
	return nil
}
