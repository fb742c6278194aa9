package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// A live frame is one SSE "view" event whose data is a JSON header line
// (seq, status, cues) and then the three rendered parts as they are (the
// live region, the turn bar, the feed), separated by frameSep lines. The
// HTML rides outside JSON so that none of its quotes and newlines is
// escaped; app.js splits it back (frameOf).
type liveFrameHeader struct {
	Seq    int64     `json:"seq"`
	Status string    `json:"status"`
	Cues   *liveCues `json:"cues,omitempty"`
}

// frameSep separates a frame's parts. An empty HTML comment can never be
// in a part: html/template drops a template's comments, escapes every "<"
// of the data, and no HTML the server draws in Go holds one.
const frameSep = "\n<!---->\n"

// appendFrame appends msg to buf as a live frame.
func appendFrame(buf *bytes.Buffer, msg liveMessage) error {
	h := liveFrameHeader{Seq: msg.Seq, Status: msg.Status}
	if c := cuesOf(msg.View); c != (liveCues{}) {
		h.Cues = &c
	}
	head, err := json.Marshal(h)
	if err != nil {
		return fmt.Errorf("frame header: %w", err)
	}
	fmt.Fprintf(buf, "id: %d\nevent: view\n", msg.Seq)
	data := string(head) + "\n" + compactHTML(msg.HTML) + frameSep + compactHTML(msg.Turn) + frameSep + compactHTML(msg.Feed)
	writeSSEData(buf, data)
	buf.WriteByte('\n') // a blank line ends the event
	return nil
}

// writeSSEData writes s as an event's data: one "data:" line per line
// (the browser joins them back with newlines). A carriage return would end
// a line in the browser's reading too, so it is one here.
func writeSSEData(buf *bytes.Buffer, s string) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	for line := range strings.SplitSeq(s, "\n") {
		buf.WriteString("data: ")
		buf.WriteString(line)
		buf.WriteByte('\n')
	}
}

var (
	// keepSpace are the elements whose white space is shown as it is.
	keepSpace = regexp.MustCompile(`(?is)<(pre|textarea)\b.*?</(pre|textarea)>`)
	// lineBreaks are runs of white space that hold a line break: the
	// templates' indentation and blank lines.
	lineBreaks = regexp.MustCompile(`[ \t]*[\r\n][ \t\r\n]*`)
)

// compactHTML turns each run of white space that holds a line break into one
// space, outside <pre> and <textarea>: the page lays it out the same (such a
// run is one space to the browser), and a frame drops the templates'
// indentation and needs one data line instead of hundreds.
func compactHTML(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	at := 0
	for _, m := range keepSpace.FindAllStringIndex(s, -1) {
		b.WriteString(lineBreaks.ReplaceAllLiteralString(s[at:m[0]], " "))
		b.WriteString(s[m[0]:m[1]])
		at = m[1]
	}
	b.WriteString(lineBreaks.ReplaceAllLiteralString(s[at:], " "))
	return b.String()
}
