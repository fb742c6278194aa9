package engine

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxName is the longest name, in characters, a player, seat, game or
// company may have: enough for any name at a table, small enough for every
// screen.
const MaxName = 40

// CheckName trims a name typed by a person and refuses one that is empty,
// longer than [MaxName] characters, not UTF-8, or holds control characters
// (NUL, ESC, newlines) or the invisible direction marks and overrides that
// can make a name read backwards on another screen. what names the field in
// the message ("Player 2's name").
func CheckName(what, name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", Refuse("name-empty", "%s is empty.", what)
	case !utf8.ValidString(name):
		return "", Refuse("name-characters", "%s is not valid text.", what)
	case utf8.RuneCountInString(name) > MaxName:
		return "", Refuse("name-length", "%s is %d characters long; at most %d.", what, utf8.RuneCountInString(name), MaxName)
	}
	for _, r := range name {
		switch {
		case unicode.IsControl(r):
			return "", Refuse("name-characters", "%s holds a control character (U+%04X); type letters, digits, spaces and punctuation only.", what, r)
		case isBidiControl(r):
			return "", Refuse("name-characters", "%s holds an invisible text-direction mark (U+%04X), which would make it read differently on other screens.", what, r)
		}
	}
	if !slices.ContainsFunc([]rune(name), visible) {
		return "", Refuse("name-invisible", "%s is made only of invisible characters (such as zero-width spaces): type a name people can read.", what)
	}
	return name, nil
}

// visible is true for a character that draws something on its own: not a
// space, a format character (zero-width space, joiner, soft hyphen, byte
// order mark), a combining mark, or one of the blank letters (Hangul
// fillers, the blank Braille pattern) that look like nothing.
func visible(r rune) bool {
	switch {
	case unicode.IsSpace(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Mn, r), unicode.Is(unicode.Me, r):
		return false
	case r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0 || r == 0x2800:
		return false
	}
	return true
}

// isBidiControl is true for the marks, embeddings, overrides and isolates
// that change the direction text is drawn in (U+200E/F, U+202A-E, U+2066-9,
// and U+061C, the Arabic letter mark).
func isBidiControl(r rune) bool {
	return r == 0x200E || r == 0x200F || r == 0x061C || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}
