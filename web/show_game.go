package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/readmodel"
	"tableside/tracker"
)

// feedLines is how many lines of the feed a screen shows (the public
// view: tickerLines, tv_ticker.go).
const feedLines = 8

// gamePage is what a game's screen is rendered from.
type gamePage struct {
	Info   tracker.GameInfo
	Title  string // the game's human name: "Cold Cash Risk · bank"
	Viewer engine.Viewer
	View   any
	Seq    int64
	// Gen is the gen of the seats phones hold the host's page was drawn
	// with (hub.gen): its live stream starts from it (live.go, genSeen).
	Gen  int64
	Undo string // what the undo button would undo; empty when nothing
	// UndoCmd and RedoCmd are the commands the undo and redo buttons take
	// (0: none): the forms name them, so a stale tap is refused instead of
	// reverting something else. Redo labels the redo button. (The forms'
	// idempotency keys are made in the browser, as for command forms, so a
	// page stays the same bytes for the same game.)
	UndoCmd int64
	Redo    string
	RedoCmd int64

	// Waiting is what the table waits for (games implementing engine.Waiter).
	Waiting *engine.Waiting
	// WaitingFor names the seats waited for ("Ana and Ben").
	WaitingFor string
	// Decision is the game's "decision" block, rendered for a seat the table
	// waits for; it goes inside the big card.
	Decision template.HTML
	// Phones is the host's list of seats and their phones (host only).
	Phones *phonesData
	// Board is the game's own panel beside the sheet (gameScreens.panel):
	// Cold Cash Risk's map and the moves for the territory tapped (?t=, and
	// ?from= for an attack or a move), in board mode; nil for none.
	Board any
	// sheet is the viewer's moves now (engine.Mover), which the board
	// panel narrows to the territory tapped.
	sheet engine.Sheet
	// TVQR shows the join QR on the public view when the host's own device
	// draws it (a TV window on the laptop), or a TV paired with the join
	// code (tv_join.go), so the table can scan it there; JoinQR is that
	// QR code's picture.
	TVQR   bool
	JoinQR template.URL
	// RulesAt is where a phone opens this game's rules, said short for
	// the TV to show ("192.168.1.5:8080/rules/risk"); "" off the TV.
	RulesAt string
	// Room is the room code beside that QR (the TV's join corner).
	Room   string
	JoinAt string
	// Free is how many seats have no phone yet (the TV's join corner shows
	// the join QR while there are some), and WiFi the table's Wi-Fi
	// network's name when the host has set one (its QR code sits beside);
	// both only when the laptop draws the TV.
	Free int
	WiFi string
	// TV is the public view drawn for a shared screen (/games/N/tv): big
	// type, no site menu.
	TV bool
	// Result is the finished game's standings, for the winner screen.
	Result *resultView
	// Recap is the finished game in review (recap.go), for the TV.
	Recap []recapLine
	// Feed is the newest lines of the game's feed this viewer may read,
	// newest first: a phone's own, the host's and the table's; the public
	// view's is the ticker (tv_ticker.go).
	Feed []tracker.FeedItem
	// Toast is this screen's last refusal, shown once in the turn bar (live
	// messages carry none, so the next change clears it).
	Toast string
	// ToastRule is the refusal's rule name: the toast's "why?" opens it.
	ToastRule string
	// firstStep is the step of the first player's first move of play,
	// while the table waits for it (teach.go).
	firstStep string
	// Next is the game this finished game's table plays next (0: none):
	// a seated phone may follow into its seat there (follow.go).
	Next int64
	// WorthCharts are the end screen's charts of the game's measures
	// (web/worth_chart.go), once it is over.
	WorthCharts []worthChart
	// DiceCommit is the commitment (SHA-256 of the seed) to the next roll of
	// the app's dice, in games that roll them: every screen shows it before
	// the roll, and the dice page checks it after (dice_page.go).
	DiceCommit string
	// DiceFirst is the commitment the game opened with, on the host's and
	// the TV's screens, so the table can note it before anything is rolled
	// and hold any exported log to it (`tableside verify --first`).
	DiceFirst string
	// Ask is the undo requests this screen shows (undo_request.go).
	Ask *askView
	// Sheet is every move this viewer may make now (move_sheet.go); nil
	// when there is none.
	Sheet *moveSheet
	// InFrame draws the page for a live frame, which only app.js reads:
	// the sheet's folds without their moves (fetched when a fold is opened,
	// sheet_fold.go) and closed parts without their insides: a Cold Cash
	// statement is then drawn as its summary alone, with data-part, and
	// app.js fills it from this screen's own page when it is opened.
	InFrame bool `json:"-"`
	// Standing is this seat's own numbers above its sheet ("Net worth
	// $6,000"), from the game's measures (standing.go).
	Standing []standingItem
	// Clock is the turn clock as this viewer may see it (clock.go); nil
	// for a game whose clock never ran.
	Clock *clockView
	// Laptop is the host's card for a player without a phone: the seats
	// to open, or the one hand open (laptop_hand.go); host pages only.
	Laptop *laptopPanel `json:"-"`

	// What the templates ask of the page, answered once where the page is
	// built (answer): text/template calls a method through reflection,
	// copying the page, each time one is named, and the turn bar names
	// some several times a frame (the frame's sheet was copied at each).
	// None is part of the page's JSON.
	IsPublic  bool   `json:"-"` // the public view (spectator or TV)
	SeatName  string `json:"-"` // the viewer's seat's name ("" for the host and the public)
	Mine      bool   `json:"-"` // the table waits for this viewer's seat
	DiceShort string `json:"-"` // DiceCommit's first digits, enough to compare by eye
	// SheetNow is Sheet as this page draws it: a live frame's is its
	// folds as summaries and its moves bare (moveSheet.forFrame).
	SheetNow  *moveSheet `json:"-"`
	HowStep   *stepHow   `json:"-"` // how the step SheetNow is at works (teach.go)
	FirstMove *firstMove `json:"-"` // the first player's first move, explained (teach.go)
	SetupList *setupList `json:"-"` // the host's checklist while nothing is played (teach.go)
	CashFlash *cashFlash `json:"-"` // this phone's newest money news (end_screen.go)
	WinLine   string     `json:"-"` // the end of the game said to this viewer (end_screen.go)
	// The game's moments (moment_*.go): the newest battle, and whether a
	// seat's battle line stands beside the map; the stockholders' meeting;
	// the hostile takeover being settled.
	Battle          *battleMoment   `json:"-"`
	BattleBesideMap bool            `json:"-"`
	Coup            *coupMoment     `json:"-"`
	Takeover        *takeoverMoment `json:"-"`
}

