package web

import (
	"bytes"
	"encoding/json"
	"fmt"
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
