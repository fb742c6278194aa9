package web

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// compactByRegexp is compactHTML as two regular expressions say it: the
// definition the one-pass compactHTML is held to.
var (
	keepByRegexp   = regexp.MustCompile(`(?is)<(pre|textarea)\b.*?</(pre|textarea)>`)
	breaksByRegexp = regexp.MustCompile(`[ \t]*[\r\n][ \t\r\n]*`)
)

func compactByRegexp(s string) string {
	keep, breaks := keepByRegexp, breaksByRegexp
	var b strings.Builder
	at := 0
	for _, m := range keep.FindAllStringIndex(s, -1) {
		b.WriteString(breaks.ReplaceAllLiteralString(s[at:m[0]], " "))
		b.WriteString(s[m[0]:m[1]])
		at = m[1]
	}
	b.WriteString(breaks.ReplaceAllLiteralString(s[at:], " "))
	return b.String()
}

// compactHTML agrees with the regular expressions on HTML made of the
// pieces that matter: white space runs with and without line breaks, kept
// elements in either case, openings without a closing, look-alike tags
// (<prefix>, <pre-x>, <textareas>) and text that is not ASCII.
func TestCompactHTMLAgreesWithItsDefinition(t *testing.T) {
	pieces := []string{" ", "  ", "\t", "\n", "\r\n", " \n\t ", "<p>", "</p>", "a", "é", "İ", "<pre>", "</pre>", "<PRE class=x>",
		"</Pre>", "<textarea>", "</TEXTAREA>", "<prefix>", "<pre-x>", "<pre_x>", "<textareas>", "</pre", "<", "</", "x\ny"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(16) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		in := b.String()
		if got, want := compactHTML(in), compactByRegexp(in); got != want {
			t.Fatalf("compactHTML(%q):\n got %q\nwant %q", in, got, want)
		}
	}
}

// BenchmarkCompactHTML is one Cold Cash host frame's worth of template
// output (indented HTML, tens of KB) made compact.
func BenchmarkCompactHTML(b *testing.B) {
	in := strings.Repeat("<div class=\"card\">\n    <p>Ana &middot; $1,200</p>\r\n\n  <span>b</span> <span>c</span>\n</div>\n", 600)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		_ = compactHTML(in)
	}
}

// BenchmarkCompactHTMLByRegexp is the same by the regular expressions, as
// it was.
func BenchmarkCompactHTMLByRegexp(b *testing.B) {
	in := strings.Repeat("<div class=\"card\">\n    <p>Ana &middot; $1,200</p>\r\n\n  <span>b</span> <span>c</span>\n</div>\n", 600)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		_ = compactByRegexp(in)
	}
}
