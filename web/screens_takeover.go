package web

import (
	"fmt"

	"tableside/engine/takeover"
)

// Takeover's own screens: its page's look, and a seat's coins and cash in
// words for the laptop's open hand.
func init() {
	register(viewScreens[takeover.View]{wrap: "sg tk", hand: takeoverHand}, "takeover")
}

func takeoverHand(v takeover.View) []string {
	if v.Me == nil {
		return nil
	}
	var coins []string
	for _, c := range v.Me.Coins {
		coins = append(coins, c.Label)
	}
	return []string{"Coins: " + listOrNone(coins), fmt.Sprintf("Cash: %d", v.Me.Cash)}
}
