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
