package web

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestMoveDataAttributeReadsBackAsTheSameJSON: a move's data written in a
// single-quoted attribute is read by an HTML parser as exactly the JSON sent,
// apostrophes, ampersands and angle brackets included.
func TestMoveDataAttributeReadsBackAsTheSameJSON(t *testing.T) {
	for _, data := range []string{`{}`, `{"from":4,"to":2}`, `{"name":"Ana's & <Ben>"}`} {
		doc, err := html.Parse(strings.NewReader(`<input name="data" ` + string(dataValue([]byte(data))) + `>`))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode && n.Data == "input" {
				for _, a := range n.Attr {
					if a.Key == "value" {
						got = append(got, a.Val)
					}
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
		if len(got) != 1 || got[0] != data {
			t.Errorf("data %s read back as %q", data, got)
		}
	}
}
