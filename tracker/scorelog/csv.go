package scorelog

import (
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"tableside/scoring"
)

// Columns are the score log's CSV columns, in the order export writes them.
// docs/scores-csv.md describes each one.
var Columns = []string{"play", "game", "date", "time", "minutes", "place", "scoring", "tableside_game", "notes",
	"player", "colour", "score", "rank", "winner", "start", "breakdown"}

// requiredColumns must be in every file; the others may be left out.
var requiredColumns = []string{"play", "game", "date", "scoring", "player"}

// playColumns hold the play's details, repeated on each of its rows; every
// row of a play must agree on them.
var playColumns = []string{"game", "date", "time", "minutes", "place", "scoring", "tableside_game", "notes"}

// ExportCSV writes every play in the log (deleted ones left out), oldest
// first, one row per player per play. Exporting, importing into an empty
// database and exporting again gives the same bytes.
func (s *Store) ExportCSV(ctx context.Context, w io.Writer) error {
	plays, err := s.Plays(ctx, scoring.Filter{})
	if err != nil {
		return fmt.Errorf("export csv: %w", err)
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns); err != nil {
		return fmt.Errorf("export csv: %w", err)
	}
	for _, p := range plays {
		for _, pl := range p.Players {
			if err := cw.Write(csvRow(p, pl)); err != nil {
				return fmt.Errorf("export csv: %w", err)
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("export csv: %w", err)
	}
	return nil
}

func csvRow(p scoring.Play, pl scoring.Player) []string {
	return []string{neutral(p.Key), neutral(p.Game), p.Date, p.Time, intOrEmpty(int64(p.Minutes)), neutral(p.Place), string(p.Scoring), intOrEmpty(p.GameID), neutral(p.Notes),
		neutral(pl.Name), pl.Colour, scoreText(pl.Score), strconv.Itoa(pl.Rank), flag(pl.Winner), flag(pl.Start), breakdownJSON(pl.Breakdown)}
}

// textColumns hold free text someone typed. A spreadsheet opening the file
// runs a cell starting with = + - @ (or a tab or CR before them) as a
// formula, so export writes such cells with a leading apostrophe (OWASP's
// advice for CSV injection) and import takes exactly that apostrophe off
// again. The other columns are dates, numbers (a score of -5 stays -5),
// flags, colours or JSON, each checked by its own format, and are written
// as they are.
var textColumns = map[string]bool{"play": true, "game": true, "place": true, "notes": true, "player": true}

// formulaStart reports whether a cell starting like v would be run as a
// formula by a spreadsheet.
func formulaStart(v string) bool {
	return v != "" && strings.IndexByte("=+-@\t\r", v[0]) >= 0
}

// escaped reports whether v starts with one or more apostrophes and then a
// formula character: the shape export gives a neutralised cell.
func escaped(v string) bool {
	rest := strings.TrimLeft(v, "'")
	return len(rest) < len(v) && formulaStart(rest)
}

// neutral is a text cell as export writes it. A value that already looks
// escaped ('=x typed as a name) gets one more apostrophe, so import, which
// takes exactly one off, gives back what was typed.
func neutral(v string) string {
	if formulaStart(v) || escaped(v) {
		return "'" + v
	}
	return v
}

// unneutral undoes neutral on import.
func unneutral(v string) string {
	if escaped(v) {
		return v[1:]
	}
	return v
}

func intOrEmpty(n int64) string {
	if n == 0 {
		return ""
	}
	return strconv.FormatInt(n, 10)
}

func scoreText(s *int) string {
	if s == nil {
		return ""
	}
	return strconv.Itoa(*s)
}

func flag(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// Problem is one thing wrong with an import file, at a line.
type Problem struct {
	Line int    // line of the file, from 1 (the header)
	Play string // the play key, when the row names one
	Msg  string
}

func (p Problem) String() string {
	if p.Play != "" {
		return fmt.Sprintf("line %d (play %s): %s", p.Line, p.Play, p.Msg)
	}
	return fmt.Sprintf("line %d: %s", p.Line, p.Msg)
}

// ImportError is the report of a refused import: every problem found, and
// the promise that nothing was imported.
type ImportError struct{ Problems []Problem }

func (e *ImportError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "nothing imported: %d problem", len(e.Problems))
	if len(e.Problems) != 1 {
		b.WriteString("s")
	}
	for _, p := range e.Problems {
		b.WriteString("\n  " + p.String())
	}
	return b.String()
}

// maxProblems stops a report on a file that is not a score log at all.
const maxProblems = 200

// csvPlay is a play read from a file: where its rows were and the play.
type csvPlay struct {
	first int // the line of its first row
	play  scoring.Play
}

// ImportCSV reads a score log CSV file and adds every play in it, all or
// nothing: any problem (malformed row, unknown column, bad date, a play
// already in the log or in the file twice) gives an *ImportError naming every
// bad row by line, and nothing is imported. It returns the plays added.
func (s *Store) ImportCSV(ctx context.Context, r io.Reader) (int, error) {
	plays, probs := parseCSV(r)
	if len(probs) == 0 {
		existing, err := s.load(ctx, s.db, true)
		if err != nil {
			return 0, fmt.Errorf("import: %w", err)
		}
		probs = checkDuplicates(plays, existing)
	}
	if len(probs) > 0 {
		return 0, &ImportError{Problems: probs}
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		people := known{}
		for i := range plays {
			if err := insertPlay(ctx, tx, &plays[i].play, people); err != nil {
				return fmt.Errorf("line %d: %w", plays[i].first, err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("import (nothing imported): %w", err)
	}
	return len(plays), nil
}

// parseCSV reads and checks a whole file, collecting every problem.
func parseCSV(r io.Reader) ([]*csvPlay, []Problem) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, []Problem{{Line: 1, Msg: "the file is empty; the first line must name the columns"}}
	}
	if err != nil {
		return nil, []Problem{{Line: 1, Msg: "the header is not CSV: " + err.Error()}}
	}
	col, probs := readHeader(header)
	if len(probs) > 0 {
		return nil, probs
	}
	var plays []*csvPlay
	byKey := map[string]*csvPlay{}
	names := nameSeen{}
	lastKey := "" // the play key of the row before, bad or not
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		line := 0
		var pe *csv.ParseError
		if err == nil {
			line, _ = cr.FieldPos(0)
		} else if errors.As(err, &pe) {
			line = pe.StartLine
		}
		if len(probs) >= maxProblems {
			probs = append(probs, Problem{Line: line, Msg: fmt.Sprintf("stopped reading after %d problems: is this a Tableside score log?", maxProblems)})
			return nil, probs
		}
		prevKey := lastKey
		if i := col["play"]; i < len(rec) {
			lastKey = strings.TrimSpace(unneutral(rec[i]))
		}
		if err != nil {
			probs = append(probs, Problem{Line: line, Msg: "malformed CSV: " + err.Error()})
			continue
		}
		if len(rec) != len(header) {
			probs = append(probs, Problem{Line: line, Msg: fmt.Sprintf("malformed row: %d fields, the header has %d", len(rec), len(header))})
			continue
		}
		get := func(name string) string {
			i, ok := col[name]
			switch {
			case !ok:
				return ""
			case textColumns[name]:
				return unneutral(rec[i])
			}
			return rec[i]
		}
		p, pl, msg := parseRow(get)
		if msg != "" {
			probs = append(probs, Problem{Line: line, Play: p.Key, Msg: msg})
			continue
		}
		if msg := names.check(pl, line); msg != "" {
			probs = append(probs, Problem{Line: line, Play: p.Key, Msg: msg})
			continue
		}
		cp, ok := byKey[p.Key]
		switch {
		case !ok:
			cp = &csvPlay{first: line, play: p}
			byKey[p.Key] = cp
			plays = append(plays, cp)
		case prevKey != p.Key:
			probs = append(probs, Problem{Line: line, Play: p.Key, Msg: fmt.Sprintf("a duplicate play: the key was used by the play at line %d, whose rows ended before this one", cp.first)})
			continue
		default:
			if f := differingField(cp.play, p); f != "" {
				probs = append(probs, Problem{Line: line, Play: p.Key, Msg: fmt.Sprintf("the %s differs from the play's first row (line %d); each row of a play repeats its details", f, cp.first)})
				continue
			}
		}
		cp.play.Players = append(cp.play.Players, pl)
	}
	for _, cp := range plays {
		if err := scoring.Normalize(&cp.play); err != nil {
			probs = append(probs, Problem{Line: cp.first, Play: cp.play.Key, Msg: err.Error()})
		}
	}
	sortProblems(probs)
	return plays, probs
}

// names checks that a person's name is written one way and has one colour.
type nameSeen map[string]nameEntry

type nameEntry struct {
	name, colour string
	line         int
}

func (n nameSeen) check(pl scoring.Player, line int) string {
	k := strings.ToLower(pl.Name)
	e, ok := n[k]
	if !ok {
		n[k] = nameEntry{pl.Name, pl.Colour, line}
		return ""
	}
	if e.name != pl.Name {
		return fmt.Sprintf("%q is written %q at line %d; write a person's name the same way every time", pl.Name, e.name, e.line)
	}
	if e.colour != pl.Colour {
		return fmt.Sprintf("%s's colour %q differs from %q at line %d", pl.Name, pl.Colour, e.colour, e.line)
	}
	return ""
}

// readHeader maps column names to positions, refusing unknown, repeated and
// missing columns.
func readHeader(header []string) (map[string]int, []Problem) {
	known := map[string]bool{}
	for _, c := range Columns {
		known[c] = true
	}
	col := map[string]int{}
	var probs []Problem
	for i, h := range header {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		switch {
		case !known[h]:
			probs = append(probs, Problem{Line: 1, Msg: fmt.Sprintf("unknown column %q (column %d); the columns are %s", h, i+1, strings.Join(Columns, ", "))})
		case seen(col, h):
			probs = append(probs, Problem{Line: 1, Msg: fmt.Sprintf("column %q appears twice", h)})
		default:
			col[h] = i
		}
	}
	for _, c := range requiredColumns {
		if _, ok := col[c]; !ok {
			probs = append(probs, Problem{Line: 1, Msg: fmt.Sprintf("missing column %q", c)})
		}
	}
	return col, probs
}

func seen(col map[string]int, h string) bool { _, ok := col[h]; return ok }

// parseRow reads one row into its play's details and one player, or says
// what is wrong with it.
func parseRow(get func(string) string) (scoring.Play, scoring.Player, string) {
	p := scoring.Play{Key: strings.TrimSpace(get("play")), Game: get("game"), Date: get("date"), Time: get("time"), Place: get("place"),
		Scoring: scoring.Scoring(get("scoring")), Notes: get("notes")}
	pl := scoring.Player{Name: strings.TrimSpace(get("player")), Colour: get("colour")}
	if !scoring.ValidKey(p.Key) {
		return p, pl, fmt.Sprintf("the play key %q is not 1 to 40 letters, digits, - or _", p.Key)
	}
	var err error
	if p.Minutes, err = optInt(get("minutes")); err != nil {
		return p, pl, fmt.Sprintf("minutes %q is not a whole number", get("minutes"))
	}
	gid, err := optInt(get("tableside_game"))
	if err != nil || gid < 0 {
		return p, pl, fmt.Sprintf("tableside_game %q is not a game number", get("tableside_game"))
	}
	p.GameID = int64(gid)
	if v := strings.TrimSpace(get("score")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return p, pl, fmt.Sprintf("score %q is not a whole number", v)
		}
		pl.Score = &n
	}
	if pl.Rank, err = optInt(get("rank")); err != nil {
		return p, pl, fmt.Sprintf("rank %q is not a whole number", get("rank"))
	}
	if pl.Winner, err = parseFlag(get("winner")); err != nil {
		return p, pl, fmt.Sprintf("winner %q is not 1 or 0", get("winner"))
	}
	if pl.Start, err = parseFlag(get("start")); err != nil {
		return p, pl, fmt.Sprintf("start %q is not 1 or 0", get("start"))
	}
	if b := strings.TrimSpace(get("breakdown")); b != "" {
		if err := json.Unmarshal([]byte(b), &pl.Breakdown); err != nil {
			return p, pl, fmt.Sprintf("breakdown %q is not a JSON object of whole numbers, like {\"cash\":12000}", b)
		}
	}
	// Check the play's own fields now, so a bad date is reported at its row.
	probe := p
	probe.Players = []scoring.Player{{Name: "x", Score: new(int), Rank: 1}}
	if probe.Scoring == scoring.WinLose || probe.Scoring == scoring.Ranks {
		probe.Players[0].Score = nil
	}
	if err := scoring.Normalize(&probe); err != nil {
		return p, pl, err.Error()
	}
	if err := scoring.CheckName(pl.Name); err != nil {
		return p, pl, err.Error()
	}
	switch {
	case p.Scoring.Points() && pl.Score == nil:
		return p, pl, fmt.Sprintf("%s has no score, and %s is a points game (scoring %s)", pl.Name, p.Game, p.Scoring)
	case !p.Scoring.Points() && pl.Score != nil:
		return p, pl, fmt.Sprintf("%s has a score, but %s is scored %s, without points", pl.Name, p.Game, p.Scoring)
	case p.Scoring == scoring.Ranks && pl.Rank < 1:
		return p, pl, fmt.Sprintf("%s has no rank, and %s is scored by finishing order", pl.Name, p.Game)
	}
	return p, pl, ""
}

func optInt(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	return strconv.Atoi(s)
}

func parseFlag(s string) (bool, error) {
	switch strings.TrimSpace(s) {
	case "", "0":
		return false, nil
	case "1":
		return true, nil
	}
	return false, errors.New("not a flag")
}

// differingField names the first play detail in which b differs from a.
func differingField(a, b scoring.Play) string {
	vals := func(p scoring.Play) []string {
		return []string{p.Game, p.Date, p.Time, strconv.Itoa(p.Minutes), p.Place, string(p.Scoring), strconv.FormatInt(p.GameID, 10), p.Notes}
	}
	va, vb := vals(a), vals(b)
	for i := range va {
		if va[i] != vb[i] {
			return playColumns[i]
		}
	}
	return ""
}

// checkDuplicates refuses plays already in the log (same key, same Tableside
// game, or the same game, date, time and results) and plays the file holds
// twice under different keys.
func checkDuplicates(plays []*csvPlay, existing []scoring.Play) []Problem {
	var probs []Problem
	keys := map[string]bool{}
	games := map[int64]string{}
	sigs := map[string]string{}
	for _, p := range existing {
		keys[p.Key] = true
		if p.GameID != 0 {
			games[p.GameID] = p.Key
		}
		if p.Deleted == "" {
			sigs[signature(p)] = "play " + p.Key + " in the log"
		}
	}
	for _, cp := range plays {
		p := cp.play
		switch {
		case keys[p.Key]:
			probs = append(probs, Problem{Line: cp.first, Play: p.Key, Msg: "a duplicate play: the log already has a play with this key"})
		case p.GameID != 0 && games[p.GameID] != "":
			probs = append(probs, Problem{Line: cp.first, Play: p.Key, Msg: fmt.Sprintf("a duplicate play: Tableside game %d is already recorded as play %s", p.GameID, games[p.GameID])})
		case sigs[signature(p)] != "":
			probs = append(probs, Problem{Line: cp.first, Play: p.Key, Msg: "a duplicate play: the same game, date, time, players and scores as " + sigs[signature(p)]})
		}
		keys[p.Key] = true
		if p.GameID != 0 {
			games[p.GameID] = p.Key
		}
		sigs[signature(p)] = fmt.Sprintf("play %s at line %d", p.Key, cp.first)
	}
	return probs
}

// signature identifies a play's content, to spot the same play logged twice.
func signature(p scoring.Play) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s|%s|%s", strings.ToLower(p.Game), p.Date, p.Time)
	for _, pl := range p.Players {
		fmt.Fprintf(&b, "|%s:%s:%d:%t", strings.ToLower(pl.Name), scoreText(pl.Score), pl.Rank, pl.Winner)
	}
	return b.String()
}

func sortProblems(ps []Problem) {
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Line < ps[j].Line })
}
