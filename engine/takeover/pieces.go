package takeover

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"tableside/engine/piecepack"
)

// The piecepack's four suits, in the order its tiles are listed.
var suits = piecepack.Suits

// Grid size: six tiles across, four down.
const (
	Cols  = 6
	Rows  = 4
	Cells = Cols * Rows
)

// AllPieces lists the 24 codes (suit letter + rank 0..5, 0 being the null),
// which name both a tile and the coin of the same suit and value.
func AllPieces() []string {
	var out []string
	for _, s := range suits {
		for r := 0; r <= 5; r++ {
			out = append(out, s.Letter+strconv.Itoa(r))
		}
	}
	return out
}

// validPiece reports whether code names one of the 24 pieces.
func validPiece(code string) bool {
	if len(code) != 2 || code[1] < '0' || code[1] > '5' {
		return false
	}
	return strings.Contains("SMCA", code[:1])
}

// Rank is a piece's value: 0 for the null, 1 for the ace, then 2..5.
func Rank(code string) int { return int(code[1] - '0') }

// Suit is a piece's suit letter.
func Suit(code string) string { return code[:1] }

// Label names a piece for people: "☀ 3 Suns", "☾ null Moons".
func Label(code string) string {
	if !validPiece(code) {
		return code
	}
	for _, s := range suits {
		if s.Letter == Suit(code) {
			return s.Symbol + " " + rankName(Rank(code)) + " " + s.Name
		}
	}
	return code
}

// Short is a compact label: "☀3", "☾null", "♛A".
func Short(code string) string {
	if !validPiece(code) {
		return code
	}
	for _, s := range suits {
		if s.Letter == Suit(code) {
			return s.Symbol + rankName(Rank(code))
		}
	}
	return code
}

func rankName(r int) string {
	switch r {
	case 0:
		return "null"
	case 1:
		return "ace"
	}
	return strconv.Itoa(r)
}

// CellName names a grid cell as the table reads it: column letter A-F, row 1-4.
func CellName(i int) string {
	return string(rune('A'+i%Cols)) + strconv.Itoa(i/Cols+1)
}

// Cell is a grid position in a command: a number 0..23 (row by row) or a
// name such as "B3".
type Cell int

// UnmarshalJSON reads either form (a number as a number, a name as text);
// any other text is -1, refused later.
func (c *Cell) UnmarshalJSON(b []byte) error {
	var n int
	if err := json.Unmarshal(b, &n); err == nil {
		*c = Cell(n)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("a cell is a number 0-23 or a name like B3")
	}
	s = strings.ToUpper(strings.TrimSpace(s))
	*c = -1
	if len(s) == 2 && s[0] >= 'A' && s[0] < 'A'+Cols && s[1] >= '1' && s[1] < '1'+Rows {
		*c = Cell(int(s[1]-'1')*Cols + int(s[0]-'A'))
	}
	return nil
}

// neighbours reports whether two cells touch along a side (not a corner).
func neighbours(a, b int) bool {
	ra, ca, rb, cb := a/Cols, a%Cols, b/Cols, b%Cols
	return (ra == rb && abs(ca-cb) == 1) || (ca == cb && abs(ra-rb) == 1)
}

// clearLine reports whether a and b share a row or column, are not
// neighbours, and have only empty cells between them: a special merge's
// geometry.
func clearLine(g []Stack, a, b int) bool {
	ra, ca, rb, cb := a/Cols, a%Cols, b/Cols, b%Cols
	var step int
	switch {
	case ra == rb && abs(ca-cb) > 1:
		step = 1
	case ca == cb && abs(ra-rb) > 1:
		step = Cols
	default:
		return false
	}
	lo, hi := min(a, b), max(a, b)
	for i := lo + step; i < hi; i += step {
		if len(g[i]) > 0 {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// CoinList is a list of coin codes in a command: a JSON array, or the
// codes typed as text separated by spaces or commas (the host's layout).
type CoinList []string

// UnmarshalJSON accepts ["S3","M2"] or "S3,M2".
func (l *CoinList) UnmarshalJSON(b []byte) error {
	var arr []string
	if err := json.Unmarshal(b, &arr); err == nil {
		*l = normCodes(arr)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("coins are a list such as [\"S3\",\"M2\"]")
	}
	*l = normCodes(strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '+' || r == ';' || unicode.IsSpace(r) }))
	return nil
}

func normCodes(in []string) []string {
	out := []string{}
	for _, c := range in {
		if c = strings.ToUpper(strings.TrimSpace(c)); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// ticked are the codes of a form's check boxes (pay.S3: true) that are
// ticked, upper-cased and in AllPieces' order.
func ticked(boxes map[string]bool) []string {
	var out []string
	for code, on := range boxes {
		if on {
			out = append(out, strings.ToUpper(code))
		}
	}
	sortCodes(out)
	return out
}

// sortCodes orders codes as AllPieces does.
func sortCodes(c []string) {
	order := map[string]int{}
	for i, p := range AllPieces() {
		order[p] = i
	}
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && less(order, c[j], c[j-1]); j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

func less(order map[string]int, a, b string) bool {
	oa, okA := order[a]
	ob, okB := order[b]
	if okA && okB {
		return oa < ob
	}
	if okA != okB {
		return okA
	}
	return a < b
}
