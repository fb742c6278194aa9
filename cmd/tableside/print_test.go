package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/printables"
)

func TestPrintListNamesEverySheet(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"print", "--list"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(printables.Sheets()) {
		t.Fatalf("%d lines for %d sheets", len(lines), len(printables.Sheets()))
	}
	for i, s := range printables.Sheets() {
		if !strings.HasPrefix(lines[i], s.Name+" ") || !strings.Contains(lines[i], s.Summary) {
			t.Errorf("line %q does not describe %s", lines[i], s.Name)
		}
	}
}

func TestPrintWritesTheNamedSheet(t *testing.T) {
	file := filepath.Join(t.TempDir(), "c.pdf")
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"print", "certificates", "--paper", "letter", "--names", "1999", "-o", file}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	b, err := os.ReadFile(file)
	if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("no PDF written: %v", err)
	}
	var want bytes.Buffer
	o, _ := printables.ParseOptions("letter", "1999", 1, false)
	if err := printables.Write(&want, "certificates", o); err != nil || !bytes.Equal(b, want.Bytes()) {
		t.Fatalf("the command's PDF differs from the library's (%v)", err)
	}
}

func TestPrintRefusesBadArgumentsWithUsageStatus(t *testing.T) {
	for _, args := range [][]string{
		{"print"}, {"print", "menu"}, {"print", "certificates", "--paper", "a3"},
		{"print", "certificates", "--names", "1987"}, {"print", "piecepack", "--sets", "3"},
		{"print", "certificates", "--ink", "purple"},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d; want 2 (%s)", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"print", "join-poster", "-o", filepath.Join(t.TempDir(), "p.pdf")}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "address") {
		t.Errorf("poster without an address: exit %d, %q", code, errb.String())
	}
}

// --ink saver prints the light version the library makes; --preview
// writes the first page as SVG and tells the page count and ink.
func TestPrintInkSaverAndPreview(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	file := filepath.Join(dir, "c.pdf")
	if code := run(context.Background(), []string{"print", "certificates", "--ink", "saver", "-o", file}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	b, _ := os.ReadFile(file)
	var want bytes.Buffer
	if err := printables.Write(&want, "certificates", printables.Options{InkSaver: true}); err != nil || !bytes.Equal(b, want.Bytes()) {
		t.Fatalf("the command's ink-saver PDF differs from the library's (%v)", err)
	}
	svg := filepath.Join(dir, "t.svg")
	errb.Reset()
	if code := run(context.Background(), []string{"print", "territory-cards", "--paper", "letter", "--preview", "-o", svg}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	b, _ = os.ReadFile(svg)
	if !bytes.HasPrefix(b, []byte("<svg ")) || !strings.Contains(errb.String(), "territory-cards: 16 pages on Letter, ink on") {
		t.Fatalf("preview: %.40q, %q", b, errb.String())
	}
}
