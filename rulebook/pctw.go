package rulebook

// pctwBook is Piecepack Conquers the World: RISK on a map of piecepack tiles.
var pctwBook = Book{
	Game:    "pctw",
	Title:   "Piecepack Conquers the World",
	Blurb:   "A small RISK played on piecepack tiles: each suit is a continent, and the map wraps round at its edges.",
	Players: "2 to 4 players, about an hour",
	HowTo: []Part{
		{"The goal", "Hold every tile on the map."},
		{"Setting up", "Lay one piecepack's tiles out suit by suit; each suit is a continent. Take turns claiming empty tiles with one army each, then, still in turn, add armies to tiles you hold until everyone has placed their starting armies."},
		{"A turn", "1. Trade sets of cards for armies. 2. Place your armies: a third of your tiles (at least 3) plus continent bonuses. 3. Attack neighbouring enemy tiles as often as you like; dice decide. If you took a tile, draw a card. The player on your left goes next."},
		{"The end", "A player with no tiles is out; whoever knocked them out takes their cards."},
		{"How to win", "The last player on the map wins."},
	},
	Sections: []Section{
		{Title: "The map, the cards and the piecepack", How: "Tiles are territories, suits are continents, and a second piecepack's tiles are the cards.", Clauses: []Clause{
			{ID: "pctw.players", Title: "Players", Text: "2, 3 or 4 players."},
			{ID: "pctw.map", Title: "The map", Text: "The tiles of one piecepack, set out suit by suit, less the aces of Suns and Moons and the 5 of Moons: 21 territories in 4 continents. The host may lay them out differently."},
			{ID: "pctw.wrap", Title: "Wrap-around", Text: "Leaving the map at one edge brings you back at the opposite edge of the same row, like sailing round the globe. A setting wraps the columns too, or neither."},
			{ID: "pctw.deck", Title: "The cards", Text: "The second piecepack's tiles that match the map are shuffled face down as the deck; its two set-aside aces are wild."},
			{ID: "pp.suits", Title: "The four suits", Text: "Suns (red), Moons (black), Crowns (green) and Arms (blue)."},
			{ID: "pp.ranks", Title: "The six ranks", Text: "Each suit runs null (blank), ace (worth 1), then 2 to 5. Screens write a tile as its suit letter and rank: S0 is the null of Suns."},
			{ID: "pp.pieces", Title: "Tiles and coins", Text: "A piecepack has 24 square tiles and 24 coins small enough that four fit on a tile; the print shop makes both."},
			{ID: "pp.dice", Title: "Dice and pawns", Text: "A piecepack's dice and pawns are not needed: Tableside rolls, and the map marks the wrapping edges."},
		}},
		{Steps: []string{"setup", "claim", "start"}, Title: "Setting up", How: "Claim empty tiles one army at a time, then reinforce your own, in turn.", Clauses: []Clause{
			{ID: "pctw.setup.armies", Title: "Starting armies", Text: "Each player starts with 6 armies plus the tiles on the map shared out evenly among the players (fractions dropped).", Rules: []string{"start-armies"}},
			{ID: "pctw.setup.claim", Title: "Claiming", Text: "In turn, each player puts one army on an empty tile, until every tile is taken.", Rules: []string{"claim-empty", "first-player"}},
			{ID: "pctw.setup.reinforce", Title: "Reinforcing", Text: "Then, in turn, one army at a time on a tile you hold, until all are placed. (A setting lets everyone put several down at once.)", Rules: []string{"one-at-a-time", "own-territory"}},
		}},
		{Steps: []string{"place"}, Title: "Reinforce", How: "Place your new armies on your own tiles before attacking.", Clauses: []Clause{
			{ID: "pctw.build.continents", Title: "Continent bonus", Text: "Holding a whole suit pays extra armies: the smallest continent 2, the next 3, the two largest 4 each."},
			{ID: "pctw.build.basic", Title: "Tile count", Text: "You also get a third of your tiles, fraction dropped, at least 3 (a setting turns this off). Place them all before attacking.", Rules: []string{"place-first", "too-many", "move-count"}},
		}},
		{Steps: []string{"trade"}, Title: "Card sets", How: "Trade sets at the start of your turn; each set is worth more than the last.", Clauses: []Clause{
			{ID: "pctw.sets.shape", Title: "What is a set", Text: "Three cards of one suit, or of three different suits. A wild ace fills either.", Rules: []string{"not-a-set"}},
			{ID: "pctw.sets.worth", Title: "Rising values", Text: "The first set traded in the game gives 2 armies, the next 3, then 4, and each after that 2 more than the one before. Trade as many as you like at the start of your turn.", Rules: []string{"card-set", "not-your-card", "one-set-a-turn", "trade-at-start"}},
			{ID: "pctw.sets.five", Title: "Five cards", Text: "Starting a turn with 5 or more cards, trade until fewer than 5 remain.", Rules: []string{"must-trade"}},
			{ID: "pctw.sets.elim", Title: "Knocking a player out", Text: "Whoever takes a player's last tile takes their cards."},
		}},
		{Steps: []string{"attack", "defend", "move", "conquest.defend"}, Title: "Attack", How: "Attack an enemy neighbour from a tile with 2 or more armies; highest dice are compared, ties to the defender.", Clauses: []Clause{
			{ID: "pctw.attack.dice", Title: "Attacker's dice", Text: "Up to 3 dice, one fewer than the armies on the tile: one army always stays home.", Rules: []string{"attack-dice", "attack-enemy", "attack-from-own", "not-neighbour", "one-stays-home"}},
			{ID: "pctw.attack.defend", Title: "Defender's dice", Text: "Up to 2 dice, chosen by the defender on their phone (a setting always rolls the most).", Rules: []string{"defend-dice", "defender-chooses", "defender-dice", "no-defence"}},
			{ID: "pctw.attack.compare", Title: "Reading the dice", Text: "Sort each side's dice from highest and compare in pairs; the lower die loses an army, a tie goes to the defender, and unmatched attacker dice do nothing."},
			{ID: "pctw.attack.movein", Title: "Moving in", Text: "After emptying a tile, move armies in: no fewer than the dice of your last roll, and one always stays behind.", Rules: []string{"leave-behind", "move-first", "no-conquest"}},
			{ID: "pctw.turn.attack", Title: "Keep going", Text: "Attack again, from any of your tiles, as long as you have armies to attack with."},
		}},
		{Steps: []string{"fortify"}, Title: "End of the turn", How: "Draw a card if you conquered; the player to your left goes next.", Clauses: []Clause{
			{ID: "pctw.turn.card", Title: "A card, then the next player", Text: "If you took at least one tile, draw a card. Then the player on your left attacks next."},
			{ID: "pctw.turn.fortify", Title: "Option: a fortifying move", Text: "With this setting, you may end your turn by moving armies once between two neighbouring tiles of yours.", Rules: []string{"fortify-own", "no-fortify"}},
		}},
		{Title: "The end", How: "The last player on the map wins.", Clauses: []Clause{
			{ID: "pctw.win", Title: "Winning", Text: "Hold every tile and you win."},
		}},
	},
}
