package coldcash

import "tableside/engine/coldcash/board"

// openCmd rings the opening bell; with the table's deck it lists each
// player's first territory card (or a form's first0, first1, ...).
type openCmd struct {
	First texts
	Rows  textRows
}

func (c *openCmd) fields() []field {
	return []field{{name: "first", to: &c.First, rule: "malformed", must: "a list of each player's first territory card"}, {name: "first#", to: &c.Rows}}
}

// placeCmd places a Mom & Pop on a territory, with a card of the hand.
type placeCmd struct{ Territory, Card text }

func (c *placeCmd) fields() []field {
	return []field{{name: "territory", to: &c.Territory}, {name: "card", to: &c.Card}}
}

// consentCmd is a CEO's yes or no to a friendly merger.
type consentCmd struct {
	Company text
	Agree   flag
}

func (c *consentCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}, {name: "agree", to: &c.Agree, required: true}}
}

// meetingCmd calls a stockholders' meeting to elect nominee CEO.
type meetingCmd struct {
	Company text
	Nominee num
}

func (c *meetingCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}, {name: "nominee", to: &c.Nominee, required: true}}
}

// acceptCmd is the nominee's yes or no.
type acceptCmd struct{ Accept flag }

func (c *acceptCmd) fields() []field {
	return []field{{name: "accept", to: &c.Accept, required: true}}
}

// voteCmd is a stockholder's vote, for or against.
type voteCmd struct {
	Seat num
	For  flag
}

func (c *voteCmd) fields() []field {
	return []field{{name: "seat", to: &c.Seat}, {name: "for", to: &c.For, required: true}}
}

// attackCmd is one attack of a hostile takeover, fought with the app's
// dice (dice, defend, blitz, stop), real dice's faces or losses typed, or
// the face of a Mom & Pop's defence die typed.
type attackCmd struct {
	From, To                                       text
	Dice, Defend, Stop, AttackerLost, DefenderLost num
	Blitz                                          flag
	MomPop                                         num
	AttackerFaces, DefenderFaces                   faces
}

func (c *attackCmd) fields() []field {
	return []field{{name: "from", to: &c.From, required: true}, {name: "to", to: &c.To, required: true},
		{name: "dice", to: &c.Dice}, {name: "defend", to: &c.Defend}, {name: "blitz", to: &c.Blitz}, {name: "stop", to: &c.Stop},
		{name: "momPop", to: &c.MomPop, rule: "defence-die", must: "the face the Mom & Pop's one die shows, 1 to 6"},
		{name: "attackerFaces", to: &c.AttackerFaces}, {name: "defenderFaces", to: &c.DefenderFaces},
		{name: "attackerLost", to: &c.AttackerLost}, {name: "defenderLost", to: &c.DefenderLost}}
}

// occupyCmd moves teams into a territory just won.
type occupyCmd struct{ Teams num }

func (c *occupyCmd) fields() []field { return []field{{name: "teams", to: &c.Teams, required: true}} }

// moveCmd is a takeover's free move.
type moveCmd struct {
	From, To text
	Teams    num
}

func (c *moveCmd) fields() []field {
	return []field{{name: "from", to: &c.From, required: true}, {name: "to", to: &c.To, required: true}, {name: "teams", to: &c.Teams}}
}

// move is the free move it names.
func (c *moveCmd) move() board.Move {
	return board.Move{From: string(c.From), To: string(c.To), Teams: c.Teams.or(-1)}
}

// restructureCmd is a company's earnings restructure: a list of moves, or
// a form's rows from1, to1, teams1 up to from3, to3, teams3.
type restructureCmd struct {
	Company  text
	Moves    movesField
	From, To textRows
	Teams    numRows
}

func (c *restructureCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}, {name: "moves", to: &c.Moves},
		{name: "from#", to: &c.From}, {name: "to#", to: &c.To}, {name: "teams#", to: &c.Teams}}
}

// moves are the restructure's moves: the list, or the form's rows (rows
// left blank are skipped; a row's teams default to 1).
func (c *restructureCmd) moves() []board.Move {
	if c.Moves.sent {
		return c.Moves.list
	}
	var out []board.Move
	for i := 1; i <= board.MaxRestructureMoves; i++ {
		from, to := string(c.From[i]), string(c.To[i])
		if from == "" && to == "" {
			continue
		}
		out = append(out, board.Move{From: from, To: to, Teams: c.Teams[i].or(1)})
	}
	return out
}

// teamsCmd hires (place) or downsizes (remove) a company's teams, by
// territory.
type teamsCmd struct {
	Company  text
	Teams    teamsAt
	removing bool // downsize: the field is "remove", and required
}

func (c *teamsCmd) fields() []field {
	if c.removing {
		return []field{{name: "company", to: &c.Company, required: true}, {name: "remove", to: &c.Teams, required: true}}
	}
	return []field{{name: "company", to: &c.Company, required: true}, {name: "place", to: &c.Teams}}
}

// defendCmd is the defending CEO's dice.
type defendCmd struct{ Dice num }

func (c *defendCmd) fields() []field { return []field{{name: "dice", to: &c.Dice, required: true}} }
