package doclinks

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tableside/internal/reporoot"
)

// link is a Markdown link's target: [text](target).
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// outside is a path written in prose that leaves the repository.
var outside = regexp.MustCompile("`\\.\\./[^`]*`|\\(\\.\\./")

// Every link in a Markdown document of the repository names a file or
// folder inside the repository that exists, or a web address; no document
// names a path above the repository.
func TestDocumentsLinkOnlyInsideTheRepository(t *testing.T) {
	root := reporoot.Dir(t)
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "bin" || d.Name() == "dist" || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".md") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, m := range outside.FindAllString(string(b), -1) {
			t.Errorf("%s names a path outside the repository: %s", rel, m)
		}
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "#") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			full := filepath.Join(filepath.Dir(path), filepath.FromSlash(target))
			if r, err := filepath.Rel(root, full); err != nil || strings.HasPrefix(r, "..") {
				t.Errorf("%s links outside the repository: %s", rel, m[1])
				continue
			}
			if _, err := os.Stat(full); err != nil {
				t.Errorf("%s links to a missing file: %s", rel, m[1])
			}
			checked++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 10 {
		t.Fatalf("only %d links checked: the documents were not read", checked)
	}
}

// named is a path written in code type in prose: `web/live_frame.go`,
// `tracker/`, `engine/coldcash/sheet_odds.go`.
var named = regexp.MustCompile("`([a-z][a-z0-9_]*(?:/[a-zA-Z0-9_.*-]+)+/?)`")

// fileLike is a backquoted word that reads as a file name (has an
// extension a source or document file has).
var fileLike = regexp.MustCompile("`([A-Za-z0-9_.*-]+\\.(?:go|html|js|css|sql|sh|md))`")

// docsThatNameTheHouse describe the house as it is; each path they name
// in code type must exist, so they cannot drift from the tree unnoticed.
// The changelog keeps old names on purpose and is not here.
var docsThatNameTheHouse = []string{"docs/design.md"}

// docs/design.md names files by their path from the repository's root,
// and every one it names exists (a glob names at least one file).
func TestDesignNamesOnlyFilesThatExist(t *testing.T) {
	root := reporoot.Dir(t)
	for _, doc := range docsThatNameTheHouse {
		b, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		checked := 0
		for _, m := range named.FindAllStringSubmatch(text, -1) {
			p := m[1]
			if !strings.Contains(p, ".") && !strings.HasSuffix(p, "/") && !isDir(root, p) {
				continue // a route or a word with a slash, not a file
			}
			matches, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(p, "/"))))
			if len(matches) == 0 {
				t.Errorf("%s names %s, which does not exist", doc, p)
			}
			checked++
		}
		for _, m := range fileLike.FindAllStringSubmatch(text, -1) {
			t.Errorf("%s names the file %s without its path from the repository's root", doc, m[1])
		}
		if checked < 20 {
			t.Errorf("%s: only %d paths checked; the pattern no longer reads the document", doc, checked)
		}
	}
}

func isDir(root, p string) bool {
	fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
	return err == nil && fi.IsDir()
}