// answer fills the page's answers from what it holds: called once the
// page's view, sheet, feed, result and waiting are set, before anything
// is drawn from it.
func (p *gamePage) answer() {
	p.WaitingFor = waitingFor(p.Info, p.Waiting)
	p.IsPublic = p.Viewer.Seat == engine.Public
	p.SeatName = seatNameOf(p.Info, p.Viewer)
	p.Mine = p.Waiting != nil && p.Waiting.Owes(p.Viewer.Seat)
	p.DiceShort = p.DiceCommit
	if len(p.DiceCommit) >= 16 {
		p.DiceShort = p.DiceCommit[:16]
	}
	p.SheetNow = p.Sheet
	if p.Sheet != nil && p.InFrame && !p.Sheet.Lazy {
		p.SheetNow = p.Sheet.forFrame()
	}
	p.HowStep = howStep(p.Info.Kind, p.SheetNow)
	p.FirstMove = firstMoveOf(p.Info.Kind, p.firstStep, p.WaitingFor)
	p.SetupList = setupListOf(p)
	p.CashFlash = cashFlashOf(p.Viewer, p.Feed)
	p.WinLine = winLine(p.Viewer, p.Result)
	sc := screensOfView(p.View)
	p.Battle, p.BattleBesideMap = nil, sc.battleBeside
	if sc.battle != nil {
		p.Battle = sc.battle(p.View)
	}
	p.Coup = coupOf(p.View)
	p.Takeover = takeoverOf(p.View)
}

// Subtitle is what the game's heading says after its name: the game's
// human name, less what the name already says (an unnamed game is called
// after its kind: "Cold Cash Risk" and "Cold Cash Risk · board" make
// "Cold Cash Risk · board", not the name twice).
func (p gamePage) Subtitle() string {
	rest, ok := strings.CutPrefix(p.Title, p.Info.Name)
	if !ok {
		return p.Title
	}
	return strings.TrimPrefix(strings.TrimSpace(rest), "· ")
}

