package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	static "tableside/assets"
)

// A page loads its stylesheets as one file and its scripts as another: a
// bundle, named by the files it joins in order ("app,sheet,rules.css") and
// served under the hash of what it holds, as any static file is. A game's
// screen used to ask for eighteen files; every one is a request a phone
// makes on its first visit, and even from the browser's cache, work on
// every page load (about 20 of a page load's 110 ms of a desktop browser's
// CPU). The layout's own files depend on the screen (a game's, the
// laptop's, the TV's); a page names its own in its "assets" block.

// headLinks are a page's two bundles' addresses ("" when it has no script).
type headLinks struct {
	CSS, JS string
}

// bundleSep joins a bundle's file names.
const bundleSep = ","

// bundle is a joined file and its short content hash.
type bundle struct {
	b    []byte
	hash string
}

// head is the bundles page p, the page name, loads.
func (v *views) head(name string, p page) (headLinks, error) {
	own, err := v.pageAssets(name)
	if err != nil {
		return headLinks{}, err
	}
	if p.AssetsOf != "" {
		also, err := v.pageAssets(p.AssetsOf)
		if err != nil {
			return headLinks{}, err
		}
		own = append(slices.Clip(also), own...)
	}
	css, js := layoutAssets(p, own)
	var h headLinks
	if h.CSS, err = v.bundleURL(css, ".css"); err != nil {
		return h, err
	}
	if len(js) > 0 {
		h.JS, err = v.bundleURL(js, ".js")
	}
	return h, err
}

// layoutAssets are the stylesheets and scripts (file names without their
// extension) of a page whose own are own, in the order the cascade and the
// scripts' runs need: the layout's, the page's, then the laptop's and the
// TV's, each once.
func layoutAssets(p page, own []string) (css, js []string) {
	css, js = []string{"app"}, []string{"app"}
	g := p.Game
	if g != nil {
		css = append(css, "sheet", "mapzoom", "moments", "rules")
		js = append(js, "sheet", "mapzoom", "moment", "teach")
	}
	js = append(js, "clock")
	if g != nil && g.Viewer.Seat >= 0 {
		js = append(js, "nudge")
	}
	for _, f := range own {
		base, ext := strings.TrimSuffix(f, path.Ext(f)), path.Ext(f)
		switch ext {
		case ".css":
			css = append(css, base)
		case ".js":
			js = append(js, base)
		}
	}
	if g != nil && g.Laptop != nil {
		css = append(css, "laptop", "host")
		js = append(js, "laptop")
	}
	if g != nil && (g.TV || g.Viewer.IsHost()) {
		js = append(js, "sound")
	}
	if g != nil && g.TV {
		css = append(css, "tv")
		js = append(js, "tv")
	}
	return once(css), once(js)
}

// once is names with each kept at its first place.
func once(names []string) []string {
	out := names[:0:0]
	for _, n := range names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// pageAssets are the static files page name names in its "assets" block,
// separated by spaces: read once a page, not on every render.
func (v *views) pageAssets(name string) ([]string, error) {
	if !v.has(name) {
		return nil, nil
	}
	if names, ok := v.pageFiles.get(name); ok {
		return names, nil
	}
	list, err := v.fragment(name, "assets", nil)
	if err != nil {
		return nil, err
	}
	names := strings.Fields(list)
	for _, n := range names {
		if _, ok := v.hashes[n]; !ok {
			return nil, fmt.Errorf("page %s: no static file %q", name, n)
		}
	}
	v.pageFiles.put(name, names)
	return names, nil
}

// bundleURL is the address of the bundle of files (names without ext).
func (v *views) bundleURL(files []string, ext string) (string, error) {
	if len(files) == 1 {
		return v.assetURL(files[0] + ext)
	}
	name := strings.Join(files, bundleSep) + ext
	b, err := v.bundle(name)
	if err != nil {
		return "", err
	}
	return "/static/" + b.hash + "/" + name, nil
}

// bundle is the file named name joined, made once. Each script runs on its
// own, as it did in a file of its own: a throw in one is reported and the
// next still runs.
func (v *views) bundle(name string) (bundle, error) {
	if b, ok := v.bundles.get(name); ok {
		return b, nil
	}
	ext := path.Ext(name)
	if ext != ".css" && ext != ".js" {
		return bundle{}, fmt.Errorf("bundle %q: only stylesheets and scripts are joined", name)
	}
	parts := strings.Split(strings.TrimSuffix(name, ext), bundleSep)
	if len(parts) > len(v.hashes) { // before once, which is quadratic: the name is the request's
		return bundle{}, fmt.Errorf("bundle %q: more files than there are", name[:min(len(name), 80)])
	}
	if len(once(parts)) != len(parts) {
		return bundle{}, fmt.Errorf("bundle %q: a file is named twice", name)
	}
	var out bytes.Buffer
	for _, part := range parts {
		file, err := v.staticFile(part + ext)
		if err != nil {
			return bundle{}, fmt.Errorf("bundle %q: %w", name, err)
		}
		fmt.Fprintf(&out, "/* %s%s */\n", part, ext)
		if ext == ".js" {
			out.WriteString("try {\n")
			out.Write(file)
			out.WriteString("\n} catch (e) { setTimeout(function () { throw e; }); }\n")
		} else {
			out.Write(file)
			out.WriteString("\n")
		}
	}
	sum := sha256.Sum256(out.Bytes())
	b := bundle{b: out.Bytes(), hash: hex.EncodeToString(sum[:])[:10]}
	v.bundles.put(name, b)
	return b, nil
}

// staticFile is a static file's content: made at start, or embedded.
func (v *views) staticFile(name string) ([]byte, error) {
	if b, ok := v.made[name]; ok {
		return b, nil
	}
	if _, ok := v.hashes[name]; !ok {
		return nil, fmt.Errorf("no static file %q", name)
	}
	return fs.ReadFile(static.Static, name)
}
