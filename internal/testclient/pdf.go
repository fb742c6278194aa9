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
	return strings.Join(strings.Fields(pdftotext(t, pdf)), " ")
}

// PDFLayout reads a PDF's text back as it is laid out on the page (rows
// and columns kept), for a test that reads a table by its lines.
func PDFLayout(t testing.TB, pdf []byte) string {
	t.Helper()
	return pdftotext(t, pdf, "-layout")
}

func pdftotext(t testing.TB, pdf []byte, flags ...string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "x.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", append(flags, f, "-")...).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out)
}
