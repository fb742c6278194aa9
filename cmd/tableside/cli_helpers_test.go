package main

import (
	"bytes"
	"context"
	"testing"
	"time"
)

// runCLI runs the command line as a user would and returns what it printed
// and its exit status.
func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	code := run(ctx, args, &out, &errb)
	return out.String(), errb.String(), code
}
