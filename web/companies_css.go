package web

import (
	"fmt"
	"sort"
	"strings"

	"tableside/engine"
	"tableside/engine/acquire"
)

// companiesCSS is the stylesheet of the companies' colours, made at start
// from the engine's list (acquire.Colours), so no stylesheet retypes them:
// a background per company and the letter colour that reads on it.
func companiesCSS() []byte {
	colours := acquire.Colours()
	ids := make([]string, 0, len(colours))
	for id := range colours {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	b.WriteString("/* Made by Tableside from the engine's company colours. */\n")
	for _, id := range ids {
		fmt.Fprintf(&b, ".co-%s { background: %s; color: %s; }\n", id, colours[id], engine.Ink(colours[id]))
	}
	return []byte(b.String())
}
