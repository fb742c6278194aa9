package rulebook

// riskHouse is classic RISK as a club plays it: fixed card sets, and the
// optional Empire rule and rampaging neutral players.
var riskHouse = Book{
	Game:    "risk",
	Title:   "RISK (club house rules)",
	Blurb:   "Conquer the world, one territory at a time: reinforce, attack with dice, move your armies.",
	Players: "2 to 6 players, 2 to 4 hours",
	HowTo: []Part{
		{"The goal", "Hold every territory on the map."},
		{"Setting up", "The territory cards are dealt round, so everyone owns an even share of the map with one army on each. Then, one army at a time and in turn, everyone places the rest of their starting armies (20 each with 6 players, 5 more for each player fewer)."},
		{"A turn", "1. Reinforce: a third of your territories (at least 3), plus bonuses for whole continents, plus any card set you trade. 2. Attack as often as you like from a territory with 2 or more armies into an enemy neighbour; dice decide. 3. Move armies once between two of your neighbouring territories. If you conquered anything, take a card."},
		{"The end", "A player with no territories is out; their cards go to whoever knocked them out."},
		{"How to win", "The last player on the map wins."},
	},
	Sections: []Section{
		{Title: "The map and the deck", How: "42 territories in 6 continents, and a deck of 44 cards.", Clauses: []Clause{
			{ID: "risk.general", Title: "Standard RISK, with changes", Text: "Everything not changed by this house's rules plays as in the RISK box."},
			{ID: "risk.board.map", Title: "The map", Text: "42 territories grouped into 6 continents: North America, South America, Europe, Africa, Asia and Australia."},
			{ID: "risk.board.deck", Title: "The deck", Text: "One card per territory plus 2 jokers: 44 cards. Each card shows infantry, cavalry or artillery; the table may change which territory shows which.", Rules: []string{}},
			{ID: "risk.ref.map", Title: "Borders", Text: "83 borders join the territories, 14 of them between continents; the map on every screen draws them."},
			{ID: "risk.ref.cards", Title: "Card symbols", Text: "14 cards of each symbol and 2 wild ones; which territory carries which symbol is the table's to edit."},
		}},
		{Steps: []string{"setup", "claim", "start"}, Title: "Setting up", How: "Deal the territories, then place your starting armies one at a time, in turn.", Clauses: []Clause{
			{ID: "risk.setup.armies", Title: "Starting armies", Text: "Each player starts with 40 armies with 2 players, 35 with 3, 30 with 4, 25 with 5 and 20 with 6 (neutral players count as players).", Rules: []string{"start-armies"}},
			{ID: "risk.setup.deal", Title: "Dealing the map", Text: "Once the first player is chosen, the shuffled territory cards are dealt face up, one each in turn, so the map is shared as evenly as it can be. Jokers stay out of the deal. Each player puts one army on each territory they were dealt.", Rules: []string{"claim-empty", "first-player"}},
			{ID: "risk.setup.place", Title: "Placing the rest", Text: "Starting after whoever got the last card, each player in turn puts one more army on a territory of their own, until all are down. (A setting lets everyone put several down at once.)", Rules: []string{"one-at-a-time", "own-territory"}},
		}},
		{Steps: []string{"place"}, Title: "Reinforce", How: "Count your new armies and put them on your own territories before attacking.", Clauses: []Clause{
			{ID: "risk.build.continents", Title: "Continent bonus", Text: "Holding a whole continent at the start of your turn adds armies: Asia 7, Europe 5, North America 5, Africa 3, Australia 2, South America 2."},
			{ID: "risk.build.basic", Title: "Territory count", Text: "Divide your territories by 3 and drop the fraction; you always get at least 3. Place them all before you attack.", Rules: []string{"place-first", "too-many", "move-count"}},
			{ID: "risk.ref.build", Title: "Adding it up", Text: "Your reinforcement is the territory count, plus continents, plus any card set you trade."},
			{ID: "risk.empire.count", Title: "Option: Empires", Text: "With the Empire rule, each group of 5 linked territories inside Africa, Asia, Europe or North America adds 1 army; a group of 7 inside Asia or North America adds 2."},
			{ID: "risk.empire.limits", Title: "Option: Empire limits", Text: "Several empires add up, but a player who holds a whole continent gets no empire armies at all."},
		}},
		{Steps: []string{"trade"}, Title: "Card sets", How: "Trade three cards that make a set for extra armies at the start of your turn.", Clauses: []Clause{
			{ID: "risk.cards.values", Title: "Fixed set values", Text: "Three artillery give 10 armies, three cavalry 8, three infantry 6, and one of each 8. Sets never grow in value.", Rules: []string{"card-set"}},
			{ID: "risk.ref.sets", Title: "Why the values stay put", Text: "The box's rules make each set worth more than the last; this house fixes them instead."},
			{ID: "risk.cards.held", Title: "Territories you hold", Text: "Each traded card naming a territory you hold puts 2 extra armies on that territory."},
			{ID: "risk.cards.set", Title: "What is a set", Text: "Three cards of one symbol, or one of each symbol. A joker stands in for any symbol.", Rules: []string{"not-a-set"}},
			{ID: "risk.cards.when", Title: "When to trade", Text: "One set at the start of your turn. If your turn began with 5 or 6 cards you may trade a second.", Rules: []string{"not-your-card", "one-set-a-turn", "trade-at-start"}},
			{ID: "risk.cards.five", Title: "Five cards", Text: "With 5 or more cards you must trade before placing.", Rules: []string{"must-trade"}},
			{ID: "risk.cards.elim", Title: "Knocking a player out", Text: "Whoever takes a player's last territory takes their cards. With 6 or more, they trade at once until 4 or fewer are left."},
		}},
		{Steps: []string{"attack", "defend", "move", "conquest.defend"}, Title: "Attack", How: "Attack an enemy neighbour from a territory with 2 or more armies; highest dice are compared, ties to the defender.", Clauses: []Clause{
			{ID: "risk.attack.who", Title: "Who may attack", Text: "From one of your territories with at least 2 armies, into a bordering territory held by someone else.", Rules: []string{"attack-enemy", "attack-from-own", "not-neighbour"}},
			{ID: "risk.dice.attack", Title: "Attacker's dice", Text: "Up to 3 dice, never more than the armies in the territory minus the one that must stay home.", Rules: []string{"attack-dice", "one-stays-home"}},
			{ID: "risk.dice.defend", Title: "Defender's dice", Text: "Up to 2 dice; 2 only with 2 or more armies there.", Rules: []string{"defender-dice"}},
			{ID: "risk.attack.defend", Title: "The defender chooses", Text: "The defending player picks 1 or 2 dice on their own phone. A setting makes every defender roll the most they may.", Rules: []string{"defend-dice", "defender-chooses", "no-defence"}},
			{ID: "risk.dice.compare", Title: "Reading the dice", Text: "Line up each side's dice from highest. Compare the highest pair, then the second pair; for each, the lower loses an army, and a tie is the defender's."},
			{ID: "risk.dice.odds", Title: "The odds", Text: "The chance on every attack button is exact: worked out over every way the dice can fall. Three dice against two: the defender loses two about 37% of the time."},
			{ID: "risk.dice.battle", Title: "Battles to the end", Text: "The chance of winning a whole battle follows from the chances of each single roll."},
			{ID: "risk.attack.movein", Title: "Moving in", Text: "After emptying a territory, move armies in: no fewer than the dice of your last roll, and one always stays behind.", Rules: []string{"leave-behind", "move-first", "no-conquest"}},
		}},
		{Steps: []string{"fortify"}, Title: "Fortify and draw", How: "Move armies once to a neighbouring territory of yours; take a card if you conquered.", Clauses: []Clause{
			{ID: "risk.fortify", Title: "One move", Text: "At the end of your turn, you may move armies once from one of your territories to a bordering one of yours, leaving at least one.", Rules: []string{"fortify-own", "no-fortify"}},
			{ID: "risk.cards.earn", Title: "A card for conquering", Text: "If you took at least one territory this turn, draw one card."},
		}},
		{Steps: []string{"neutral"}, Title: "Option: rampaging neutral players", How: "A neutral plays last: the real players share and place its armies, and big neutral groups rampage.", Clauses: []Clause{
			{ID: "risk.neutral.turn", Title: "A neutral's turn", Text: "A neutral player takes part like a player and always goes last."},
			{ID: "risk.neutral.setup", Title: "A neutral's setup", Text: "Its dealt territories get 1 army each. The rest of its starting armies are shared equally by the real players (a die decides who gets odd ones), who place them one at a time on its territories before their own.", Rules: []string{"neutral-first", "neutral-own-armies", "no-share"}},
			{ID: "risk.neutral.build", Title: "A neutral's reinforcements", Text: "It counts territories, continents and empires like anyone; the real players share its new armies and place them on its territories where they like.", Rules: []string{"neutral-territory"}},
			{ID: "risk.neutral.rampage", Title: "Rampage", Text: "A neutral territory with 8 or more armies rampages: a die picks one of its enemy neighbours, it attacks, moves in all but one army, and goes on until only one army is left of the group."},
			{ID: "risk.neutral.cards", Title: "A neutral's cards", Text: "A neutral that conquered draws a card, and trades its best set on its next turn."},
			{ID: "risk.neutral.many", Title: "Several neutrals", Text: "The table may add up to 4 neutrals, as the six colours allow."},
		}},
		{Title: "The end", How: "The last player on the map wins.", Clauses: []Clause{
			{ID: "risk.win", Title: "Winning", Text: "Take every territory and the game is yours."},
		}},
	},
}
