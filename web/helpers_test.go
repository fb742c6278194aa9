package web_test

import (
	"strconv"

	"tableside/engine"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func testSetup() engine.Setup {
	return engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}}
}
