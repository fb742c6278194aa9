package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/semver"
)

// zeroTime is how vulndb's OSV files say "no modification time".
const zeroTime = "0001-01-01T00:00:00Z"

// entry is the part of an OSV entry the indexes need; raw is the whole
// entry, written out as it came.
type entry struct {
	ID       string   `json:"id"`
	Modified string   `json:"modified"`
	Aliases  []string `json:"aliases,omitempty"`
	Affected []struct {
		Package struct {
			Name string `json:"name"`
		} `json:"package"`
		Ranges []osvRange `json:"ranges"`
	} `json:"affected"`
	raw map[string]any
}

type osvRange struct {
	Type   string `json:"type"`
	Events []struct {
		Introduced string `json:"introduced,omitempty"`
		Fixed      string `json:"fixed,omitempty"`
	} `json:"events"`
}

// moduleVuln and vuln are the rows of index/modules.json and index/vulns.json.
type moduleVuln struct {
	ID       string `json:"id"`
	Modified string `json:"modified"`
	Fixed    string `json:"fixed,omitempty"`
}

type module struct {
	Path  string       `json:"path"`
	Vulns []moduleVuln `json:"vulns"`
}

type vuln struct {
	ID       string   `json:"id"`
	Modified string   `json:"modified"`
	Aliases  []string `json:"aliases,omitempty"`
}

type database struct {
	modified string
	entries  []entry
}

// load reads every OSV file in dir; an entry without a modification time
// gets stamp.
func load(dir, stamp string) (*database, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no OSV files in %s (%v)", dir, err)
	}
	db := &database{}
	for _, f := range files {
		e, err := readEntry(f, stamp)
		if err != nil {
			return nil, err
		}
		if e.Modified > db.modified {
			db.modified = e.Modified
		}
		db.entries = append(db.entries, e)
	}
	return db, nil
}

func readEntry(file, stamp string) (entry, error) {
	var e entry
	b, err := os.ReadFile(file)
	if err != nil {
		return e, fmt.Errorf("read OSV entry: %w", err)
	}
	if err := json.Unmarshal(b, &e); err != nil {
		return e, fmt.Errorf("OSV entry %s: %w", file, err)
	}
	if err := json.Unmarshal(b, &e.raw); err != nil {
		return e, fmt.Errorf("OSV entry %s: %w", file, err)
	}
	if e.ID == "" || filepath.Base(file) != e.ID+".json" {
		return e, fmt.Errorf("OSV entry %s: id %q does not match the file name", file, e.ID)
	}
	if e.Modified == "" || e.Modified == zeroTime {
		e.Modified = stamp
		e.raw["modified"] = stamp
	}
	return e, nil
}

// write writes the indexes and the entries under out, replacing it.
func (db *database) write(out string) error {
	if err := os.RemoveAll(out); err != nil {
		return fmt.Errorf("clear %s: %w", out, err)
	}
	for _, d := range []string{"index", "ID"} {
		if err := os.MkdirAll(filepath.Join(out, d), 0o755); err != nil {
			return fmt.Errorf("make %s: %w", d, err)
		}
	}
	modules := map[string]*module{}
	var vulns []vuln
	for _, e := range db.entries {
		vulns = append(vulns, vuln{e.ID, e.Modified, e.Aliases})
		for _, a := range e.Affected {
			m := modules[a.Package.Name]
			if m == nil {
				m = &module{Path: a.Package.Name, Vulns: []moduleVuln{}}
				modules[a.Package.Name] = m
			}
			m.Vulns = append(m.Vulns, moduleVuln{e.ID, e.Modified, latestFixed(a.Ranges)})
		}
		if err := writeJSON(filepath.Join(out, "ID", e.ID+".json"), e.raw); err != nil {
			return err
		}
	}
	paths := make([]string, 0, len(modules))
	for p := range modules {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	mods := make([]*module, len(paths))
	for i, p := range paths {
		mods[i] = modules[p]
	}
	if err := writeJSON(filepath.Join(out, "index", "db.json"), map[string]string{"modified": db.modified}); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(out, "index", "modules.json"), mods); err != nil {
		return err
	}
	return writeJSON(filepath.Join(out, "index", "vulns.json"), vulns)
}

// latestFixed is the newest "fixed" version of the SEMVER ranges, or ""
// when the vulnerability was introduced again after it (no fix then):
// govulncheck skips fetching an entry whose fix is older than the module's
// version in use.
func latestFixed(ranges []osvRange) string {
	latest := ""
	for _, r := range ranges {
		if r.Type != "SEMVER" {
			continue
		}
		for _, ev := range r.Events {
			if ev.Fixed != "" && before(latest, ev.Fixed) {
				latest = ev.Fixed
			}
		}
		for _, ev := range r.Events {
			if ev.Introduced != "" && ev.Introduced != "0" && before(latest, ev.Introduced) {
				latest = ""
				break
			}
		}
	}
	return latest
}

// before orders OSV versions (semver without the "v"); "" is before all.
func before(a, b string) bool {
	if a == "" {
		return b != ""
	}
	return semver.Compare("v"+strings.TrimPrefix(a, "v"), "v"+strings.TrimPrefix(b, "v")) < 0
}

func writeJSON(file string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %s: %w", file, err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	return nil
}
