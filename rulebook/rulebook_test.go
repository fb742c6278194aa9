package rulebook

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"tableside/internal/reporoot"
)

// games are the packages each game's engine is made of: the refusals and
// steps found in their source are the game's.
var games = map[string][]string{
	"coldcash":  {"engine/coldcash", "engine/acquire", "engine/risk", "ledger"},
	"risk":      {"engine/riskclassic", "engine/conquest", "engine/risk"},
	"pctw":      {"engine/pctw", "engine/conquest", "engine/risk"},
	"takeover":  {"engine/takeover", "engine/piecepack"},
	"cashcrash": {"engine/cashcrash"},
	"scorepad":  {"engine/scorepad"},
}

// unreachable are names a shared package uses that a game can never meet:
// PCtW has no neutral players (engine/pctw offers no such setting), so the
// conquest engine's neutral step and refusals never reach its screens.
var unreachable = map[string][]string{
	"pctw": {"neutral", "neutral-first", "neutral-own-armies", "neutral-territory", "no-share"},
}

var (
	ruleName = []*regexp.Regexp{
		regexp.MustCompile(`\b[Rr]efuse\(\s*"([a-z0-9-]+)"`),
		regexp.MustCompile(`\b[Rr]ule:\s*"([a-z0-9-]+)"`),
	}
	stepName = []*regexp.Regexp{
		regexp.MustCompile(`(?m)^\s*(?:Step|Sheet|Decide)[A-Z]\w*\s*(?:string\s*)?=\s*"([a-z.]+)"`),
		regexp.MustCompile(`(?m)^const (?:Step|Sheet|Decide)[A-Z]\w*\s*=\s*"([a-z.]+)"`),
		regexp.MustCompile(`\b(?:Step|Decision):\s*"([a-z.]+)"`),
		regexp.MustCompile(`\bNewMove\(\s*"([a-z.]+)"`),
	}
)

// scan collects, from the non-test Go files under each of dirs (and the
// engine package itself, whose refusals every game shares), every name the
// patterns capture.
func scan(t *testing.T, root string, dirs []string, patterns []*regexp.Regexp) []string {
	t.Helper()
	seen := map[string]bool{}
	read := func(path string) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, re := range patterns {
			for _, m := range re.FindAllSubmatch(b, -1) {
				seen[string(m[1])] = true
			}
		}
	}
	goSource := func(name string) bool { return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") }
	top, err := os.ReadDir(filepath.Join(root, "engine"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range top {
		if !e.IsDir() && goSource(e.Name()) {
			read(filepath.Join(root, "engine", e.Name()))
		}
	}
	for _, d := range dirs {
		err := filepath.WalkDir(filepath.Join(root, d), func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !e.IsDir() && goSource(e.Name()) {
				read(path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Every rule name any engine refuses with, and every step name of every
// game, has a clause in that game's book (or in Tableside's own rules of
// play): a refusal's "why?" and a step's "how this step works" never open
// nothing.
func TestEveryRefusalAndStepHasAClause(t *testing.T) {
	root := reporoot.Dir(t)
	allRules, allSteps := map[string]bool{}, map[string]bool{}
	clauses := map[string]bool{}
	for game, dirs := range games {
		b, ok := Get(game)
		if !ok {
			t.Fatalf("no book for %s", game)
		}
		rules := scan(t, root, dirs, ruleName)
		steps := scan(t, root, dirs, stepName)
		if len(rules) < 5 || len(steps) < 1 {
			t.Fatalf("%s: found %d rule names and %d steps in %v: the scan no longer sees the engine's refusals", game, len(rules), len(steps), dirs)
		}
		for _, r := range rules {
			if slices.Contains(unreachable[game], r) {
				continue
			}
			allRules[r] = true
			w, ok := b.ForRule(r)
			if !ok {
				t.Errorf("%s: refusal rule %q has no clause", game, r)
				continue
			}
			clauses[w.Clause.ID] = true
		}
		for _, s := range steps {
			if slices.Contains(unreachable[game], s) {
				continue
			}
			allSteps[game+":"+s] = true
			sec, ok := b.ForStep(s)
			if !ok {
				t.Errorf("%s: step %q has no section", game, s)
				continue
			}
			if sec.How == "" || len(sec.Clauses) == 0 {
				t.Errorf("%s: step %q's section %q has no how-line or no clause", game, s, sec.Title)
			}
			clauses[sec.Clauses[0].ID] = true
		}
	}
	t.Logf("rule names: %d, game steps: %d, clauses they open: %d, clauses in all: %d", len(allRules), len(allSteps), len(clauses), countClauses())
}

func countClauses() int {
	n := 0
	for _, b := range append(Books(), Table()) {
		for _, s := range b.Sections {
			n += len(s.Clauses)
		}
	}
	return n
}

// Every clause has an id of its own, words, and a title; a rule name is
// explained by one clause per book; each game says how to play it.
func TestEveryClauseIsWrittenOnce(t *testing.T) {
	ids := map[string]string{}
	for _, b := range append(Books(), Table()) {
		if b.Game != "table" && len(b.HowTo) == 0 {
			t.Errorf("%s: no how-to-play", b.Game)
		}
		rules := map[string]string{}
		for _, s := range b.Sections {
			if s.Title == "" || s.How == "" || len(s.Clauses) == 0 {
				t.Errorf("%s: section %q needs a title, a how-line and clauses", b.Game, s.Title)
			}
			for _, c := range s.Clauses {
				if c.ID == "" || c.Title == "" || c.Text == "" {
					t.Errorf("%s: clause %+v is incomplete", b.Game, c)
				}
				if other, dup := ids[c.ID]; dup {
					t.Errorf("clause id %s is in %s and %s", c.ID, other, b.Game)
				}
				ids[c.ID] = b.Game
				for _, r := range c.Rules {
					if other, dup := rules[r]; dup {
						t.Errorf("%s: rule %q is explained by %s and %s", b.Game, r, other, c.ID)
					}
					rules[r] = c.ID
				}
			}
		}
	}
}

var coverageID = regexp.MustCompile("^\\|\\s*`([a-z0-9.-]+)`\\s*\\|")

// docs/rules-coverage.md's rows and the five games' clauses are the same
// list: each row names a clause by its id, and each clause has a row (with
// the test that proves Tableside plays it so).
func TestCoverageRowsAreTheClauses(t *testing.T) {
	f, err := os.Open(filepath.Join(reporoot.Dir(t), "docs", "rules-coverage.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| id ") {
			continue
		}
		m := coverageID.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("a coverage row without a clause id: %.80s", line)
			continue
		}
		if rows[m[1]] {
			t.Errorf("coverage id %s is used twice", m[1])
		}
		rows[m[1]] = true
	}
	if len(rows) < 100 {
		t.Fatalf("only %d coverage rows read", len(rows))
	}
	for id := range rows {
		found := false
		for _, b := range Books() {
			if _, ok := b.Clause(id); ok {
				found = true
			}
		}
		if !found {
			t.Errorf("docs/rules-coverage.md row %s has no clause in the rulebook", id)
		}
	}
	for _, b := range Books() {
		if b.Game == "scorepad" { // not a rulebook: Tableside's own pad
			continue
		}
		for _, s := range b.Sections {
			for _, c := range s.Clauses {
				if !rows[c.ID] {
					t.Errorf("%s clause %s has no row in docs/rules-coverage.md", b.Game, c.ID)
				}
			}
		}
	}
}