// seatNameOf names the viewer's seat ("" for the host and the public).
func seatNameOf(info tracker.GameInfo, v engine.Viewer) string {
	if v.Seat >= 0 && v.Seat < len(info.Setup.Seats) {
		return info.Setup.Seats[v.Seat].Name
	}
	return ""
}

// phonesData is the host's panel: the join QR and each seat's phone.
type phonesData struct {
	GameID int64
	Rows   []seatRow
	Full   bool   // every seat has its phone or plays on the laptop: the table may be locked
	Free   int    // seats with no phone that do not play on the laptop
	Locked bool   // the host locked the table: the join code opens no seat
	QRTag  int    // changes with the join code, so a host screen loads the new QR
	Room   string // the room code a phone may type instead of scanning
	JoinAt string // where to type it: this server's /join
	Over   bool   // the game has ended: nobody is called to join it any more
	WiFi   string // the table's Wi-Fi network's name, when set: its QR code sits beside the join QR
	// Guessing warns the host that room codes are being guessed ("" when not).
	Guessing string
}

// answered names the seats a phone of their own plays (not the laptop's):
// the host's sheet folds their moves (answerFor). Nil for no host panel.
func (ph *phonesData) answered() map[int]string {
	if ph == nil {
		return nil
	}
	out := map[int]string{}
	for _, r := range ph.Rows {
		if r.Joined && !r.Laptop {
			out[r.Seat] = r.Name
		}
	}
	return out
}

type seatRow struct {
	Seat   int
	Name   string
	Joined bool   // a phone holds the seat
	Laptop bool   // the seat plays on the laptop: taken, moved to a phone only by its own QR
	Device string // what the phone said it was
	// Online: the phone has a live screen open (or closed one a moment
	// ago); otherwise it is away, since Since when Seen.
	Online bool
	Seen   bool
	Since  time.Time
}

// SinceClock is when the phone came or went, as the laptop's clock says it.
func (r seatRow) SinceClock() string { return r.Since.Format("15:04") }

// showGame renders a game for whoever asks: the host screen, a player's
// phone, or the public view. A game kind with its own template
// ("game_coldcash") gets it; others get the generic page.
func (s *Server) showGame(c echo.Context, id int64) error {
	return s.renderGame(c, http.StatusOK, id, s.viewer(c, id), takeToast(c, id))
}

// renderGame draws a game's page (or its JSON) for one viewer. It is drawn
// into memory while the game holds still, then sent.
func (s *Server) renderGame(c echo.Context, code int, id int64, v engine.Viewer, toast string) error {
	var buf bytes.Buffer
	asJSON := wantsJSON(c)
	laptop, err := s.laptopForPage(c, id, v, asJSON) // before the game's lock, which it takes itself
	if err != nil {
		return s.renderFault(c, id, v, err)
	}
	reach := ""
	if v.IsHost() && !asJSON {
		reach = s.Unreachable() // looks the laptop's addresses up: not under the game's lock
	}
	err = s.withGamePage(c.Request().Context(), id, v, func(p *gamePage) error {
		if p.Board != nil {
			var err error
			if p.Board, err = s.gamePanel(p.Info.Kind, id, p.View, p.sheet, v, c.QueryParam("t"), c.QueryParam("from")); err != nil {
				return err
			}
		}
		if asJSON {
			return json.NewEncoder(&buf).Encode(p)
		}
		p.TV, _ = c.Get("tv").(bool)
		host := s.isHost(c)
		p.TVQR = p.IsPublic && p.Info.IsPlaying() && (host || p.TV && s.tvPaired(c, id))
		if p.TVQR {
			if err := s.tvCorner(c, p, host); err != nil {
				return err
			}
		}
		p.ToastRule, p.Toast = splitToast(toast)
		if p.TV {
			p.RulesAt = s.rulesAt(c, p.Info.Kind)
		}
		p.Laptop = laptop
		pg := page{Title: p.Info.Name, Host: p.Viewer.IsHost(), Data: *p, Game: p}
		pg.Reach = reach
		return s.views.Render(&buf, gameTemplate(s.views, p.Info.Kind), pg, c)
	})
	if err != nil {
		return s.renderFault(c, id, v, err)
	}
	c.Response().Header().Set("Cache-Control", "no-store") // a page built for one seat is never cached
	if asJSON {
		return c.JSONBlob(code, buf.Bytes())
	}
	return c.HTMLBlob(code, buf.Bytes())
}

