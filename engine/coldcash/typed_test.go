package coldcash

import (
	"strings"
	"testing"

	"tableside/engine"
)

// TestSettingsDecodeOnceIntoTypedFields checks that a new game's settings are
// read as one typed struct: what a form sends (the number 1999 for a name
// set, "on" for a check box) is understood, and a value of the wrong kind is
// refused with a message naming the field, so no game opens on a guess.
func TestSettingsDecodeOnceIntoTypedFields(t *testing.T) {
	seats := []engine.Seat{{Name: "A"}, {Name: "B"}}
	st, err := Rules{}.New(engine.Setup{Seats: seats, Settings: []byte(`{"names":1999,"mode":" board ","classicMin":"on","variableOrder":1,"defendMost":true,"seats":3}`)})
	if err != nil {
		t.Fatalf("form-shaped settings refused: %v", err)
	}
	set := st.(*State).Settings
	if set.Names != "1999" || set.Mode != ModeBoard || !set.ClassicMin || !set.VariableOrder || !set.DefendMost {
		t.Fatalf("settings read as %+v", set)
	}
	for field, raw := range map[string]string{
		"names":         `{"names":["1999"]}`,
		"mode":          `{"mode":true}`,
		"deck":          `{"mode":"board","deck":{"app":1}}`,
		"classicMin":    `{"mode":"board","classicMin":[true]}`,
		"variableOrder": `{"mode":"board","variableOrder":{}}`,
		"defendMost":    `{"mode":"board","defendMost":[]}`,
		"ending":        `{"mode":"board","ending":false}`,
		"foundReach":    `{"mode":"board","foundReach":[1]}`,
		"longEnd":       `{"mode":"board","longEnd":true}`,
		"phoneTrades":   `{"phoneTrades":{}}`,
	} {
		_, err := Rules{}.New(engine.Setup{Seats: seats, Settings: []byte(raw)})
		if !engine.IsRefusal(err) || !strings.Contains(err.Error(), field) {
			t.Errorf("settings %s: err %v; want a refusal naming %q", raw, err, field)
		}
	}
}

// TestNewGameSettingsCheckedAgainstTheTypedStruct checks that the new-game
// route's check knows exactly the settings New decodes: every Settings key is
// taken, an unknown one or one of the wrong kind is refused naming it.
func TestNewGameSettingsCheckedAgainstTheTypedStruct(t *testing.T) {
	all := `{"names":1999,"mode":"board","hiddenAtMerger":"count","hostileRounding":"exact","phoneTrades":"direct","deck":"app","ending":"short","classicMin":"on","variableOrder":true,"defendMost":0,"foundReach":"chain","longEnd":""}`
	if err := (Rules{}).CheckSettings([]byte(all)); err != nil {
		t.Fatalf("every setting New reads: %v", err)
	}
	for _, k := range engine.JSONKeys[Settings]() {
		if !strings.Contains(all, `"`+k+`"`) {
			t.Errorf("Settings key %q is not in the typed settings", k)
		}
	}
	for field, raw := range map[string]string{"colour": `{"colour":"red"}`, "mode": `{"mode":[1]}`, "classicMin": `{"classicMin":{}}`} {
		if err := (Rules{}).CheckSettings([]byte(raw)); !engine.IsRefusal(err) || !strings.Contains(err.Error(), field) {
			t.Errorf("%s: err %v; want a refusal naming %q", raw, err, field)
		}
	}
}
