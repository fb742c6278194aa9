package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strings"
)

// fix is a fixed version the module's own release notes name and vulndb
// does not list yet: one line of the fixes file,
//
//	GO-2026-6872 github.com/labstack/echo/v4 4.16.3 WHERE-THE-FIX-IS-NAMED
type fix struct{ id, module, version, source string }

// readFixes reads the fixes file ("" for none): blank lines and # comments
// are skipped; every other line needs all four fields.
func readFixes(file string) ([]fix, error) {
	if file == "" {
		return nil, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("read fixes: %w", err)
	}
	defer f.Close()
	var fixes []fix
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w := strings.Fields(line)
		if len(w) < 4 {
			return nil, fmt.Errorf("%s:%d: want ID MODULE FIXED-VERSION SOURCE, got %q", file, n, line)
		}
		fixes = append(fixes, fix{w[0], w[1], strings.TrimPrefix(w[2], "v"), strings.Join(w[3:], " ")})
	}
	return fixes, sc.Err()
}

// amend closes an open range of a module in an entry with the fixed
// version its release notes name. A module whose ranges vulndb has all
// closed is left as vulndb has it and the line said to be stale, so
// the line can go; an entry or module not in the database is an error.
func (db *database) amend(fixes []fix) error {
	for _, fx := range fixes {
		i := db.find(fx.id)
		if i < 0 {
			return fmt.Errorf("fix for %s: no such entry in the database", fx.id)
		}
		done, err := db.entries[i].close(fx)
		if err != nil {
			return err
		}
		if done {
			slog.Info("vulndb lists no fix: added the one its module names", "id", fx.id, "module", fx.module, "fixed", fx.version, "source", fx.source)
		} else {
			slog.Warn("vulndb now lists a fix: the line in the fixes file can go", "id", fx.id, "module", fx.module)
		}
	}
	return nil
}

func (db *database) find(id string) int {
	for i, e := range db.entries {
		if e.ID == id {
			return i
		}
	}
	return -1
}

// close appends the fixed event to the module's open SEMVER ranges (whose
// last event is an introduction) in the raw entry and decodes the entry
// again from it; false when no range of the module is open.
func (e *entry) close(fx fix) (bool, error) {
	affected, _ := e.raw["affected"].([]any)
	found, closed := false, false
	for _, a := range affected {
		am, _ := a.(map[string]any)
		pkg, _ := am["package"].(map[string]any)
		if pkg["name"] != fx.module {
			continue
		}
		found = true
		ranges, _ := am["ranges"].([]any)
		for _, r := range ranges {
			rm, _ := r.(map[string]any)
			events, _ := rm["events"].([]any)
			if rm["type"] != "SEMVER" || len(events) == 0 {
				continue
			}
			if last, _ := events[len(events)-1].(map[string]any); last["introduced"] != nil {
				rm["events"] = append(events, map[string]any{"fixed": fx.version})
				closed = true
			}
		}
	}
	if !found {
		return false, fmt.Errorf("fix for %s: the entry does not name %s", fx.id, fx.module)
	}
	if !closed {
		return false, nil
	}
	b, err := json.Marshal(e.raw)
	if err != nil {
		return false, fmt.Errorf("fix for %s: %w", fx.id, err)
	}
	raw := e.raw
	if err := json.Unmarshal(b, e); err != nil {
		return false, fmt.Errorf("fix for %s: %w", fx.id, err)
	}
	e.raw = raw
	return true, nil
}
