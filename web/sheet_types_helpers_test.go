package web_test

import (
	"regexp"
	"strings"
)

// moveTypeRE finds the command each move of a drawn sheet sends.
var moveTypeRE = regexp.MustCompile(`<input type="hidden" name="type" value="([^"]+)">`)

// moveTypes lists, in order, the command types of the moves drawn in html
// (a turn bar: the decision card is the seat's move sheet).
func moveTypes(html string) []string {
	var out []string
	for _, m := range moveTypeRE.FindAllStringSubmatch(html, -1) {
		out = append(out, m[1])
	}
	return out
}

// stepMoveTypes lists the command types of the moves drawn in one step of
// the sheet in html: the decision step's are the seat's decision card.
func stepMoveTypes(html, step string) []string {
	start := strings.Index(html, `<div class="sheet-step" data-step="`+step+`">`)
	if start < 0 {
		return nil
	}
	rest := html[start+1:]
	if end := strings.Index(rest, `<div class="sheet-step" `); end >= 0 {
		rest = rest[:end]
	}
	return moveTypes(rest)
}
