package league_test

import (
	"strconv"
	"time"
)

func itoa(n int64) string         { return strconv.FormatInt(n, 10) }
func timeAt(unix int64) time.Time { return time.Unix(unix, 0) }
