package web_test

import (
	"strconv"

	"tableside/tracker/scorelog"
)

func scorelogFilter(game string) scorelog.Filter { return scorelog.Filter{Game: game} }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
