package testclient

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// FetchBytes gets a URL's body as bytes (a PDF is no string).
func FetchBytes(t testing.TB, url string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

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
