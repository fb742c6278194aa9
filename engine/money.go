package engine

import (
	"strconv"
	"strings"
)

// Dollars formats whole dollars the way the table says them: $12,300.
func Dollars(d int) string {
	s := strconv.Itoa(d)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-$" + s
	}
	return "$" + s
}
