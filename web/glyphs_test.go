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
// or written in words. A game's page marks its winner with that one drawn
// mark, never a star of its own (Cold Cash Risk's final scores had one).
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
				if strings.HasPrefix(filepath.Base(path), "game") && strings.Contains(line, "★") {
					t.Errorf("%s:%d marks with a star: a game's winner has the drawn mark (template \"winner-mark\")", path, i+1)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
