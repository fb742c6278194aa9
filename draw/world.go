package draw

import "strings"

// The classic RISK world as screens draw it: each territory's centre on a
// 1220 x 575 schematic world, keyed by the territory's name in lower case
// with hyphens ("northwest-territory"), and the borders that cross water
// (drawn dashed). The same positions as the Cold Cash Risk board screen, so
// the two games show one world; any screen of the classic map should read
// these rather than keep its own.
const WorldW, WorldH = 1220, 575

var worldPos = map[string][2]int{
	"alaska": {60, 60}, "northwest-territory": {180, 60}, "greenland": {400, 40}, "alberta": {150, 130},
	"ontario": {262, 130}, "quebec": {374, 130}, "western-united-states": {160, 205}, "eastern-united-states": {282, 215},
	"central-america": {200, 292},
	"venezuela":       {262, 362}, "peru": {226, 442}, "brazil": {350, 432}, "argentina": {270, 520},
	"iceland": {520, 70}, "scandinavia": {632, 70}, "great-britain": {500, 150}, "northern-europe": {620, 150},
	"ukraine": {752, 118}, "western-europe": {500, 236}, "southern-europe": {632, 230},
	"north-africa": {530, 332}, "egypt": {662, 310}, "east-africa": {700, 402}, "congo": {588, 420},
	"south-africa": {620, 512}, "madagascar": {752, 512},
	"ural": {870, 110}, "siberia": {972, 40}, "yakutsk": {1084, 40}, "kamchatka": {1160, 112}, "irkutsk": {1044, 122},
	"mongolia": {1060, 196}, "japan": {1160, 256}, "afghanistan": {862, 206}, "middle-east": {780, 272},
	"china": {980, 266}, "india": {892, 342}, "siam": {1012, 352},
	"indonesia": {1000, 442}, "new-guinea": {1122, 432}, "western-australia": {1010, 530}, "eastern-australia": {1132, 520},
}

var worldSea = map[[2]string]bool{
	{"alaska", "kamchatka"}: true, {"greenland", "iceland"}: true, {"great-britain", "iceland"}: true,
	{"iceland", "scandinavia"}: true, {"great-britain", "scandinavia"}: true, {"great-britain", "northern-europe"}: true,
	{"great-britain", "western-europe"}: true, {"brazil", "north-africa"}: true, {"north-africa", "southern-europe"}: true,
	{"egypt", "southern-europe"}: true, {"east-africa", "madagascar"}: true, {"madagascar", "south-africa"}: true,
	{"japan", "kamchatka"}: true, {"japan", "mongolia"}: true, {"indonesia", "siam"}: true,
	{"indonesia", "new-guinea"}: true, {"indonesia", "western-australia"}: true, {"eastern-australia", "new-guinea"}: true,
	{"new-guinea", "western-australia"}: true, {"greenland", "northwest-territory"}: true, {"greenland", "ontario"}: true,
	{"greenland", "quebec"}: true, {"north-africa", "western-europe"}: true,
}

// worldLabel is each territory's label on a drawn map: short enough to
// sit under its spot at a readable size, and never the same for two
// territories (East Africa and Eastern Australia are "E Afr" and "E Aus").
var worldLabel = map[string]string{
	"alaska": "Alaska", "northwest-territory": "NWT", "greenland": "Grnl", "alberta": "Alb",
	"ontario": "Ont", "quebec": "Que", "western-united-states": "W US", "eastern-united-states": "E US",
	"central-america": "C Amer", "venezuela": "Ven", "peru": "Peru", "brazil": "Brazil", "argentina": "Arg",
	"iceland": "Icel", "scandinavia": "Scan", "great-britain": "GB", "northern-europe": "N Eur",
	"ukraine": "Ukr", "western-europe": "W Eur", "southern-europe": "S Eur",
	"north-africa": "N Afr", "egypt": "Egypt", "east-africa": "E Afr", "congo": "Congo", "south-africa": "S Afr",
	"madagascar": "Mad", "ural": "Ural", "siberia": "Sib", "yakutsk": "Yak", "kamchatka": "Kam",
	"irkutsk": "Irk", "mongolia": "Mong", "japan": "Japan", "afghanistan": "Afgh", "middle-east": "Mid E",
	"china": "China", "india": "India", "siam": "Siam", "indonesia": "Indon", "new-guinea": "N Guin",
	"western-australia": "W Aus", "eastern-australia": "E Aus",
}

// WorldLabel is territory name's label on a drawn classic map, and
// whether it has one.
func WorldLabel(name string) (string, bool) {
	l, ok := worldLabel[worldKey(name)]
	return l, ok
}

// WorldLabels is how many territories have a label (every one of the
// classic world's).
func WorldLabels() int { return len(worldLabel) }

// worldKey is a territory's key in worldPos: "Northwest Territory" → "northwest-territory".
func worldKey(name string) string { return strings.ReplaceAll(strings.ToLower(name), " ", "-") }

// isSea reports whether the border a-b crosses water.
func isSea(a, b string) bool { return worldSea[[2]string{a, b}] || worldSea[[2]string{b, a}] }
