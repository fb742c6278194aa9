package web

// Stylesheet is Tableside's stylesheet (static/app.css), for the league
// hub's pages: the league looks like the table's score log.
func Stylesheet() []byte {
	b, err := assets.ReadFile("static/app.css")
	if err != nil {
		panic(err) // embedded at build time; cannot fail
	}
	return b
}
