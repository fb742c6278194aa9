package coldcash

import "tableside/engine/coldcash/board"

// openCmd rings the opening bell; with the table's deck it lists each
// player's first territory card (or a form's first0, first1, ...).
type openCmd struct {
	First []string       `json:"first" rule:"malformed" must:"a list of each player's first territory card"`
	Rows  map[int]string `json:"first#"`
}

// placeCmd places a Mom & Pop on a territory, with a card of the hand.
type placeCmd struct {
	Territory string `json:"territory"`
	Card      string `json:"card"`
}

// consentCmd is a CEO's yes or no to a friendly merger.
type consentCmd struct {
	Company string `json:"company" args:"required"`
	Agree   bool   `json:"agree" args:"required"`
}

// meetingCmd calls a stockholders' meeting to elect nominee CEO.
type meetingCmd struct {
	Company string `json:"company" args:"required"`
	Nominee *int   `json:"nominee" args:"required"`
}

// acceptCmd is the nominee's yes or no.
type acceptCmd struct {
	Accept bool `json:"accept" args:"required"`
}

// voteCmd is a stockholder's vote, for or against.
type voteCmd struct {
	Seat *int `json:"seat"`
	For  bool `json:"for" args:"required"`
}

// attackCmd is one attack of a hostile takeover, fought with the app's
// dice (dice, defend, blitz, stop), real dice's faces or losses typed, or
// the face of a Mom & Pop's defence die typed.
type attackCmd struct {
	From          string `json:"from" args:"required"`
	To            string `json:"to" args:"required"`
	Dice          *int   `json:"dice"`
	Defend        *int   `json:"defend"`
	Blitz         bool   `json:"blitz"`
	Stop          *int   `json:"stop"`
	MomPop        *int   `json:"momPop" rule:"defence-die" must:"the face the Mom & Pop's one die shows, 1 to 6"`
	AttackerFaces []int  `json:"attackerFaces" rule:"malformed" must:"the faces of each die, like [6, 5, 2]"`
	DefenderFaces []int  `json:"defenderFaces" rule:"malformed" must:"the faces of each die, like [6, 5, 2]"`
	AttackerLost  *int   `json:"attackerLost"`
	DefenderLost  *int   `json:"defenderLost"`
}

// occupyCmd moves teams into a territory just won.
type occupyCmd struct {
	Teams *int `json:"teams" args:"required"`
}

// moveCmd is a takeover's free move.
type moveCmd struct {
	From  string `json:"from" args:"required"`
	To    string `json:"to" args:"required"`
	Teams *int   `json:"teams"`
}

// move is the free move it names.
func (c *moveCmd) move() board.Move {
	return board.Move{From: c.From, To: c.To, Teams: or(c.Teams, -1)}
}

// restructureCmd is a company's earnings restructure: a list of moves, or
// a form's rows from1, to1, teams1 up to from3, to3, teams3.
type restructureCmd struct {
	Company string         `json:"company" args:"required"`
	Moves   []board.Move   `json:"moves" rule:"malformed" must:"a list of 1 to 3 moves, each {from, to, teams}"`
	From    map[int]string `json:"from#"`
	To      map[int]string `json:"to#"`
	Teams   map[int]int    `json:"teams#"`
}

// moves are the restructure's moves: the list, or the form's rows (rows
// left blank are skipped; a row's teams default to 1).
func (c *restructureCmd) moves() []board.Move {
	if c.Moves != nil {
		return c.Moves
	}
	var out []board.Move
	for i := 1; i <= board.MaxRestructureMoves; i++ {
		from, to := c.From[i], c.To[i]
		if from == "" && to == "" {
			continue
		}
		teams, ok := c.Teams[i]
		if !ok {
			teams = 1
		}
		out = append(out, board.Move{From: from, To: to, Teams: teams})
	}
	return out
}

// hireCmd places a company's new teams, by territory.
type hireCmd struct {
	Company string         `json:"company" args:"required"`
	Teams   map[string]int `json:"place" rule:"malformed" must:"teams by territory, like {\"peru\": 2}"`
}

// downsizeCmd removes a company's teams, by territory.
type downsizeCmd struct {
	Company string         `json:"company" args:"required"`
	Teams   map[string]int `json:"remove" args:"required" rule:"malformed" must:"teams by territory, like {\"peru\": 2}"`
}

// defendCmd is the defending CEO's dice.
type defendCmd struct {
	Dice *int `json:"dice" args:"required"`
}
