package web

import (
	"bytes"
	"strings"
	"testing"

	"tableside/engine/coldcash"
	"tableside/engine/conquest"
)

func TestCompactHTMLTurnsLineBreaksIntoOneSpaceButKeepsPreAndTextarea(t *testing.T) {
	in := "<div>\n    <p>a</p>\r\n\n  <span>b</span> <span>c</span>\n<pre>x\n  y</pre>\n\t<textarea>1\n 2</textarea>\n</div>"
	want := "<div> <p>a</p> <span>b</span> <span>c</span> <pre>x\n  y</pre> <textarea>1\n 2</textarea> </div>"
	if got := compactHTML(in); got != want {
		t.Fatalf("compactHTML:\n got %q\nwant %q", got, want)
	}
}

func TestLiveFrameSendsItsHTMLUnescapedWithTheCuesAndNotTheView(t *testing.T) {
	battle := &conquest.Battle{Attacker: 0, Defender: 1, From: 2, To: 3, Mode: "roll", AttLost: 1}
	msg := liveMessage{Seq: 7, Status: "playing", View: conquest.View{Last: battle, Help: []string{"secret-view-text"}},
		HTML: "<p class=\"x\">\n  one\n</p>\n<pre>a\nb</pre>", Turn: "", Feed: "<li data-seq=\"7\">Ana attacks</li>"}
	var buf bytes.Buffer
	if err := appendFrame(&buf, msg); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	want := "id: 7\nevent: view\n" +
		"data: {\"seq\":7,\"status\":\"playing\",\"cues\":{\"battle\":\"" + fingerprint(battle) + "\"}}\n" +
		"data: <p class=\"x\"> one </p> <pre>a\ndata: b</pre>\ndata: <!---->\ndata: \ndata: <!---->\n" +
		"data: <li data-seq=\"7\">Ana attacks</li>\n\n"
	if got != want {
		t.Fatalf("frame:\n got %q\nwant %q", got, want)
	}
	if strings.Contains(got, "secret-view-text") || fingerprint(battle) == "" {
		t.Fatal("the frame carries the view, or the battle has no fingerprint")
	}
}

func TestLiveFrameCuesChangeWithTheBattleAndTheMerger(t *testing.T) {
	a := cuesOf(conquest.View{Last: &conquest.Battle{AttLost: 1}})
	b := cuesOf(conquest.View{Last: &conquest.Battle{DefLost: 1}})
	if a.Battle == "" || a.Battle == b.Battle || cuesOf(conquest.View{}) != (liveCues{}) {
		t.Fatalf("battle cues %+v %+v: two battles must differ, no battle must be empty", a, b)
	}
	if !cuesOf(coldcash.View{Merger: &coldcash.MergerView{}}).Merger || cuesOf(coldcash.View{}).Merger {
		t.Fatal("an open merger must be cued, and only then")
	}
}
