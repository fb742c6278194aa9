package rulebook

// table is Tableside's own rules of play, the same in every game: whose
// move it is, what the host does, what a phone may see, what may be typed.
// A refusal whose rule is not one of a game's is explained here.
var table = Book{
	Game:  "table",
	Title: "Playing through Tableside",
	Blurb: "How the laptop and the phones take part in any game.",
	Sections: []Section{
		{Steps: []string{"admin"}, Title: "Playing through Tableside", How: "The laptop is the host; each phone is one seat.", Clauses: []Clause{
			{ID: "tbl.turn", Title: "Whose move it is", Text: "Only the moves on your sheet can be made now: every screen says whose move the table is waiting for. A move from the wrong seat, or at another moment of the game, is refused.", Rules: []string{"not-asked", "not-your-decision", "not-your-turn", "unknown-choice", "unknown-command", "wrong-phase", "wrong-step"}},
			{ID: "tbl.host", Title: "What the host does", Text: "The laptop is the host: it starts the game, changes settings, undoes, moves the turn on and answers for a player without a phone. Some moves are the host's alone.", Rules: []string{"host-moves-turn", "host-only"}},
			{ID: "tbl.phones", Title: "Your phone is yours", Text: "A phone acts only for its own seat, and what is secret (a hand, hidden shares, a stake, a statement) is shown only to its holder.", Rules: []string{"hand-is-secret", "own-phone-only", "own-seat-only", "own-statement-only"}},
			{ID: "tbl.seats", Title: "Seats", Text: "Each game is for a set number of players, chosen before it starts; a seat is one player.", Rules: []string{"no-players", "no-such-seat", "seats"}},
			{ID: "tbl.over", Title: "After the end", Text: "A finished game takes no more moves; the host can start the next one.", Rules: []string{"game-over"}},
			{ID: "tbl.input", Title: "What can be typed", Text: "Numbers are whole numbers within the limits shown beside them, and names must be ones the game knows. Anything else is refused with a message saying what was wrong, and nothing changes.", Rules: []string{"attack-mode", "bad-input", "malformed", "no-such-company", "no-such-territory", "not-a-number", "nothing-to-change", "positive-count", "whole-number"}},
			{ID: "tbl.settings", Title: "Settings", Text: "The host picks the table's settings when the game is made; each setting says what it changes and its usual value.", Rules: []string{"bad-setting", "mode", "settings"}},
			{ID: "tbl.names", Title: "Names", Text: "A player's name is a short line of ordinary characters, and no two players at the table share one.", Rules: []string{"duplicate-name", "name-characters", "name-empty", "name-invisible", "name-length"}},
			{ID: "tbl.dice", Title: "Real dice", Text: "A table rolling its own dice types what they show: each face 1 to 6, as many dice as each side may roll, and losses that the dice could cause.", Rules: []string{"battle-losses", "dice-count", "die-face", "losses"}},
			{ID: "tbl.odds", Title: "The odds helper", Text: "The odds page and each attack's chance take armies on both sides (at least 2 attacking); a plan of several battles is kept to a size the laptop can work out at once.", Rules: []string{"chain", "chain-too-long", "impossible-ending", "mompop", "no-armies", "no-defender", "one-territory", "plan-chance", "plan-too-big", "stop-early", "too-big", "too-many-armies"}},
			{ID: "tbl.books", Title: "The bank's books", Text: "Every dollar and share is counted: nobody's cash or shares may drop below zero, and the bank never makes money or certificates out of nothing. A correction must say why.", Rules: []string{"cash-conserved", "certificates-conserved", "empty-entry", "no-negative-cash", "no-negative-shares", "no-such-account", "no-such-asset", "positive-amount", "reason-required", "same-account"}},
			{ID: "tbl.requests", Title: "Phones asking the banker", Text: "When the laptop only keeps the bank, a phone's buy or sell is a request the host confirms or rejects, one at a time.", Rules: []string{"host-confirms-trades", "no-request", "one-request", "phone-trades"}},
		}},
	},
}
