package web_test

import (
	"os"
	"testing"

	"tableside/internal/testenv"
)

// TestMain shares one Chromium between every browser test of the package
// and stops it at the end.
func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }
