package engine

// Teaching is the first-game mode's words on a viewer's sheet: what to do
// now, what each everyday choice does for this player, and the everyday
// moves that are missing now and why. Every number in it is the engine's.
type Teaching struct {
	Now    string   `json:"now"`
	Does   []Does   `json:"does,omitempty"`
	NotNow []Absent `json:"notNow,omitempty"`
}

// Does says what one everyday choice does for the player.
type Does struct {
	Label string `json:"label"`
	Does  string `json:"does"`
}

// Absent is an everyday move the sheet does not offer now. Why is the
// engine's own refusal of Try, the command a player would send for it, so
// a reason is never a retyped rule.
type Absent struct {
	Move string  `json:"move"`
	Why  string  `json:"why"`
	Try  Command `json:"-"`
}
