package web

import "strings"

// compactHTML turns each run of white space that holds a line break into one
// space, outside <pre> and <textarea>: the page lays it out the same (such a
// run is one space to the browser), and a frame drops the templates'
// indentation and needs one data line instead of hundreds. It is one pass
// over the HTML: a live frame of a Cold Cash screen is tens of KB, and two
// regular expressions over it (they were) cost a quarter of the server's
// CPU under the Cold Cash load.
func compactHTML(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	at := 0
	for at < len(s) {
		start, end := keptBlock(s, at)
		if start < 0 {
			break
		}
		collapseBreaks(&b, s[at:start])
		b.WriteString(s[start:end])
		at = end
	}
	collapseBreaks(&b, s[at:])
	return b.String()
}

// keptBlock finds the next element from at whose white space is shown as it
// is: from "<pre" or "<textarea" (any case, then no word character) to the
// first "</pre>" or "</textarea>" after it. It returns -1 when there is
// none (an opening without any closing after it keeps nothing, and nor can
// any later one).
func keptBlock(s string, at int) (start, end int) {
	for i := at; i < len(s); i++ {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return -1, -1
		}
		i += j
		if i+1 < len(s) && s[i+1]|0x20 != 'p' && s[i+1]|0x20 != 't' {
			continue // most tags: not a kept block's
		}
		for _, name := range [...]string{"pre", "textarea"} {
			open := i + 1 + len(name)
			if open > len(s) || !strings.EqualFold(s[i+1:open], name) || open < len(s) && isWordByte(s[open]) {
				continue
			}
			if close := closingTag(s, open); close >= 0 {
				return i, close
			}
			return -1, -1
		}
	}
	return -1, -1
}

// closingTag is the end of the first "</pre>" or "</textarea>" (any case)
// from at, or -1.
func closingTag(s string, at int) int {
	for i := at; i < len(s); i++ {
		j := strings.Index(s[i:], "</")
		if j < 0 {
			return -1
		}
		i += j
		for _, tag := range [...]string{"pre>", "textarea>"} {
			if end := i + 2 + len(tag); end <= len(s) && strings.EqualFold(s[i+2:end], tag) {
				return end
			}
		}
	}
	return -1
}

// collapseBreaks writes s with each run of spaces, tabs and line breaks
// that holds a line break as one space; a run without one is kept. It
// jumps from line break to line break (strings.IndexByte): most of a
// frame's bytes are in no such run.
func collapseBreaks(b *strings.Builder, s string) {
	next := func(s string) int { return strings.IndexByte(s, '\n') }
	if strings.IndexByte(s, '\r') >= 0 { // a carriage return alone breaks a line too
		next = func(s string) int { return strings.IndexAny(s, "\r\n") }
	}
	for {
		i := next(s)
		if i < 0 {
			b.WriteString(s)
			return
		}
		start, end := i, i+1
		for start > 0 && isSpaceByte(s[start-1]) {
			start--
		}
		for end < len(s) && isSpaceByte(s[end]) {
			end++
		}
		b.WriteString(s[:start])
		b.WriteByte(' ')
		s = s[end:]
	}
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
