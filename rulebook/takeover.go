package rulebook

// takeoverBook is Takeover, the piecepack merger game.
var takeoverBook = Book{
	Game:    "takeover",
	Title:   "Takeover (piecepack)",
	Blurb:   "Tiles are companies; stack them to merge them. Your coins are either cash now or stock that pays at the end.",
	Players: "2 to 6 players, about half an hour",
	HowTo: []Part{
		{"The goal", "End with the most money: cash coins plus the worth of the companies your stock coins match."},
		{"Setting up", "Shuffle the 24 tiles into a grid 6 wide and 4 deep, face up. Take turns drafting coins, one each, the order turning back every round, until none are left. Then everyone, in secret, turns each coin suit up (stock in that company) or value up (cash)."},
		{"A turn", "Merge two neighbouring companies or pass. Same suit: free. Different suits: pay the swallowed tile's value in cash coins. The swallowed company's stock turns into cash. Deals and coin trades are allowed at any time."},
		{"The end", "The game ends when no merger is possible, or everyone passes in a row."},
		{"How to win", "A stock coin is worth its company's top tile value plus 1 for every other tile in its stack; cash coins are worth their value. Highest total wins."},
	},
	Sections: []Section{
		{Title: "The table", How: "One piecepack: tiles are companies, coins are stock or cash.", Clauses: []Clause{
			{ID: "to.players", Title: "Players", Text: "2 to 6 players."},
		}},
		{Steps: []string{"setup", "draft", "conceal", "takeover.draft", "takeover.conceal"}, Title: "Setting up", How: "Lay out the grid, draft the coins in snake order, then choose stock or cash in secret.", Clauses: []Clause{
			{ID: "to.setup.grid", Title: "The grid", Text: "All 24 tiles, shuffled, face up in 4 rows of 6. The host can type the grid as it was laid on the table.", Rules: []string{"layout-24-tiles", "layout-tile-twice", "layout-unknown-tile"}},
			{ID: "to.setup.draft", Title: "The draft", Text: "A roll picks the first drafter. Each player takes one coin in turn; after each round the order reverses. Continue until all coins are taken.", Rules: []string{"coin-taken", "not-drafting"}},
			{ID: "to.setup.conceal", Title: "Stock or cash", Text: "Everyone then decides in secret, on their own phone, which coins are stock (suit up) and which are cash (value up). That choice is final.", Rules: []string{"already-laid", "not-concealing"}},
		}},
		{Steps: []string{"play", "takeover.play"}, Title: "Your turn: merge or pass", How: "Stack one company onto a neighbour; a different suit costs the swallowed tile's value in cash.", Clauses: []Clause{
			{ID: "to.play.turn", Title: "Merge or pass", Text: "Starting with the first drafter, each turn you merge two companies or pass.", Rules: []string{"not-playing"}},
			{ID: "to.merge.free", Title: "Same suit: free", Text: "Two companies side by side (not diagonally) in the same suit merge for free: pick one up, with everything under it, and put it on the other.", Rules: []string{"empty-cell", "merge-cells", "merge-itself", "no-such-cell", "not-neighbours"}},
			{ID: "to.merge.cashout", Title: "The swallowed stock", Text: "The company underneath is the one swallowed: the company moved on top of it lives on. Whoever holds the swallowed company's stock coin turns it value up: it is cash now."},
			{ID: "to.merge.cost", Title: "Different suits: pay", Text: "Merging companies of different suits costs the face value of the swallowed company's top tile (the one underneath; its stack does not count). Pay with cash coins; any change is lost. Swallowing a null tile costs nothing.", Rules: []string{"cost-not-covered", "merge-is-free", "null-pays-nothing", "pay-with-cash"}},
			{ID: "to.merge.special", Title: "Long-distance merger", Text: "A null coin that has become cash can be thrown away to merge two companies that share a row or a column with nothing but empty table between them; the usual cost applies.", Rules: []string{"special-needs-null"}},
		}},
		{Steps: []string{"give"}, Title: "Deals", How: "Hand coins to another player at any time, as agreed across the table.", Clauses: []Clause{
			{ID: "to.play.deals", Title: "Trading coins", Text: "Players may make deals and hand over stock or cash coins whenever they like. A coin keeps its face; only the receiver sees it.", Rules: []string{"coin-twice", "give-to-whom", "give-what", "not-your-coin"}},
		}},
		{Title: "The end and the score", How: "No merger left, or everyone passed: count stock and cash.", Clauses: []Clause{
			{ID: "to.end", Title: "When it ends", Text: "When nobody can merge any more, or every player has passed one after another. (A setting decides whether \"can\" means with the coins they hold or just on the board.)", Rules: []string{"setting-end-when"}},
			{ID: "to.score", Title: "Scoring", Text: "A stock coin scores its company's top tile value plus 1 for every other tile below it: a 4 resting on two other tiles is worth 6. Each cash coin scores its value. Highest total wins."},
		}},
	},
}