// withGamePage gathers what viewer may see of a game and calls fn with it,
// under the game's lock: an engine's view may share memory with its state,
// so everything made from the page (HTML, JSON) is made inside fn.
// Everything in the page is built for that viewer alone.
func (s *Server) withGamePage(ctx context.Context, id int64, v engine.Viewer, fn func(p *gamePage) error) error {
	return s.gamePageFor(ctx, id, v, false, nil, fn)
}

// gamePageFor is withGamePage for a page or, live set, a live frame (the
// page's frame field set, and the engine's answers taken from the probe's
// reads of this seq where it made them: engineReads). clockOf, when set,
// gives the turn clock (the hub's, shared by the frames of one seq);
// otherwise it is read here.
func (s *Server) gamePageFor(ctx context.Context, id int64, v engine.Viewer, live bool, clockOf func(tracker.GameInfo) *readmodel.TurnClock, fn func(p *gamePage) error) error {
	out, err := s.readOutsideLock(ctx, id, v, clockOf)
	if err != nil {
		return err
	}
	return s.tracker.SnapshotFor(ctx, id, v, feedCount(v), func(f tracker.Frame) error {
		p, err := s.pageOf(f, v, live, out)
		if err != nil {
			return err
		}
		return fn(p)
	})
}

// outsideLock is what a game page reads from the database, or by replaying
// the log, before the game's lock is taken.
type outsideLock struct {
	gen     int64
	phones  *phonesData
	charts  []worthChart
	luck    *luckView
	bgStats *bgStatsOffer
	clock   *readmodel.TurnClock
	next    int64
	linked  bool
}

func (s *Server) readOutsideLock(ctx context.Context, id int64, v engine.Viewer, clockOf func(tracker.GameInfo) *readmodel.TurnClock) (outsideLock, error) {
	var o outsideLock
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		return o, err
	}
	if v.IsHost() {
		o.gen = s.hub.gen(id) // before the holders are read: a claim between redraws the page
		if o.phones, err = s.phones(ctx, info); err != nil {
			return o, err
		}
	}
	o.charts = s.endCharts(ctx, info, v)
	o.luck = s.finishedLuck(ctx, info)
	o.bgStats = s.endBGStats(ctx, info)
	if clockOf != nil {
		o.clock = clockOf(info)
	} else {
		o.clock, _ = s.gameClock(ctx, info)
	}
	o.next, o.linked, err = s.seats.Next(ctx, id) // in memory once read; outside the game's lock
	return o, err
}

// pageOf builds the page of frame f for viewer v, under the game's lock.
func (s *Server) pageOf(f tracker.Frame, v engine.Viewer, live bool, out outsideLock) (*gamePage, error) {
	info, st, id := f.Info, f.State, f.Info.ID
	rules, ok := s.tracker.Rules(info.Kind)
	if !ok {
		return nil, fmt.Errorf("game %d: no engine for %q", id, info.Kind)
	}
	er := readsFor(rules, f, live)
	p := &gamePage{Info: info, Title: er.title(), Viewer: v, View: er.view(v), Seq: f.Seq, Gen: out.gen, Phones: out.phones, Feed: feedFor(v, f.Feed), InFrame: live}
	p.sheet = er.moves(v) // once per render: the decision card is this sheet, filtered
	p.Sheet = sheetFor(p.sheet, v, id, out.phones.answered())
	var err error
	if p.Board, err = s.gamePanel(info.Kind, id, p.View, p.sheet, v, "", ""); err != nil {
		return nil, err
	}
	if engine.RollsDice(rules) {
		p.DiceCommit = f.Dice
		if v.Seat < 0 { // the host's screen and the TV: where the table reads it when the game opens
			p.DiceFirst = f.FirstDice
		}
	}
	p.Ask = askViewFor(info, v, f)
	p.Clock = newClockView(info, out.clock, v)
	if v.IsHost() {
		p.Undo, p.UndoCmd = f.Reverts.Undo.What, f.Reverts.Undo.Cmd
		p.Redo, p.RedoCmd = f.Reverts.Redo.What, f.Reverts.Redo.Cmd
	}
	if r, over := er.result(); over {
		p.Result = standings(info, r)
		p.WorthCharts = out.charts
		p.Result.Luck = out.luck
		p.Result.BGStats = out.bgStats
		if v.IsPublic() {
			p.Recap = recapOf(rules, st, p.Result)
		}
		if out.linked {
			p.Next = out.next
		}
	}
	if wt, ok := er.waiting(); ok {
		p.Waiting = &wt
	}
	p.firstStep = firstMoveStep(rules, st, p.Waiting)
	p.answer()
	if err := s.sayWaiting(p); err != nil {
		return nil, err
	}
	p.Standing = standingFor(rules, st, v)
	if own := screensOfView(p.View).standing; own != nil {
		p.Standing = own(p.View)
	}
	return p, nil
}

