package web

import "tableside/engine/cashcrash"

// Cash or Crash's own screens: its page's look, a seat's hand and stake in
// words for the laptop's open hand, and the last reveal as a cue.
func init() {
	register(viewScreens[cashcrash.View]{wrap: "sg cc", hand: cashcrashHand,
		cues: func(v cashcrash.View) liveCues { return liveCues{Battle: fingerprint(v.Last)} }}, "cashcrash")
}

func cashcrashHand(v cashcrash.View) []string {
	if v.Me == nil {
		return nil
	}
	say := func(cs []cashcrash.CardView) string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Text)
		}
		return listOrNone(out)
	}
	return []string{"Hand: " + say(v.Me.Hand), "Staked: " + say(v.Me.Staked)}
}
