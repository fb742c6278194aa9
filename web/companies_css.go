package web

import (
	"fmt"
	"sort"
	"strings"

	"tableside/draw"
	"tableside/engine"
	"tableside/engine/acquire"
)

// companiesCSS is the stylesheet of the companies' colours, made at start
// from the engine's list (acquire.Colours), so no stylesheet retypes them:
// a background per company and the letter colour that reads on it, and
// the same for the RISK family's army colours (draw.OwnerColours).
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
	owners := make([]string, 0, len(draw.OwnerColours))
	for name := range draw.OwnerColours {
		owners = append(owners, name)
	}
	sort.Strings(owners)
	for _, name := range owners { // the RISK family's players
		fmt.Fprintf(&b, ".badge.cq-%s { background: %s; color: %s; }\n", name, draw.OwnerColours[name], engine.Ink(draw.OwnerColours[name]))
	}
	return []byte(b.String())
}
