package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const osvEntry = `{"schema_version":"1.3.1","id":"GO-2099-0001","modified":"0001-01-01T00:00:00Z",
"aliases":["CVE-2099-1"],"summary":"x","affected":[
 {"package":{"name":"example.com/m","ecosystem":"Go"},"ranges":[{"type":"SEMVER","events":[{"introduced":"0"},{"fixed":"1.2.0"},{"introduced":"1.3.0"},{"fixed":"1.10.0"}]}]},
 {"package":{"name":"example.com/n","ecosystem":"Go"},"ranges":[{"type":"SEMVER","events":[{"introduced":"0"},{"fixed":"2.0.0"},{"introduced":"2.1.0"}]}]}]}`

// The database govulncheck reads from a directory: the three indexes and
// one file per entry, the newest fix per module (none when the flaw came
// back after it), and the module version's time where vulndb has none.
func TestIndexesTheOSVEntriesAsGovulncheckReadsThem(t *testing.T) {
	mod, out := t.TempDir(), filepath.Join(t.TempDir(), "db")
	if err := os.MkdirAll(filepath.Join(mod, "data", "osv"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(mod, "data", "osv", "GO-2099-0001.json"), []byte(osvEntry), 0o644)
	os.WriteFile(filepath.Join(mod, "v.info"), []byte(`{"Version":"v0.0.0-x","Time":"2099-01-02T03:04:05Z"}`), 0o644)
	dl, _ := json.Marshal(download{Path: "golang.org/x/vulndb", Dir: mod, Info: filepath.Join(mod, "v.info")})
	if n, err := run(strings.NewReader(string(dl)), out, ""); err != nil || n != 1 {
		t.Fatalf("run: %d entries, %v", n, err)
	}
	for file, want := range map[string]string{
		"index/db.json":      `{"modified":"2099-01-02T03:04:05Z"}`,
		"index/vulns.json":   `[{"id":"GO-2099-0001","modified":"2099-01-02T03:04:05Z","aliases":["CVE-2099-1"]}]`,
		"index/modules.json": `[{"path":"example.com/m","vulns":[{"id":"GO-2099-0001","modified":"2099-01-02T03:04:05Z","fixed":"1.10.0"}]},{"path":"example.com/n","vulns":[{"id":"GO-2099-0001","modified":"2099-01-02T03:04:05Z"}]}]`,
	} {
		got, err := os.ReadFile(filepath.Join(out, file))
		if err != nil || string(got) != want {
			t.Errorf("%s = %s (%v); want %s", file, got, err, want)
		}
	}
	var e map[string]any
	b, _ := os.ReadFile(filepath.Join(out, "ID", "GO-2099-0001.json"))
	if err := json.Unmarshal(b, &e); err != nil || e["modified"] != "2099-01-02T03:04:05Z" || e["summary"] != "x" {
		t.Errorf("entry = %s (%v); want the whole entry with the version's time", b, err)
	}
}

func TestRefusesADownloadThatFailed(t *testing.T) {
	_, err := run(strings.NewReader(`{"Path":"golang.org/x/vulndb","Error":"403 Forbidden"}`), t.TempDir(), "")
	if err == nil || !strings.Contains(err.Error(), "403 Forbidden") {
		t.Fatalf("err = %v; want the download's error", err)
	}
}

// A fix the fixes file names closes the module's open range (govulncheck
// then skips a version at or after it); a module whose fix vulndb lists
// keeps vulndb's; a fix for an entry not in the database is refused.
func TestFixesFileClosesAnOpenRange(t *testing.T) {
	mod, out := t.TempDir(), filepath.Join(t.TempDir(), "db")
	os.MkdirAll(filepath.Join(mod, "data", "osv"), 0o755)
	os.WriteFile(filepath.Join(mod, "data", "osv", "GO-2099-0001.json"), []byte(osvEntry), 0o644)
	os.WriteFile(filepath.Join(mod, "v.info"), []byte(`{"Version":"v0.0.0-x","Time":"2099-01-02T03:04:05Z"}`), 0o644)
	dl, _ := json.Marshal(download{Path: "golang.org/x/vulndb", Dir: mod, Info: filepath.Join(mod, "v.info")})
	fixes := filepath.Join(mod, "fixes.txt")
	os.WriteFile(fixes, []byte("# why\nGO-2099-0001 example.com/n v2.3.0 n's CHANGELOG 2.3.0\nGO-2099-0001 example.com/m 9.9.9 stale\n"), 0o644)
	if _, err := run(strings.NewReader(string(dl)), out, fixes); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(out, "index", "modules.json"))
	want := `[{"path":"example.com/m","vulns":[{"id":"GO-2099-0001","modified":"2099-01-02T03:04:05Z","fixed":"1.10.0"}]},{"path":"example.com/n","vulns":[{"id":"GO-2099-0001","modified":"2099-01-02T03:04:05Z","fixed":"2.3.0"}]}]`
	if string(got) != want {
		t.Errorf("modules.json = %s; want %s", got, want)
	}
	b, _ := os.ReadFile(filepath.Join(out, "ID", "GO-2099-0001.json"))
	if !strings.Contains(string(b), `{"introduced":"2.1.0"},{"fixed":"2.3.0"}`) {
		t.Errorf("entry = %s; want n's range closed at 2.3.0", b)
	}
	os.WriteFile(fixes, []byte("GO-2099-0002 example.com/n 2.3.0 nowhere\n"), 0o644)
	if _, err := run(strings.NewReader(string(dl)), out, fixes); err == nil || !strings.Contains(err.Error(), "GO-2099-0002") {
		t.Errorf("a fix for an unknown entry: err = %v", err)
	}
}
