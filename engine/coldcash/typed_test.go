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
