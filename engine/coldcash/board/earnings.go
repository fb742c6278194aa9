package board

import (
	"sort"

	"tableside/engine"
)

// MaxRestructureMoves is how many free moves a restructure allows.
const MaxRestructureMoves = 3

// Move is a free move of teams from one territory to another.
type Move struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Teams int    `json:"teams"`
}

// FreeMove moves teams of corporation corp from one of its territories to
// another reached through its own territories only, leaving at least one
// team behind.
func FreeMove(g *Geography, b Board, corp string, mv Move) (Board, error) {
	if err := refuseUnknown(g, mv.From, mv.To); err != nil {
		return b, err
	}
	if b.Owner(mv.From) != corp || corp == "" {
		return b, engine.Refuse("move-own-teams", "%s is not held by the corporation moving.", g.Name(mv.From))
	}
	if b.Owner(mv.To) != corp {
		return b, engine.Refuse("move-own-land", "Teams move only into the corporation's own territories; %s is not one.", g.Name(mv.To))
	}
	if mv.From == mv.To {
		return b, engine.Refuse("move-somewhere", "A move needs two different territories.")
	}
	if mv.Teams < 1 || mv.Teams > b.Land[mv.From].Teams-1 {
		return b, engine.Refuse("leave-one-team", "%s has %d teams: move 1 to %d, leaving at least one behind.", g.Name(mv.From), b.Land[mv.From].Teams, b.Land[mv.From].Teams-1)
	}
	reach := connected(g, mv.From, func(t string) bool { return b.Owner(t) == corp })
	if !contains(reach, mv.To) {
		return b, engine.Refuse("connected-own-land", "No path from %s to %s runs through the corporation's own territories only: teams cannot move through another's land.", g.Name(mv.From), g.Name(mv.To))
	}
	nb := b.Clone()
	from, to := nb.Land[mv.From], nb.Land[mv.To]
	from.Teams -= mv.Teams
	to.Teams += mv.Teams
	nb.Land[mv.From], nb.Land[mv.To] = from, to
	return nb, nil
}

// Restructure makes one to three free moves for corp, in order; the same
// teams may move more than once.
func Restructure(g *Geography, b Board, corp string, moves []Move) (Board, error) {
	if len(moves) < 1 || len(moves) > MaxRestructureMoves {
		return b, engine.Refuse("restructure-moves", "A restructure is 1 to %d free moves, not %d.", MaxRestructureMoves, len(moves))
	}
	nb := b
	for _, mv := range moves {
		var err error
		if nb, err = FreeMove(g, nb, corp, mv); err != nil {
			return b, err
		}
	}
	return nb, nil
}

// PlaceHires puts a corporation's hired teams on its territories: want maps
// territory -> teams and must add up to exactly hired.
func PlaceHires(g *Geography, b Board, corp string, hired int, want map[string]int) (Board, error) {
	total := 0
	for _, t := range sortedKeys(want) {
		if err := refuseUnknown(g, t); err != nil {
			return b, err
		}
		if b.Owner(t) != corp || corp == "" {
			return b, engine.Refuse("hire-own-land", "Hired teams go only on the corporation's own territories; %s is not one.", g.Name(t))
		}
		if want[t] < 0 {
			return b, engine.Refuse("hire-count", "A number of teams cannot be negative.")
		}
		total += want[t]
	}
	if total != hired {
		return b, engine.Refuse("hire-count", "The corporation hires %d teams; %d were placed.", hired, total)
	}
	return b.withTeams(1, want), nil
}

// Removable is how many of corp's teams can be fired: all but one in each
// territory, since a territory a corporation holds keeps at least one team.
func Removable(b Board, corp string) int {
	n := 0
	for _, t := range b.Held(corp) {
		n += b.Land[t].Teams - 1
	}
	return n
}

// Downsize removes teams: as many as the corporation would hire, or every
// removable team when it has fewer. remove maps territory -> teams.
func Downsize(g *Geography, b Board, corp string, fire int, remove map[string]int) (Board, error) {
	due := fire
	if r := Removable(b, corp); r < due {
		due = r
	}
	total := 0
	for _, t := range sortedKeys(remove) {
		if err := refuseUnknown(g, t); err != nil {
			return b, err
		}
		if b.Owner(t) != corp || corp == "" {
			return b, engine.Refuse("downsize-own-land", "Only the corporation's own teams can be fired; %s is not its territory.", g.Name(t))
		}
		if remove[t] < 0 || remove[t] > b.Land[t].Teams-1 {
			return b, engine.Refuse("keep-one-team", "%s has %d teams: fire at most %d, keeping one.", g.Name(t), b.Land[t].Teams, b.Land[t].Teams-1)
		}
		total += remove[t]
	}
	if total != due {
		return b, engine.Refuse("downsize-count", "Downsizing fires %d teams; %d were chosen.", due, total)
	}
	return b.withTeams(-1, remove), nil
}

func sortedKeys(m map[string]int) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// withTeams is a copy of the board with change's teams hired (sign 1) or
// fired (sign -1): change maps territory -> teams, already checked.
func (b Board) withTeams(sign int, change map[string]int) Board {
	nb := b.Clone()
	for t, n := range change {
		h := nb.Land[t]
		h.Teams += sign * n
		nb.Land[t] = h
	}
	return nb
}