// waitingFor names the seats the table waits for ("Ana and Ben"); "" when
// it waits for nobody.
func waitingFor(info tracker.GameInfo, w *engine.Waiting) string {
	if w == nil {
		return ""
	}
	var names []string
	for _, seat := range w.Seats {
		if seat >= 0 && seat < len(info.Setup.Seats) {
			names = append(names, info.Setup.Seats[seat].Name)
		}
	}
	return engine.JoinNames(names)
}

// sayWaiting puts, on the phone of a seat the table waits for, what that
// seat owes in its own terms and its decision card.
func (s *Server) sayWaiting(p *gamePage) error {
	if !p.Mine {
		return nil
	}
	if p.sheet.Ask != "" {
		wt := *p.Waiting
		wt.Text = p.sheet.Ask // what this seat owes, in its own terms
		p.Waiting = &wt
	}
	html, err := s.views.fragment(gameTemplate(s.views, p.Info.Kind), "decision", page{Title: p.Info.Name, Data: *p, Game: p})
	if err != nil {
		return err
	}
	p.Decision = template.HTML(html)
	return nil
}

// phones lists each seat of a game with the phone holding it.
func (s *Server) phones(ctx context.Context, info tracker.GameInfo) (*phonesData, error) {
	holders, err := s.seats.Holders(ctx, info.ID)
	if err != nil {
		return nil, err
	}
	laptop, err := s.seats.LaptopSeats(ctx, info.ID)
	if err != nil {
		return nil, err
	}
	free, err := s.seats.FreeSeats(ctx, info.ID, len(info.Setup.Seats))
	if err != nil {
		return nil, err
	}
	locked, err := s.seats.Locked(ctx, info.ID)
	if err != nil {
		return nil, err
	}
	seen := s.hub.seen.of(info.ID)
	// The room code is made on first sight, which writes: a laptop that
	// cannot write (a full disk) still shows the game, without a code.
	room, err := s.seats.RoomCode(ctx, info)
	if err != nil {
		s.log.Warn("no room code", "game", info.ID, "err", err)
		room = ""
	}
	ph := &phonesData{GameID: info.ID, Full: len(free) == 0, Free: len(free), Locked: locked, QRTag: s.joinCodeTag(info.ID), Room: room, JoinAt: s.joinAt(),
		Over: !info.IsPlaying(), Guessing: s.guesses.notice()}
	if w, ok, err := s.seats.WiFi(ctx); err != nil {
		return nil, err
	} else if ok {
		ph.WiFi = w.SSID
	}
	for i, seat := range info.Setup.Seats {
		h, ok := holders[i]
		p := seen[i]
		ph.Rows = append(ph.Rows, seatRow{Seat: i, Name: seat.Name, Joined: ok, Laptop: laptop[i], Device: h.Device,
			Online: ok && p.Online, Seen: ok && p.Seen, Since: p.Since})
	}
	return ph, nil
}

// gameView answers a screen's request for its current view as JSON: the
// same message the live stream sends.
func (s *Server) gameView(c echo.Context, id int64) error {
	var b []byte
	err := s.withGamePage(c.Request().Context(), id, s.viewer(c, id), func(p *gamePage) error {
		msg, err := s.liveMessageFor(p)
		if err != nil {
			return err
		}
		b, err = json.Marshal(msg)
		return err
	})
	if err != nil {
		return fmt.Errorf("view of game %d: %w", id, err)
	}
	c.Response().Header().Set("Cache-Control", "no-store") // one viewer's view: never cached
	return c.JSONBlob(http.StatusOK, b)
}

// gameTitle is a game's human name, with its mode when it has one.
func gameTitle(rules engine.Rules, st engine.State) string {
	if m, ok := rules.(engine.Moder); ok {
		return titleWithMode(rules, m.Mode(st))
	}
	return rules.Title()
}

// titleWithMode is a game's human name with mode, when there is one.
func titleWithMode(rules engine.Rules, mode string) string {
	if mode != "" {
		return rules.Title() + " · " + mode
	}
	return rules.Title()
}
