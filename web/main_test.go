package web_test

import (
	"flag"
	"os"
	"testing"

	"tableside/internal/testenv"
)

// TestMain shares one Chromium between every browser test of the package
// and stops it at the end. Its devices draw frames only when the run saves
// screenshots for people (-screens, $TABLESIDE_SHOTS).
func TestMain(m *testing.M) {
	flag.Parse()
	testenv.DrawFrames = *screensDir != "" || os.Getenv("TABLESIDE_SHOTS") != ""
	os.Exit(testenv.Main(m))
}
