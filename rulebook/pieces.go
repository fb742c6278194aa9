package rulebook

import (
	"fmt"

	"tableside/engine/acquire"
	"tableside/engine/cashcrash"
	"tableside/engine/pctw"
	"tableside/engine/riskclassic"
	"tableside/engine/takeover"
)

// Piece is one thing to put on the table before the game starts, and what
// Tableside does about it: "" when the table needs the real thing; else
// what Tableside prints (Print, a print shop sheet's name) or replaces.
type Piece struct {
	Item  string
	Print string // the print shop sheet that makes it ("" for none)
	Note  string // what Tableside prints, replaces or keeps instead
}

// Pieces lists what a table of players needs for a game, the counts taken
// from the engines; nil for a game Tableside keeps no pieces for.
func Pieces(game string, players int) []Piece {
	switch game {
	case "coldcash":
		return []Piece{
			{Item: "A RISK map", Note: "in board mode the laptop keeps the map too; the table's map is for looking"},
			{Item: fmt.Sprintf("RISK armies in up to %d colours, one colour per company", 6)},
			{Item: "Black tiles (or any markers) for Mom & Pops"},
			{Item: "Territory cards", Print: "territory-cards", Note: "or let the laptop deal (setting: the app's deck)"},
			{Item: fmt.Sprintf("Money: %s for each of the %d players", moneyText(acquire.StartingCash), players), Note: "not needed: the laptop is the bank"},
			{Item: fmt.Sprintf("Stock certificates, %d per company", acquire.Certificates), Print: "certificates", Note: "optional: the laptop keeps every holding"},
			{Item: "Dice", Note: "optional: the laptop rolls, or the table types its own"},
			{Item: "A quick start for each player", Print: "quickstart-coldcash"},
		}
	case "risk":
		return []Piece{
			{Item: "A RISK map"},
			{Item: fmt.Sprintf("Armies in %d colours, %d for each player to start", players, riskclassic.StartTable[players])},
			{Item: "The 44 territory cards", Print: "territory-cards", Note: "the laptop deals and keeps every hand"},
			{Item: "Dice", Note: "optional: the laptop rolls, or the table types its own"},
			{Item: "A quick start for each player", Print: "quickstart-risk"},
		}
	case "pctw":
		tiles := pctw.DefaultBoard().Map.Len()
		return []Piece{
			{Item: "Two piecepacks: one lays the map, the other is the deck", Print: "piecepack", Note: "the print shop makes them (two sets)"},
			{Item: fmt.Sprintf("Stones or tokens in %d colours, %d for each player to start", players, pctw.StartArmies(tiles, players))},
			{Item: "Dice", Note: "not needed: the laptop rolls"},
			{Item: "The setup sheet", Print: "pctw-setup"},
			{Item: "A quick start for each player", Print: "quickstart-pctw"},
		}
	case "takeover":
		return []Piece{
			{Item: fmt.Sprintf("One piecepack: %d tiles and %d coins", takeover.Cells, len(takeover.AllPieces())), Print: "piecepack"},
			{Item: "The Takeover sheet for scores", Print: "takeover-sheet", Note: "optional: the laptop scores the game"},
			{Item: "A quick start for each player", Print: "quickstart-takeover"},
		}
	case "cashcrash":
		return []Piece{
			{Item: fmt.Sprintf("%d sets of the %d commodity cards, one set each", players, cashcrash.SetSize), Note: "the game's own cards: the laptop checks bids and keeps the score"},
			{Item: "The bid ladder", Print: "cash-or-crash-ladder", Note: "optional"},
			{Item: "A quick start for each player", Print: "quickstart-cashcrash"},
		}
	}
	return nil
}

// moneyText is dollars as the screens write them: $6,000.
func moneyText(n int) string {
	if n >= 1000 {
		return fmt.Sprintf("$%d,%03d", n/1000, n%1000)
	}
	return fmt.Sprintf("$%d", n)
}
