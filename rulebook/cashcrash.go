package rulebook

// cashCrash is Cash or Crash, the bluffing card game.
var cashCrash = Book{
	Game:    "cashcrash",
	Title:   "Cash or Crash",
	Blurb:   "Bid on how much gold, oil and wheat lies face down on the table, and call SELL! when someone overreaches.",
	Players: "2 to 8 players, 30 to 90 minutes",
	HowTo: []Part{
		{"The goal", "Be the last player with cards."},
		{"Setting up", "Everyone gets the same set of 10 commodity cards. A random player opens the first round; each later round is opened by the next player to the left."},
		{"A round", "Everyone stakes 2 cards face down. The opener bids a number of one good (\"3 oil\": at least 3 oil icons among all staked cards). Then, in turn, each player raises the bid, stakes another card while raising and changing the goods, or calls SELL! on the last bid."},
		{"SELL!", "All stakes are turned up and the icons counted. If the bid is there, the caller loses; if not, the bidder loses. The loser discards every card they staked; everyone else takes theirs back."},
		{"How to win", "A player with no cards left is out. The last one holding cards wins."},
	},
	Sections: []Section{
		{Title: "Cards and bids", How: "Bids count icons across everyone's staked cards.", Clauses: []Clause{
			{ID: "coc.players", Title: "Players", Text: "2 to 8 players."},
			{ID: "coc.setup.cards", Title: "The cards", Text: "Each player holds an identical set of 10 cards, each showing gold, oil or wheat icons. The host types the set once.", Rules: []string{"card-set"}},
			{ID: "coc.setup.first", Title: "Who opens", Text: "A random player opens the first round; the job then passes to the left each round."},
			{ID: "coc.bid.kinds", Title: "Simple and combo bids", Text: "A simple bid names one good and a number (\"4 wheat\"). A combo bid names several goods with the same number each (\"2 gold and 2 oil\", said \"2 gold and oil\"); mixed numbers are not allowed.", Rules: []string{"bid-goods", "bid-quantity"}},
			{ID: "coc.secrecy", Title: "Secrets", Text: "Your hand and your stake are shown only on your own phone."},
		}},
		{Steps: []string{"setup", "stake", "cashcrash.stake"}, Title: "Stake your cards", How: "Choose cards from your hand to lay face down: they are your bet and your inside information.", Clauses: []Clause{
			{ID: "coc.round.stake", Title: "Staking", Text: "Before any bid, each player secretly stakes 2 cards. Then the opener makes a simple bid.", Rules: []string{"already-staked", "already-started", "card-twice", "not-in-hand", "stake-at-start", "stake-size"}},
			{ID: "coc.redzone.swap", Title: "The red zone", Text: "At the start of a round, a player with 4 cards or fewer may swap one card in hand for one of their own discards, so nobody can be sure what they hold.", Rules: []string{"red-zone", "swap-before-stake", "swap-once"}},
			{ID: "coc.redzone.last", Title: "Down to one card", Text: "A player starting a round with a single card takes one back from their discards so they can stake two.", Rules: []string{"recover-last-card"}},
		}},
		{Steps: []string{"bid", "cashcrash.bid"}, Title: "Bid", How: "Raise the bid, stake another card and change the bid, or call SELL!", Clauses: []Clause{
			{ID: "coc.round.turn", Title: "Your options", Text: "On your turn: raise the bid (a higher number, or one more good at the same number; every good already named stays in it), stake one more card to change the goods, or call SELL! on the last bid.", Rules: []string{"no-challenge", "not-bidding", "open-first", "opening-simple", "own-bid", "raise-higher", "raise-keeps-goods", "setting-raise"}},
			{ID: "coc.round.add", Title: "Staking another card", Text: "A card added mid-round comes with a bid at least one higher that must change what is bid: another good, or another mix.", Rules: []string{"add-card-change", "add-card-raise", "add-which-card"}},
			{ID: "coc.round.limit", Title: "Four at most", Text: "Nobody stakes more than 4 cards in a round; with 4 down you may only raise or call SELL!.", Rules: []string{"stake-limit"}},
		}},
		{Steps: []string{"answer", "cashcrash.answer", "doubled", "cashcrash.doubled", "forfeit", "cashcrash.forfeit"}, Title: "SELL!", How: "Every stake is shown: a bid that is there costs the caller, a bid that is not costs the bidder.", Clauses: []Clause{
			{ID: "coc.challenge", Title: "The reveal", Text: "Everyone turns their stake up and the icons are counted. The bid holds if every good named reaches its number. The loser discards their whole stake; the others take theirs back.", Rules: []string{"nothing-to-sell"}},
			{ID: "coc.double.call", Title: "Option: DOUBLE!", Text: "With doubling on, the challenged bidder may call DOUBLE! before the reveal. The caller then either goes on, or withdraws and must raise or stake instead.", Rules: []string{"not-doubled", "withdrawn-must-raise"}},
			{ID: "coc.double.cost", Title: "Option: the doubled loss", Text: "After a double, the loser also discards as many cards again from their hand, of their choosing.", Rules: []string{"forfeit-count", "nothing-to-forfeit"}},
			{ID: "coc.double.cards", Title: "Option: who may double", Text: "Only a bidder with enough cards in hand to pay the extra may double; a caller who is short and loses is out.", Rules: []string{"double-needs-cards"}},
		}},
		{Steps: []string{"recover", "cashcrash.recover"}, Title: "Taking cards back", How: "Some rules give lost cards back: pick which ones.", Clauses: []Clause{
			{ID: "coc.blitz.recover", Title: "Blitz: winning out of turn", Text: "In Blitz, a player who calls SELL! out of turn and wins takes back two of their lost cards.", Rules: []string{"not-in-discards", "nothing-to-recover", "recover-count"}},
		}},
		{Title: "The end", How: "The last player with cards wins.", Clauses: []Clause{
			{ID: "coc.end", Title: "Out of cards", Text: "A player whose last card is gone is out for good. When only one player has cards, they win.", Rules: []string{"eliminated"}},
		}},
		{Title: "Variants", How: "Endurance is slower, Blitz is wilder; the table picks before the start.", Clauses: []Clause{
			{ID: "coc.endurance.bids", Title: "Endurance: small steps", Text: "Stake 1 card to start and at most 3. Open with 1 of a single good. Each raise is one step: one higher, or one more good. A staked card comes with a simple bid one higher.", Rules: []string{"add-card-endurance", "opening-one", "raise-one-step", "setting-variant"}},
			{ID: "coc.endurance.redzone", Title: "Endurance: red zone", Text: "The red zone starts at 3 cards, and a last card brings nothing back."},
			{ID: "coc.blitz.limit", Title: "Blitz: no limit", Text: "Stake as many cards as you like; the red zone applies all the time."},
			{ID: "coc.blitz.last", Title: "Blitz: one card is out", Text: "A player left with a single card is out."},
			{ID: "coc.blitz.outofturn", Title: "Blitz: out of turn", Text: "Anyone may raise, stake or call SELL! at any moment; play carries on to the left of whoever acted. The opening bid stays the opener's."},
		}},
	},
}
