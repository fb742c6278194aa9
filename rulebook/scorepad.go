package rulebook

// scorePad is the score pad: scores of any game, kept round by round.
var scorePad = Book{
	Game:    "scorepad",
	Title:   "Score pad (any game)",
	Blurb:   "Keep the scores of a game Tableside does not referee.",
	Players: "1 player or more",
	HowTo: []Part{
		{"How it works", "Each player writes their own points on their phone; the host can write for anyone and ends the game. The score log keeps the result."},
	},
	Sections: []Section{
		{Steps: []string{"score"}, Title: "Writing scores", How: "Write your points for the round; the host ends the game.", Clauses: []Clause{
			{ID: "sp.score", Title: "Your points", Text: "Each player writes their own points (whole numbers, within the pad's range) and may add a short note. The host may write for any player.", Rules: []string{"note-length", "own-score-only", "points-range"}},
			{ID: "sp.end", Title: "The end", Text: "The host ends the game; the highest total wins, or the lowest when the table plays low-wins."},
		}},
	},
}
