package games_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"tableside/engine"
	"tableside/games"
)

// settingsJSON is what the new-game form sends for values (key -> typed
// text): numbers and true/false as JSON, the rest as strings.
func settingsJSON(values map[string]string) json.RawMessage {
	obj := map[string]any{}
	for k, v := range values {
		switch {
		case v == "true" || v == "false":
			obj[k] = v == "true"
		default:
			if n, err := strconv.Atoi(v); err == nil {
				obj[k] = n
			} else {
				obj[k] = v
			}
		}
	}
	b, _ := json.Marshal(obj)
	return b
}

func seats(n int) []engine.Seat {
	var out []engine.Seat
	for i := range n {
		out = append(out, engine.Seat{Name: fmt.Sprintf("P%d", i+1)})
	}
	return out
}

// Every game describes its settings, its defaults open a game with nothing
// typed, and every choice it offers is one its New accepts: the form can
// never offer a value the game refuses.
func TestEveryGameDescribesSettingsItAccepts(t *testing.T) {
	for _, r := range games.All() {
		sd, ok := r.(engine.SettingsDescriber)
		if !ok {
			t.Fatalf("%s does not describe its settings (engine.SettingsDescriber)", r.Kind())
		}
		ss := sd.Settings()
		if len(ss) == 0 {
			t.Fatalf("%s describes no settings", r.Kind())
		}
		defaults := map[string]string{}
		keys := map[string]bool{}
		for _, s := range ss {
			if s.Key == "" || s.Label == "" || keys[s.Key] {
				t.Fatalf("%s: setting %+v has no key or label, or its key twice", r.Kind(), s)
			}
			keys[s.Key] = true
			defaults[s.Key] = s.Default
		}
		for _, s := range ss {
			if k, _, ok := s.WhenKey(); ok && !keys[k] {
				t.Fatalf("%s: %s depends on %q, which is not a setting", r.Kind(), s.Key, k)
			}
			switch s.Kind {
			case engine.SettingChoice:
				found := false
				for _, o := range s.Choices {
					found = found || o.Value == s.Default
					vals := map[string]string{}
					for k, v := range defaults {
						vals[k] = v
					}
					vals[s.Key] = o.Value
					if k, v, ok := s.WhenKey(); ok {
						vals[k] = v
					}
					if _, err := r.New(engine.Setup{Seats: seats(r.MinSeats()), Settings: settingsJSON(vals)}); err != nil {
						t.Fatalf("%s refuses its own choice %s=%s: %v", r.Kind(), s.Key, o.Value, err)
					}
					if err := r.CheckSettings(settingsJSON(vals)); err != nil {
						t.Fatalf("%s's strict check refuses its own choice %s=%s: %v", r.Kind(), s.Key, o.Value, err)
					}
				}
				if !found {
					t.Fatalf("%s: %s's default %q is not one of its choices", r.Kind(), s.Key, s.Default)
				}
			case engine.SettingBool:
				if s.Default != "true" && s.Default != "false" {
					t.Fatalf("%s: %s's default is %q, not true or false", r.Kind(), s.Key, s.Default)
				}
			case engine.SettingNumber:
				if n, err := strconv.Atoi(s.Default); err != nil || n < s.Min || n > s.Max {
					t.Fatalf("%s: %s's default %q is not a number from %d to %d", r.Kind(), s.Key, s.Default, s.Min, s.Max)
				}
			case engine.SettingText:
			default:
				t.Fatalf("%s: %s has no kind the form knows (%q)", r.Kind(), s.Key, s.Kind)
			}
		}
		if _, strict := r.(engine.SettingsChecker); !strict {
			t.Fatalf("%s does not check a new game's settings strictly (engine.SettingsChecker)", r.Kind())
		}
		if err := r.CheckSettings(settingsJSON(defaults)); err != nil {
			t.Fatalf("%s's strict check refuses its own defaults: %v", r.Kind(), err)
		}
		for _, n := range []int{r.MinSeats(), r.MaxSeats()} {
			if _, err := r.New(engine.Setup{Seats: seats(n), Settings: settingsJSON(defaults)}); err != nil {
				t.Fatalf("%s with its defaults and %d players: %v", r.Kind(), n, err)
			}
		}
	}
}
