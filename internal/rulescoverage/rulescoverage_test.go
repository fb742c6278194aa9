package rulescoverage

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"tableside/internal/reporoot"
)

var (
	testName = regexp.MustCompile(`\bTest[A-Z0-9_][A-Za-z0-9_]*`)
	testFunc = regexp.MustCompile(`(?m)^func (Test[A-Za-z0-9_]+)\(`)
)

// namedTests reads a coverage document's tables and returns every TestXxx
// named in a column headed "test", with the line it is on.
func namedTests(t *testing.T, path string) map[string]int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]int{}
	col := -1 // the test column of the table being read
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(text, "|") {
			col = -1
			continue
		}
		cells := cellsOf(text)
		if col < 0 {
			for i, c := range cells {
				if h := strings.TrimSpace(c); strings.EqualFold(h, "test") || strings.EqualFold(h, "proved by") {
					col = i
				}
			}
			continue
		}
		if col >= len(cells) {
			continue
		}
		for _, name := range testName.FindAllString(cells[col], -1) {
			if _, seen := out[name]; !seen {
				out[name] = line
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// cellsOf splits a Markdown table row into its cells.
func cellsOf(row string) []string {
	row = strings.TrimPrefix(strings.TrimSuffix(row, "|"), "|")
	return strings.Split(row, "|")
}

// definedTests lists every func TestXxx( in the repository's _test.go files.
func definedTests(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range testFunc.FindAllSubmatch(b, -1) {
			out[string(m[1])] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Every test a rules-coverage document, or the security promises in
// docs/security.md, name exists in the repository.
func TestEveryRuleTestNamedInTheCoverageDocsExists(t *testing.T) {
	dir := reporoot.Dir(t)
	docs, err := filepath.Glob(filepath.Join(dir, "docs", "rules-coverage*.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs, filepath.Join(dir, "docs", "security.md"))
	if len(docs) == 0 {
		t.Fatal("no docs/rules-coverage*.md to check")
	}
	defined := definedTests(t, dir)
	total := 0
	for _, doc := range docs {
		named := namedTests(t, doc)
		if len(named) == 0 {
			t.Errorf("%s names no test in a column headed \"test\"", filepath.Base(doc))
		}
		total += len(named)
		var missing []string
		for name, line := range named {
			if !defined[name] {
				missing = append(missing, filepath.Base(doc)+":"+strconv.Itoa(line)+": "+name)
			}
		}
		sort.Strings(missing)
		for _, m := range missing {
			t.Errorf("%s does not exist as func %s( in any _test.go file", m, m[strings.LastIndex(m, " ")+1:])
		}
	}
	t.Logf("%d coverage documents name %d tests", len(docs), total)
}

// The checker itself: a table's test column is read, other columns are
// not, and a name that is not defined is reported.
func TestCoverageCheckerReadsOnlyTheTestColumn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rules-coverage-x.md")
	doc := "# X\n\n| section | clause (own words) | test | reading / setting |\n|---|---|---|---|\n" +
		"| Set-up | deal round | `TestAlpha`, TestBeta | TestNotInTheTestColumn |\n\nText TestOutsideATable.\n"
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	got := namedTests(t, path)
	if len(got) != 2 || got["TestAlpha"] != 5 || got["TestBeta"] != 5 {
		t.Fatalf("read %v; want TestAlpha and TestBeta on line 5", got)
	}
	if defined := definedTests(t, reporoot.Dir(t)); !defined["TestCoverageCheckerReadsOnlyTheTestColumn"] || defined["TestAlpha"] {
		t.Fatal("the repository's tests were not read as defined")
	}
}
