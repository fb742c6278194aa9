package testclient

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// PDFText reads a PDF's text back with pdftotext (poppler-utils, which
// make test installs), its white space folded to single spaces.
func PDFText(t testing.TB, pdf []byte) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "x.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", f, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}
