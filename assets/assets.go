// Package assets holds the files every Tableside page links to: the
// stylesheets, the scripts, the icon and the stay-awake videos. They are
// embedded in the binary (no CDN, nothing fetched at run time) and kept in a
// package of their own so that a server other than the table's (the league
// hub) can take the stylesheet without importing the table's web.
package assets

import (
	"embed"
	"io/fs"
)

//go:embed static
var files embed.FS

// Templates holds the page parts both servers' layouts share
// (templates/page_open.html: "page-open"); a layout parses it with its own
// files and calls the part.
//
//go:embed templates/*.html
var Templates embed.FS

// PageOpen is the file of Templates that defines "page-open".
const PageOpen = "templates/page_open.html"

// Static is the static files, named as they are under static/ ("app.css").
var Static = mustSub(files, "static")

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic(err) // embedded at build time; cannot fail
	}
	return sub
}

// Stylesheet is Tableside's stylesheet (app.css). The league hub's pages use
// it too: the league looks like the table's score log.
func Stylesheet() []byte {
	b, err := fs.ReadFile(Static, "app.css")
	if err != nil {
		panic(err) // embedded at build time; cannot fail
	}
	return b
}
