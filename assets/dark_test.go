package assets

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// darkBlock is a `prefers-color-scheme: dark` media block and its body (no
// block inside it nests deeper than one rule, as in every stylesheet here).
var darkBlock = regexp.MustCompile(`@media\s*\(prefers-color-scheme:\s*dark\)\s*\{((?:[^{}]*\{[^{}]*\})*\s*)\}`)

// colourValue is a value that is a colour and nothing else.
var colourValue = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla|color-mix)\(.*\)|[a-z]+|var\(--[a-z-]+\))$`)

// The dark colour scheme changes colours and nothing else: every
// declaration in a dark block sets a colour property or a custom property
// to a colour, and no script reads the scheme. testenv.AxeLightAndDark
// relies on it: in the dark it runs only axe-core's colour rules, since
// every other rule would repeat the light run's answer.
func TestTheDarkSchemeChangesColoursOnly(t *testing.T) {
	colourProps := map[string]bool{"color": true, "background": true, "background-color": true, "fill": true,
		"stroke": true, "border-color": true, "outline-color": true}
	blocks := 0
	err := fs.WalkDir(files, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := files.ReadFile(path)
		if err != nil {
			return err
		}
		src := string(b)
		switch {
		case strings.HasSuffix(path, ".js"):
			if strings.Contains(src, "prefers-color-scheme") {
				t.Errorf("%s reads the colour scheme: the dark scheme must stay colours only", path)
			}
		case strings.HasSuffix(path, ".css"):
			if n := strings.Count(src, "prefers-color-scheme"); n != len(darkBlock.FindAllString(src, -1)) {
				t.Errorf("%s: %d colour-scheme queries, %d read as dark blocks", path, n, len(darkBlock.FindAllString(src, -1)))
			}
			for _, m := range darkBlock.FindAllStringSubmatch(src, -1) {
				blocks++
				for _, rule := range strings.Split(m[1], "}") {
					_, body, ok := strings.Cut(rule, "{")
					if !ok {
						continue
					}
					for _, decl := range strings.Split(body, ";") {
						prop, val, ok := strings.Cut(decl, ":")
						prop, val = strings.TrimSpace(prop), strings.TrimSpace(val)
						if !ok && prop == "" {
							continue
						}
						if !(colourProps[prop] || strings.HasPrefix(prop, "--")) || !colourValue.MatchString(val) {
							t.Errorf("%s: the dark scheme sets %q to %q, not a colour", path, prop, val)
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if blocks == 0 {
		t.Fatal("no dark block found: the stylesheets' dark scheme moved")
	}
}
