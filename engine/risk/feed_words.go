package risk

import (
	"fmt"

	"tableside/engine"
)

// DefenderOdds says, for the defender's feed line, how the battle fought
// by these throws stood and how rare its outcome was by the exact odds:
// " (9 against 6; a 1-in-40 result in your favour)". It is "" when the
// throws have no exact odds to compare with.
func DefenderOdds(rolls []Roll) string {
	if len(rolls) == 0 {
		return ""
	}
	b := MeasureThrows(rolls)
	if !b.Placed {
		return ""
	}
	whose := ""
	switch b.Lucky {
	case "defender":
		whose = " in your favour"
	case "attacker":
		whose = " in their favour"
	}
	return fmt.Sprintf(" (%d against %d; %s result%s)", b.StartAttacker, b.StartDefender, engine.OneInWords(b.OneIn), whose)
}
