package main

import (
	"strconv"
	"strings"
	"testing"
)

// chain30x200Args is `tableside odds 7 --chain 7,6,7,... --plan 80%`: 30
// territories holding 200 defenders in all (7, 7, 6 in turn), the
// planner's promised size (as engine/risk's BenchmarkPlanChain30x200).
func chain30x200Args() []string {
	more := make([]string, 29)
	for i := range more {
		more[i] = strconv.Itoa(7 - (i+1)%3/2)
	}
	return []string{"odds", "7", "--chain", strings.Join(more, ","), "--plan", "80%"}
}

// BenchmarkPlanChain30x200Process is the whole process of planning that
// chain (target: under 50 ms; ns/op is the wall clock of one run).
func BenchmarkPlanChain30x200Process(b *testing.B) { benchProcess(b, chain30x200Args()...) }
