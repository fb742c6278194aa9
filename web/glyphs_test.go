package web_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// No page draws a pictograph that needs an emoji font: the test Chromium and
// many laptops have none and draw an empty box in its place (🏆 at
// Takeover's end did). Symbols that the plain text fonts carry (★ ✓ ▶ ⚀)
// stay; anything from the emoji planes is drawn (partials/winner_mark.html)
// or written in words.
func TestPagesDrawNoEmoji(t *testing.T) {
	for _, root := range []string{"templates", filepath.Join("..", "assets", "static")} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if ext := filepath.Ext(path); ext != ".html" && ext != ".js" && ext != ".css" {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(b), "\n") {
				for _, r := range line {
					if r >= 0x1F000 && r <= 0x1FAFF || r == 0xFE0F {
						t.Errorf("%s:%d draws %q (U+%04X), which needs an emoji font: draw it or say it in words", path, i+1, string(r), r)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
