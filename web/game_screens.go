package web

import (
	"fmt"
	"reflect"

	"tableside/draw"
	"tableside/engine"
)

// gameScreens is what the web draws in a game's own way. Each game's screens
// say theirs in a file of their own (screens_coldcash.go, screens_conquest.go,
// screens_takeover.go, screens_cashcrash.go), so a new game touches the web
// in one file, and the generic files ask here instead of switching on a kind
// or a view's type. A game with none (the score pad) is drawn by the generic
// parts alone.
type gameScreens struct {
	// wrap is the class the game's page wraps its live region in (its
	// "content" block), which its styles hang from; the TV wraps the same
	// region in the same class, so the game's look carries over.
	wrap string
	// onMap says the game is always played on a map (the TV lays the screen
	// out around it); a game whose panel draws a map is on one too.
	onMap bool
	// battleBeside says the game's page draws a seat's battle line itself,
	// heading its side column (gamePage.BattleBesideMap), so the generic
	// table leaves it out from under the sheet.
	battleBeside bool
	// hand says a seat's private hand in words, from that seat's own view.
	hand func(view any) []string
	// cues are the view's last battle and open merger (live_cues.go).
	cues func(view any) liveCues
	// battle is the newest battle to draw as the battle moment, or nil.
	battle func(view any) *battleMoment
	// standing, when the game has one, is the numbers above a seat's sheet
	// in place of the engine's standing; nil for the engine's.
	standing func(view any) []standingItem
	// drawing is the game's map drawn, for its page's map (the RISK family).
	drawing func(view any) *draw.MapDrawing
	// panel is the game's own panel beside the sheet, from the viewer's view
	// and move sheet, narrowed to a tapped territory (sel, from); nil when
	// the view has none.
	panel func(s *Server, id int64, view any, sheet engine.Sheet, viewer engine.Viewer, sel, from string) (any, error)
}

// screens are the games' own screens by kind, and byView the same by the
// type of the view each game hands its screens.
var (
	screens = map[string]gameScreens{}
	byView  = map[reflect.Type]gameScreens{}
)

// viewScreens are one game's own screens over its view type V, typed.
type viewScreens[V any] struct {
	wrap         string
	onMap        bool
	battleBeside bool
	hand         func(V) []string
	cues         func(V) liveCues
	// battle, standing, drawing: see gameScreens.
	battle   func(V) *battleMoment
	standing func(V) []standingItem
	drawing  func(V) *draw.MapDrawing
	panel    func(s *Server, id int64, v V, sheet engine.Sheet, viewer engine.Viewer, sel, from string) (any, error)
}

// register says the screens of the kinds whose view is V.
func register[V any](vs viewScreens[V], kinds ...string) {
	g := gameScreens{wrap: vs.wrap, onMap: vs.onMap, battleBeside: vs.battleBeside}
	if vs.hand != nil {
		g.hand = func(view any) []string { return vs.hand(view.(V)) }
	}
	if vs.cues != nil {
		g.cues = func(view any) liveCues { return vs.cues(view.(V)) }
	}
	if vs.battle != nil {
		g.battle = func(view any) *battleMoment { return vs.battle(view.(V)) }
	}
	if vs.standing != nil {
		g.standing = func(view any) []standingItem { return vs.standing(view.(V)) }
	}
	if vs.drawing != nil {
		g.drawing = func(view any) *draw.MapDrawing { return vs.drawing(view.(V)) }
	}
	if vs.panel != nil {
		g.panel = func(s *Server, id int64, view any, sheet engine.Sheet, viewer engine.Viewer, sel, from string) (any, error) {
			return vs.panel(s, id, view.(V), sheet, viewer, sel, from)
		}
	}
	for _, k := range kinds {
		screens[k] = g
	}
	byView[reflect.TypeFor[V]()] = g
}

// screensOfView are the screens of the game that handed view (none for a
// view no game's screens registered).
func screensOfView(view any) gameScreens {
	if view == nil {
		return gameScreens{}
	}
	return byView[reflect.TypeOf(view)]
}

// handLines says a seat's private hand in words, from that seat's own view:
// the cards it holds, its hidden shares, its coins or its stake. Only the
// seat's own view is read, so nothing of another seat can be said here.
func handLines(view any) []string {
	if h := screensOfView(view).hand; h != nil {
		return h(view)
	}
	return nil
}

// cuesOf reads a view's cues; a game with neither has none.
func cuesOf(view any) liveCues {
	if c := screensOfView(view).cues; c != nil {
		return c(view)
	}
	return liveCues{}
}

// conquestMap draws the map of the game that handed view; the template
// calls it.
func conquestMap(view any) (*draw.MapDrawing, error) {
	if d := screensOfView(view).drawing; d != nil {
		return d(view), nil
	}
	return nil, fmt.Errorf("conquestMap: no drawing for %T", view)
}

// gamePanel is the game's own panel for this viewer, or nil.
func (s *Server) gamePanel(kind string, id int64, view any, sheet engine.Sheet, viewer engine.Viewer, sel, from string) (any, error) {
	if p := screens[kind].panel; p != nil {
		return p(s, id, view, sheet, viewer, sel, from)
	}
	return nil, nil
}
