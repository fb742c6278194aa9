package web_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// liveAttrs reads the seq and the held seats' gen a game page was drawn
// with ([data-live]'s data-seq and data-gen; no data-gen: none yet).
var liveAttrs = regexp.MustCompile(`data-live="[^"]*" data-seq="(\d+)"(?: data-gen="(\d+)")?`)

// A host page drawn just before a phone claims a seat, whose live stream
// opens just after, is sent its frame again at once, at the page's seq,
// with the claimed seat folded under "Answer for a player": the page says
// which seats phones held when it was drawn, so a claim between the page
// and its stream is never missed. A page drawn after the claim carries the
// claim's gen.
func TestHostStreamOpenedJustAfterAClaimDrawsTheClaim(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host := hostDevice(t, app)
	id := host.createGame("scorepad", "Ana", "Ben")
	page := func() (seq, gen string, body string) {
		t.Helper()
		code, body := host.get(fmt.Sprintf("/games/%d", id))
		m := liveAttrs.FindStringSubmatch(body)
		if code != 200 || m == nil {
			t.Fatalf("the host's page: %d, no live section with its seq: %.300s", code, body)
		}
		return m[1], m[2], body
	}
	seq, gen, body := page()
	if strings.Contains(body, "Answer for a player") {
		t.Fatal("before any phone joins, the host's page folds a seat")
	}
	// Ben's phone claims his seat after the page is drawn, before its stream opens.
	newDevice(t, app).join(joinURLFromQR(t, host, id), id, 1)
	path := fmt.Sprintf("/games/%d/live?after=%s", id, seq)
	if gen != "" {
		path += "&gen=" + gen
	}
	st := host.open(path, "")
	defer st.close()
	f := readFrame(t, st.next(t, "view"))
	if fmt.Sprint(f.Seq) != seq || !strings.Contains(f.HTML+f.Turn, "Answer for a player: Ben") {
		t.Errorf("the host's stream, opened after Ben's claim from a page drawn before it, first sent seq %d (page: %s) folding Ben: %v; want the page's seq drawn anew, Ben folded",
			f.Seq, seq, strings.Contains(f.HTML+f.Turn, "Answer for a player: Ben"))
	}
	seq2, gen2, body := page()
	if seq2 != seq || gen2 == "" || gen2 == gen || !strings.Contains(body, "Answer for a player: Ben") {
		t.Errorf("a host page drawn after the claim: seq %s, gen %q (before: %q); want the same seq, a new gen and Ben folded", seq2, gen2, gen)
	}
}
