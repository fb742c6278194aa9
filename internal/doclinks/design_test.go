package doclinks

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tableside/internal/reporoot"
)

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
