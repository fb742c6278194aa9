package attack

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// A full disk, on the real binary: the server runs in a mount namespace of
// its own (unshare) where its data folder is a 1 MiB tmpfs, and the host
// scores until a write fails. The refusal says the disk is full (507), in
// the table's words; /healthz names it; and every answered score, and
// nothing else, is in the game: the refused commands left no trace.
func TestAttackFullDiskIsNamedAndNothingIsHalfWritten(t *testing.T) {
	dir := t.TempDir()
	wrap := []string{"unshare", "--map-root-user", "--mount", "sh", "-c",
		`mount -t tmpfs -o size=1m tmpfs "$1" && shift && exec "$@"`, "sh", dir}
	s := StartWrapped(t, filepath.Join(dir, "tableside.db"), wrap)
	game := s.CreateGame("scorepad", "Ana", "Ben")

	answered, refused := 0, 0
	var before string
	for i := 0; i < 20000 && refused < 3; i++ {
		if refused > 0 && before == "" {
			before = s.Log(game)
		}
		code, body := s.Host.Command(game, "score", map[string]int{"seat": i % 2, "points": 1}, fmt.Sprint("full-", i))
		switch code {
		case http.StatusOK:
			if refused > 0 {
				t.Fatalf("a score was answered after the disk was full: %s", body)
			}
			answered++
		case http.StatusInsufficientStorage:
			if !strings.Contains(body, "disk is full") || !strings.Contains(body, "nothing changed") {
				t.Fatalf("the full disk is not named in the table's words: %s", body)
			}
			refused++
		default:
			t.Fatalf("score %d: %d %.300s", i, code, body)
		}
	}
	if refused == 0 {
		t.Fatalf("the 1 MiB disk never filled after %d scores", answered)
	}
	if after := s.Log(game); after != before {
		t.Fatal("a command refused for a full disk changed the game's log")
	}

	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, "/healthz", nil))
	if resp.StatusCode != http.StatusInsufficientStorage || !strings.Contains(body, "disk-full") {
		t.Fatalf("/healthz after a full disk: %d %s", resp.StatusCode, body)
	}

	resp, body = s.Host.Do(s.Host.Request(http.MethodGet, fmt.Sprintf("/games/%d/view", game), nil, "Accept", "application/json"))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("view: %d %.300s", resp.StatusCode, body)
	}
	var page struct {
		View struct {
			Totals []int `json:"totals"`
		} `json:"view"`
	}
	if err := json.Unmarshal([]byte(body), &page); err != nil || len(page.View.Totals) != 2 {
		t.Fatalf("view: %v %.300s", err, body)
	}
	if got := page.View.Totals[0] + page.View.Totals[1]; got != answered {
		t.Fatalf("the game holds %d points, but %d scores were answered", got, answered)
	}
	t.Logf("%d scores answered before the disk filled; %d refused as a full disk", answered, refused)
}
