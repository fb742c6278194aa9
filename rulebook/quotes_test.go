package rulebook_test

import (
	"bytes"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tableside/internal/quotecheck"
	"tableside/rulebook"
)

var rulesDir = flag.String("rules", "", "the rulebooks' text files (/work/shared/rules): rewrite testdata/rulebook-phrases.bin from them")

const phrasesFile = "testdata/rulebook-phrases.bin"

// No sentence of ours quotes a rulebook: no run of seven words in a row
// (internal/quotecheck) of the rules in our words, of any string in the
// code (refusals, teaching lines, printed sheets), of the screens'
// templates or of the docs is a run of the rulebooks'. The rulebooks are
// not ours to keep, so the repository holds only their runs' hashes; with
// -rules DIR the test first rewrites them from the rulebooks' text.
func TestNoSentenceQuotesARulebook(t *testing.T) {
	if *rulesDir != "" {
		writePhrases(t, *rulesDir)
	}
	raw, err := os.ReadFile(phrasesFile)
	if err != nil {
		t.Fatalf("%v (run with -rules /work/shared/rules to make it)", err)
	}
	books, err := quotecheck.Read(raw)
	if err != nil || len(books) < 1000 {
		t.Fatalf("%s holds %d phrases: %v", phrasesFile, len(books), err)
	}
	texts := ours(t)
	found := 0
	for where, text := range texts {
		for _, q := range books.Quotes(text) {
			t.Errorf("%s says a rulebook's words: %q", where, q)
			found++
		}
	}
	t.Logf("%d texts of ours against %d rulebook phrases: %d quoted", len(texts), len(books), found)
}

// writePhrases rewrites the phrase file from the rulebooks' .txt files.
func writePhrases(t *testing.T, dir string) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no rulebooks in %s: %v", dir, err)
	}
	var texts []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	var buf bytes.Buffer
	quotecheck.Of(texts...).WriteTo(&buf)
	if err := os.WriteFile(phrasesFile, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ours is every text of ours, by where it is: the books, each string in
// the code, each template and each doc.
func ours(t *testing.T) map[string]string {
	out := map[string]string{}
	for _, b := range append(rulebook.Books(), rulebook.Table()) {
		add := func(where, text string) { out["rulebook "+b.Game+" "+where] = text }
		add("blurb", b.Blurb)
		for _, p := range b.HowTo {
			add(p.Title, p.Text)
		}
		for _, s := range b.Sections {
			add(s.Title, s.How)
			for _, c := range s.Clauses {
				add(c.ID, c.Title+". "+c.Text)
			}
		}
	}
	tag := regexp.MustCompile(`<[^>]*>|\{\{[^}]*\}\}`)
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		switch {
		case strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go"):
			for i, s := range goStrings(t, path) {
				out[path+" string "+strconv.Itoa(i)] = s
			}
		case strings.HasSuffix(path, ".html"), strings.HasSuffix(path, ".md"):
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out[path] = tag.ReplaceAllString(string(b), " ")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// goStrings are the string literals of a Go file, each whole.
func goStrings(t *testing.T, path string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && len(s) > 30 {
				out = append(out, s)
			}
		}
		return true
	})
	return out
}
