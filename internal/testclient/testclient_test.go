package testclient_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/testclient"
)

// A device keeps its cookies across requests, Get follows redirects while
// a post shows where it leads (unless FollowPosts), and everything it was
// sent is on its record.
func TestClientKeepsCookiesFollowsGetsAndRecordsWhatItWasSent(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/set", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "seat", Value: "2", Path: "/"})
		http.Redirect(w, r, "/who", http.StatusSeeOther)
	})
	mux.HandleFunc("/who", func(w http.ResponseWriter, r *http.Request) {
		ck, _ := r.Cookie("seat")
		fmt.Fprintf(w, "seat %v", ck != nil && ck.Value == "2")
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	c := testclient.New(t, srv.URL)
	if code, body := c.Get("/set"); code != http.StatusOK || body != "seat true" {
		t.Fatalf("GET /set: %d %q, want the redirect followed with the cookie", code, body)
	}
	if code, _ := c.PostForm("/set", nil); code != http.StatusSeeOther {
		t.Fatalf("a post followed its redirect: %d", code)
	}
	c.FollowPosts = true
	if code, body := c.PostForm("/set", nil); code != http.StatusOK || body != "seat true" {
		t.Fatalf("a following post: %d %q", code, body)
	}
	if got := c.Received(); strings.Count(got, "seat true") != 2 {
		t.Fatalf("the record holds %q", got)
	}
}

// The live stream reader hands over events by type, skipping others, and
// keeps every byte.
func TestStreamReadsEventsByTypeAndKeepsEveryByte(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "retry: 1000\n\nevent: ping\ndata: {}\n\nid: 7\nevent: view\ndata: {\"seq\":7,\"last\":%q}\n\n", r.Header.Get("Last-Event-ID"))
	}))
	defer srv.Close()
	c := testclient.New(t, srv.URL)
	st := c.Open(t, "/games/1/live", "6")
	if ev := st.Next(t, "view"); ev.ID != "7" || ev.Data != `{"seq":7,"last":"6"}` {
		t.Fatalf("view event: %+v", ev)
	}
	for range st.Events {
	}
	if !strings.Contains(st.Raw(), "event: ping") || !strings.Contains(c.Received(), "event: ping") {
		t.Fatalf("the skipped event is not on the record: %q", st.Raw())
	}
}

// IsRefusal tells a rule's refusal by its rule, whatever wraps it.
func TestIsRefusalReadsTheRuleThroughWrapping(t *testing.T) {
	err := fmt.Errorf("buy: %w", engine.Refuse("no-cash", "Ana has $100; the share costs $300."))
	if !testclient.IsRefusal(err, "no-cash") || !testclient.IsRefusal(err, "") || testclient.IsRefusal(err, "other") || testclient.IsRefusal(fmt.Errorf("disk full"), "") {
		t.Fatal("IsRefusal misread a refusal")
	}
	testclient.Refused(t, err, "no-cash", "$300")
}

// DecodeQR reads a BG Stats code that gozxing's camera-style and pure
// readers both misread at the size the server draws it (zbarimg reads it):
// the link it carries comes whole.
func TestDecodeQRReadsACodeGozxingMisreadsAtItsOwnSize(t *testing.T) {
	png, err := os.ReadFile("testdata/bgstats-misread.png")
	if err != nil {
		t.Fatal(err)
	}
	text := testclient.DecodeQR(t, png)
	if !strings.HasPrefix(text, "https://app.bgstatsapp.com/createPlay.html?data=") || !strings.HasSuffix(text, "%7D") || len(text) != 846 {
		t.Errorf("DecodeQR read %d characters: %.120s…; want the whole BG Stats link (846)", len(text), text)
	}
}
