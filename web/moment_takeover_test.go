package web_test

import (
	"fmt"
	"strings"
	"testing"
)

// The takeover moment (partials/moments.html): when a hostile takeover
// brings a headquarters down, the merger's card on the TV and the host
// says every value is halved and shows the fall (the headquarters'
// territory, the last roll's dice of each side, the losses); each seated phone
// reads it as one line under its sheet. The room test's game (roomSeed)
// reaches one.
func TestTakeoverMomentShowsTheHeadquartersFall(t *testing.T) {
	t.Parallel()
	app, host, phone, id := momentTable(t, boardMoments, "Ana", "Ben", "Cy")
	checked := false
	// The game stops at its takeover: what follows is not this test's.
	roomGame(t, app, id, func(at string) (more bool) {
		if at != "takeover" {
			return true
		}
		checked = true
		_, tv := newDevice(t, app).get(fmt.Sprintf("/games/%d/tv", id))
		_, hp := host.get(fmt.Sprintf("/games/%d", id))
		_, pp := phone.get(fmt.Sprintf("/games/%d", id))
		for screen, page := range map[string]string{"TV": tv, "host": hp} {
			at := strings.Index(page, `id="takeover-fall"`)
			if at < 0 {
				t.Errorf("%s: the takeover's card has no fall", screen)
				continue
			}
			fall := page[at:min(len(page), at+2500)]
			if !strings.Contains(page, "a hostile takeover halves every value") {
				t.Errorf("%s: the takeover's card does not say that every value is halved", screen)
			}
			for _, w := range []string{"headquarters in", "fell", "rolled", "→ taken"} {
				if !strings.Contains(fall, w) {
					t.Errorf("%s: the fall does not say %q: %s", screen, w, fall)
				}
			}
		}
		if !strings.Contains(pp, `class="moment-line takeover-line"`) || !strings.Contains(pp, "headquarters in") {
			t.Errorf("phone: no takeover line naming the headquarters")
		}
		if strings.Contains(pp, `class="moment-line battle-line"`) {
			t.Errorf("phone: the takeover's battle is told twice (a battle line beside the takeover's)")
		}
		return false
	})
	if !checked {
		t.Fatal("the game reached no hostile takeover")
	}
}
