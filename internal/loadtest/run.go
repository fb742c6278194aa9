package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Config says how hard to push.
type Config struct {
	// Games is how many games run at once (a club night). 0 is one game
	// with Screens screens; 1 or more is that many games, each watched by
	// every seat's phone, the host and a TV (Seats+2 screens a game), Rate
	// commands a second spread over them.
	Games    int
	Screens  int           // live screens kept open on the game (one game only)
	Rate     int           // commands per second
	Duration time.Duration // how long commands are sent
	Seats    int           // players; screens are spread over each seat, the public view and the host
	Grace    time.Duration // how long screens may take to catch up after the last command
	Workers  int           // concurrent command senders
	// Game is what is played: "tally" (the default: one add a command, the
	// smallest view) or "coldcash" (Cold Cash Risk in board mode, 4 to 6
	// seats, played by offered moves only, at most Rate commands a second:
	// each move waits for the screens to show the one before, as a table
	// does).
	Game string
}

// Games load can play.
const (
	GameTally    = "tally"
	GameColdCash = "coldcash"
)

// Report is what a run measured. Latencies are from the moment a command
// was sent to the moment a screen received a view that includes it (a view
// with that command's seq or a later one: every message is the viewer's
// whole view, so a later one includes every earlier change).
type Report struct {
	Config       Config        `json:"config"`
	Elapsed      time.Duration `json:"elapsed"`
	Commands     int           `json:"commands"`     // answered commands
	Failed       int           `json:"failed"`       // commands refused or not answered
	AchievedRate float64       `json:"achievedRate"` // answered commands per second
	CommandRTT   Percentiles   `json:"commandRTT"`   // send to answer

	// ToScreen: each (command, screen) pair; ToEveryScreen: per command, its
	// slowest screen: the time until every screen showed it.
	ToScreen      Percentiles `json:"toScreen"`
	ToEveryScreen Percentiles `json:"toEveryScreen"`
	// PerGame is ToEveryScreen game by game (several games only); the
	// slowest game's figures show whether one table suffers for the others.
	PerGame []Percentiles `json:"perGame,omitempty"`
	Screens int           `json:"screens"` // screens open, over every game

	// Lost: (command, screen) pairs where the screen never received a view
	// that includes the command before the run ended. Duplicated: view
	// messages a screen received with a seq not newer than one it already had.
	// Coalesced: seqs a screen never got a message of its own for, because a
	// later view superseded them before it was sent (by design: the later
	// view includes them; not a loss). Inconsistent: views whose content did
	// not match their seq (the total must equal the seq), or that carried
	// another seat's private line.
	// Leaks: view messages a screen received that belonged to another game.
	Leaks        int64 `json:"leaks"`
	Lost         int   `json:"lost"`
	LostCommands int   `json:"lostCommands"`
	Duplicated   int   `json:"duplicated"`
	Coalesced    int64 `json:"coalesced"`
	Inconsistent int64 `json:"inconsistent"`
	StreamErrors int64 `json:"streamErrors"`
	Messages     int64 `json:"messages"`
	// Moves counts the commands answered by type (Cold Cash: which moves
	// the table played).
	Moves map[string]int `json:"moves,omitempty"`
	Bytes int64          `json:"bytes"`

	MemBefore    ServerMem `json:"memBefore"`    // server, game ready, no screens
	MemConnected ServerMem `json:"memConnected"` // server, every screen connected and shown the game
	MemAfter     ServerMem `json:"memAfter"`     // server, after the run, screens still connected
	// Per connected screen: (MemConnected - MemBefore) / Screens.
	HeapPerScreen      float64 `json:"heapPerScreen"`
	RSSPerScreen       float64 `json:"rssPerScreen"`
	GoroutinesPerTable float64 `json:"goroutinesPerScreen"`

	// CPU time used over the whole run by the server process and by the load
	// generator (filled in by the command that ran both).
	ServerCPU time.Duration `json:"serverCPU"`
	LoadCPU   time.Duration `json:"loadCPU"`
}

// Percentiles of a set of durations.
type Percentiles struct {
	N   int           `json:"n"`
	P50 time.Duration `json:"p50"`
	P90 time.Duration `json:"p90"`
	P99 time.Duration `json:"p99"`
	Max time.Duration `json:"max"`
}

func percentiles(ds []time.Duration) Percentiles {
	if len(ds) == 0 {
		return Percentiles{}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	at := func(q float64) time.Duration { return ds[int(q*float64(len(ds)-1))] }
	return Percentiles{N: len(ds), P50: at(.5), P90: at(.9), P99: at(.99), Max: ds[len(ds)-1]}
}

// reception is one view a screen received.
type reception struct {
	seq int64
	at  time.Duration // since the run's start
}

// screen is one open live stream.
type screen struct {
	game int         // the index of its game
	kind int         // a seat number, or -2 public, -1 host
	got  []reception // written by the screen's reader only; read once it has stopped
	last atomic.Int64
	// keep: this screen is its seat's phone (or the host's laptop) that
	// moves are read from; frame is the newest live frame it received.
	keep  bool
	frame atomic.Pointer[[]byte]
}

// sent is one command sent: its game, the seq it made, when it was sent and
// how long its answer took.
type sent struct {
	game   int
	seq    int64
	at     time.Duration
	rtt    time.Duration
	failed bool
}

// Run drives a server at base (made by Serve) with cfg and reports. It stops
// by itself: after Rate*Duration commands, or when ctx ends.
func Run(ctx context.Context, cfg Config, base, hostToken string, progress io.Writer) (Report, error) {
	if cfg.Workers == 0 {
		cfg.Workers = 32
	}
	if cfg.Grace == 0 {
		cfg.Grace = 5 * time.Second
	}
	if cfg.Game == "" {
		cfg.Game = GameTally
	}
	if cfg.Game != GameTally && cfg.Game != GameColdCash {
		return Report{Config: cfg}, fmt.Errorf("no load profile for game %q (%s or %s)", cfg.Game, GameTally, GameColdCash)
	}
	if cfg.Game == GameColdCash && (cfg.Seats < 4 || cfg.Seats > 6) {
		return Report{Config: cfg}, fmt.Errorf("Cold Cash Risk's load is played by 4 to 6 seats, not %d", cfg.Seats)
	}
	rep := Report{Config: cfg}
	tr := &http.Transport{MaxIdleConnsPerHost: cfg.Workers + 8, MaxConnsPerHost: 0}
	defer tr.CloseIdleConnections()
	host, err := client(tr, base, "/host?k="+url.QueryEscape(hostToken))
	if err != nil {
		return rep, fmt.Errorf("become host: %w", err)
	}
	nGames, perGame := 1, cfg.Screens
	if cfg.Games > 0 {
		nGames, perGame = cfg.Games, cfg.Seats+2
	}
	tables := make([]*table, nGames)
	for g := range tables {
		if tables[g], err = newTable(tr, host, base, g, cfg); err != nil {
			return rep, err
		}
		if g > 0 && g%25 == 0 {
			fmt.Fprintf(progress, "  %d games set up\n", g)
		}
	}
	if rep.MemBefore, err = serverMem(host, base); err != nil {
		return rep, err
	}

	// Screens: in each game, spread over each seat, the public view and the host.
	start := time.Now()
	streamTr := &http.Transport{MaxIdleConnsPerHost: 1}
	defer streamTr.CloseIdleConnections()
	screens := make([]*screen, 0, nGames*perGame)
	var wg sync.WaitGroup
	streamCtx, stopStreams := context.WithCancel(ctx)
	defer stopStreams()
	connected := make(chan struct{}, nGames*perGame)
	for g, tb := range tables {
		for i := range perGame {
			kind := i%(cfg.Seats+2) - 2 // -2 public, -1 host, 0.. seats
			var c *http.Client
			switch {
			case kind == -2:
				c = &http.Client{Transport: streamTr}
			case kind == -1:
				c = &http.Client{Transport: streamTr, Jar: host.Jar}
			default:
				c = &http.Client{Transport: streamTr, Jar: tb.seats[kind].Jar}
			}
			sc := &screen{game: g, kind: kind, keep: cfg.Game == GameColdCash && i < cfg.Seats+2 && kind >= -1}
			screens = append(screens, sc)
			tb.screens = append(tb.screens, sc)
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := watch(streamCtx, c, fmt.Sprintf("%s/games/%d/live", base, tb.id), sc, checkerOf(cfg, sc.kind), tb.mark, start, connected, &rep); err != nil && streamCtx.Err() == nil {
					atomic.AddInt64(&rep.StreamErrors, 1)
					fmt.Fprintf(progress, "game %d screen %d: %v\n", g, i, err)
				}
			}()
		}
	}
	rep.Screens = len(screens)
	for range screens {
		select {
		case <-connected:
		case <-time.After(60 * time.Second):
			return rep, fmt.Errorf("screens did not all connect within 60s")
		}
	}
	if rep.MemConnected, err = serverMem(host, base); err != nil {
		return rep, err
	}
	fmt.Fprintf(progress, "%d screens on %d game(s) connected; sending %d commands/s for %s\n", len(screens), nGames, cfg.Rate, cfg.Duration)

	// Commands at a steady rate (the tally), or as fast as the table's
	// screens show each move, up to the rate (Cold Cash).
	var results []sent
	var sendElapsed time.Duration
	if cfg.Game == GameColdCash {
		rep.Moves = map[string]int{}
		results, sendElapsed = playColdCash(ctx, cfg, host, base, tables, start, rep.Moves, progress)
	} else {
		results, sendElapsed = sendTally(ctx, cfg, host, tables, start, progress)
	}

	// Let the screens catch up, then stop.
	last := make([]int64, nGames)
	for _, r := range results {
		last[r.game] = max(last[r.game], r.seq)
	}
	deadline := time.Now().Add(cfg.Grace)
	for time.Now().Before(deadline) {
		if allReached(tables, last) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	rep.MemAfter, _ = serverMem(host, base)
	stopStreams()
	wg.Wait()
	rep.Elapsed = time.Since(start)

	// Analysis.
	var rtts, pairs, every []time.Duration
	everyOf := make([][]time.Duration, nGames)
	for _, r := range results {
		if r.failed || r.seq == 0 {
			rep.Failed++
			continue
		}
		rep.Commands++
		rtts = append(rtts, r.rtt)
		slowest, lost := time.Duration(0), false
		for _, sc := range tables[r.game].screens {
			i := sort.Search(len(sc.got), func(i int) bool { return sc.got[i].seq >= r.seq })
			if i == len(sc.got) {
				rep.Lost++
				lost = true
				continue
			}
			d := sc.got[i].at - r.at
			pairs = append(pairs, d)
			slowest = max(slowest, d)
		}
		if lost {
			rep.LostCommands++
		} else {
			every = append(every, slowest)
			everyOf[r.game] = append(everyOf[r.game], slowest)
		}
	}
	for _, sc := range screens {
		for i := 1; i < len(sc.got); i++ {
			if sc.got[i].seq <= sc.got[i-1].seq {
				rep.Duplicated++
			} else {
				rep.Coalesced += sc.got[i].seq - sc.got[i-1].seq - 1
			}
		}
	}
	rep.AchievedRate = float64(rep.Commands) / sendElapsed.Seconds()
	rep.CommandRTT, rep.ToScreen, rep.ToEveryScreen = percentiles(rtts), percentiles(pairs), percentiles(every)
	if cfg.Games > 0 {
		for _, ds := range everyOf {
			rep.PerGame = append(rep.PerGame, percentiles(ds))
		}
	}
	per := float64(len(screens))
	rep.HeapPerScreen = (float64(rep.MemConnected.HeapInuse+rep.MemConnected.StackInuse) - float64(rep.MemBefore.HeapInuse+rep.MemBefore.StackInuse)) / per
	rep.RSSPerScreen = (float64(rep.MemConnected.RSS) - float64(rep.MemBefore.RSS)) / per
	rep.GoroutinesPerTable = float64(rep.MemConnected.Goroutines-rep.MemBefore.Goroutines) / per
	return rep, nil
}

// sendTally sends Rate*Duration tally adds at a steady rate, round the
// games and, within a game, round the seats.
func sendTally(ctx context.Context, cfg Config, host *http.Client, tables []*table, start time.Time, progress io.Writer) ([]sent, time.Duration) {
	nGames := len(tables)
	n := cfg.Rate * int(cfg.Duration/time.Second)
	results := make([]sent, n)
	jobs := make(chan int, n)
	var cw sync.WaitGroup
	for range cfg.Workers {
		cw.Add(1)
		go func() {
			defer cw.Done()
			for i := range jobs {
				g := i % nGames
				t0 := time.Since(start)
				var out struct{ Seq int64 }
				err := postJSON(host, tables[g].cmdURL, map[string]any{"type": "add", "data": map[string]int{"seat": (i / nGames) % cfg.Seats}, "idem": "load-" + strconv.Itoa(i)}, &out)
				results[i] = sent{game: g, seq: out.Seq, at: t0, rtt: time.Since(start) - t0, failed: err != nil}
			}
		}()
	}
	cmdStart := time.Now()
	interval := time.Second / time.Duration(cfg.Rate)
sending:
	for i := range n {
		if d := time.Until(cmdStart.Add(time.Duration(i) * interval)); d > 0 {
			select {
			case <-time.After(d):
			case <-ctx.Done():
				break sending
			}
		}
		jobs <- i
		if i > 0 && i%(cfg.Rate*10) == 0 {
			fmt.Fprintf(progress, "  %d commands sent\n", i)
		}
	}
	close(jobs)
	cw.Wait()
	return results, time.Since(cmdStart)
}

func allReached(tables []*table, last []int64) bool {
	for g, tb := range tables {
		for _, sc := range tb.screens {
			if sc.last.Load() < last[g] {
				return false
			}
		}
	}
	return true
}

// table is one game of the run: its phones and its screens.
type table struct {
	id      int64
	cmdURL  string
	seats   []*http.Client // one phone per seat, joined
	mark    []byte         // what every view of this game holds and no other game's does
	screens []*screen
}

// newTable creates game g (players named after it, so that its views can
// be told from every other game's), seats a phone in every seat, and sends
// it one command so every screen has a view on connecting.
func newTable(tr http.RoundTripper, host *http.Client, base string, g int, cfg Config) (*table, error) {
	players := make([]string, cfg.Seats)
	for i := range players {
		players[i] = fmt.Sprintf("Player %d", i+1)
		if cfg.Games > 0 {
			players[i] = fmt.Sprintf("Game %d player %d", g+1, i+1)
		}
	}
	var info struct{ ID int64 }
	create := map[string]any{"kind": "tally", "name": fmt.Sprintf("Load %d", g+1), "players": players}
	if cfg.Game == GameColdCash {
		create = map[string]any{"kind": "coldcash", "name": fmt.Sprintf("Load %d", g+1), "players": players,
			"settings": map[string]any{"mode": "board"}}
	}
	if err := postJSON(host, base+"/games", create, &info); err != nil {
		return nil, fmt.Errorf("create game %d: %w", g+1, err)
	}
	tb := &table{id: info.ID, cmdURL: fmt.Sprintf("%s/games/%d/commands", base, info.ID)}
	if cfg.Game == GameColdCash {
		// Every Cold Cash screen names the players; a game's are its own.
		tb.mark = []byte(html.EscapeString(players[0]))
	} else {
		// A live frame draws the tally's view as JSON inside the page's HTML,
		// so its quotes arrive as &#34;.
		first, _ := json.Marshal(players[0])
		tb.mark = []byte(html.EscapeString(`"names":[` + string(first)))
		if err := postJSON(host, tb.cmdURL, map[string]any{"type": "add", "data": map[string]int{"seat": 0}, "idem": fmt.Sprintf("warm-up-%d", g)}, nil); err != nil {
			return nil, fmt.Errorf("first command of game %d: %w", g+1, err)
		}
	}
	for i := range cfg.Seats {
		c, err := joinSeat(tr, host, base, info.ID, i)
		if err != nil {
			return nil, err
		}
		tb.seats = append(tb.seats, c)
	}
	if cfg.Game == GameColdCash {
		// The first move, so every screen has a view on connecting.
		if err := tb.firstMove(base, host, g); err != nil {
			return nil, err
		}
	}
	return tb, nil
}

// watch reads one live stream until ctx ends, recording every view; check
// says whether a view is inconsistent.
func watch(ctx context.Context, c *http.Client, url string, sc *screen, check func(data []byte, seq int64) bool, mark []byte, start time.Time, connected chan<- struct{}, rep *Report) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	r := bufio.NewReaderSize(resp.Body, 64<<10)
	var event string
	var data []byte
	first := true
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		atomic.AddInt64(&rep.Bytes, int64(len(line)))
		line = bytes.TrimRight(line, "\n")
		switch {
		case len(line) == 0:
			if event == "view" {
				at := time.Since(start)
				seq, ok := frameSeq(data)
				if !ok || check(data, seq) {
					atomic.AddInt64(&rep.Inconsistent, 1)
				}
				if !bytes.Contains(data, mark) {
					atomic.AddInt64(&rep.Leaks, 1)
				}
				sc.got = append(sc.got, reception{seq: seq, at: at})
				if sc.keep {
					cp := bytes.Clone(data)
					sc.frame.Store(&cp)
				}
				sc.last.Store(seq)
				atomic.AddInt64(&rep.Messages, 1)
				if first {
					first = false
					connected <- struct{}{}
				}
			}
			event, data = "", data[:0]
		case bytes.HasPrefix(line, []byte("event: ")):
			event = string(line[7:])
		case bytes.HasPrefix(line, []byte("data: ")):
			if len(data) > 0 { // a live frame's data has several lines
				data = append(data, '\n')
			}
			data = append(data, line[6:]...)
		}
	}
}

// checkerOf is how a screen of kind (a seat, -1 host, -2 public) tells an
// inconsistent view: for the tally, a total that does not match the seq, a
// missing own private line or another seat's; for Cold Cash, none beyond a
// readable seq (frameSeq).
func checkerOf(cfg Config, kind int) func(data []byte, seq int64) bool {
	if cfg.Game == GameColdCash {
		return func([]byte, int64) bool { return false }
	}
	var mine []byte
	var others [][]byte
	for s := range cfg.Seats {
		line := []byte(fmt.Sprintf("seat %d private", s))
		if s == kind {
			mine = line
		} else {
			others = append(others, line)
		}
	}
	return func(data []byte, seq int64) bool {
		total, ok := numAfter(data, `&#34;total&#34;:`) // the view, drawn in the page as escaped JSON
		if !ok || total != seq || mine != nil && !bytes.Contains(data, mine) {
			return true
		}
		for _, o := range others {
			if bytes.Contains(data, o) {
				return true
			}
		}
		return false
	}
}

// frameSeq reads a live frame's seq (its JSON header) without decoding the
// whole frame: the load generator shares the machine with the server, so it
// spends as little as it can.
func frameSeq(data []byte) (int64, bool) { return numAfter(data, `{"seq":`) }

// numAfter reads the whole number that follows key in data.
func numAfter(data []byte, key string) (int64, bool) {
	i := bytes.Index(data, []byte(key))
	if i < 0 {
		return 0, false
	}
	rest := data[i+len(key):]
	j := 0
	for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
		j++
	}
	n, err := strconv.ParseInt(string(rest[:j]), 10, 64)
	return n, err == nil
}

// client makes an HTTP client with its own cookies and opens path with it.
func client(tr http.RoundTripper, base, path string) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Transport: tr, Jar: jar, Timeout: 30 * time.Second}
	resp, err := c.Get(base + path)
	if err != nil {
		return nil, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("GET %s: status %d", path, resp.StatusCode)
	}
	return c, nil
}

// joinSeat seats a new phone: the host hands the seat over and the phone
// opens the hand-over link and taps the seat, as a real phone does.
func joinSeat(tr http.RoundTripper, host *http.Client, base string, game int64, seat int) (*http.Client, error) {
	var moved struct{ Join string }
	if err := postJSON(host, fmt.Sprintf("%s/games/%d/seats/%d/move", base, game, seat), nil, &moved); err != nil {
		return nil, fmt.Errorf("hand over seat %d: %w", seat, err)
	}
	u, err := url.Parse(moved.Join)
	if err != nil {
		return nil, err
	}
	c, err := client(tr, base, u.RequestURI())
	if err != nil {
		return nil, fmt.Errorf("open join link: %w", err)
	}
	resp, err := c.PostForm(fmt.Sprintf("%s/games/%d/join", base, game), url.Values{"seat": {strconv.Itoa(seat)}})
	if err != nil {
		return nil, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("join seat %d: status %d", seat, resp.StatusCode)
	}
	return c, nil
}

func postJSON(c *http.Client, url string, in, out any) error {
	b, _ := json.Marshal(in)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return fmt.Errorf("POST %s: %d %s", url, resp.StatusCode, strings.TrimSpace(string(body)))
	}
	if out != nil {
		return json.Unmarshal(body, out)
	}
	return nil
}

func serverMem(c *http.Client, base string) (ServerMem, error) {
	var m ServerMem
	resp, err := c.Get(base + "/loadtest/mem")
	if err != nil {
		return m, fmt.Errorf("server memory: %w", err)
	}
	defer resp.Body.Close()
	return m, json.NewDecoder(resp.Body).Decode(&m)
}

// Print writes the report for people.
func (r Report) Print(w io.Writer) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
	pct := func(p Percentiles) string {
		return fmt.Sprintf("p50 %s  p90 %s  p99 %s  max %s  (n=%d)", ms(p.P50), ms(p.P90), ms(p.P99), ms(p.Max), p.N)
	}
	if r.Config.Game == GameColdCash {
		fmt.Fprintf(w, "\nCold Cash Risk (board mode, %d seats, offered moves only, at most %d moves/s)", r.Config.Seats, r.Config.Rate)
	}
	if r.Config.Games > 0 {
		fmt.Fprintf(w, "\nLoad: %d games at once, each with %d phones, a host and a TV (%d screens), %d commands/s over them for %s\n", r.Config.Games, r.Config.Seats, r.Screens, r.Config.Rate, r.Config.Duration)
	} else {
		fmt.Fprintf(w, "\nLoad: %d screens (%d seats + public + host), %d commands/s for %s\n", r.Screens, r.Config.Seats, r.Config.Rate, r.Config.Duration)
	}
	fmt.Fprintf(w, "  commands answered      %d (failed %d), %.1f/s achieved\n", r.Commands, r.Failed, r.AchievedRate)
	if len(r.Moves) > 0 {
		types := make([]string, 0, len(r.Moves))
		for t := range r.Moves {
			types = append(types, t)
		}
		sort.Strings(types)
		fmt.Fprintf(w, "  moves played          ")
		for _, t := range types {
			fmt.Fprintf(w, " %s %d", t, r.Moves[t])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "  command round trip     %s\n", pct(r.CommandRTT))
	fmt.Fprintf(w, "  command -> one screen  %s\n", pct(r.ToScreen))
	fmt.Fprintf(w, "  command -> EVERY screen %s\n", pct(r.ToEveryScreen))
	if len(r.PerGame) > 0 {
		worst := r.PerGame[0]
		for _, p := range r.PerGame {
			if p.P99 > worst.P99 {
				worst = p
			}
		}
		fmt.Fprintf(w, "  slowest game, to every screen of it: %s\n", pct(worst))
	}
	fmt.Fprintf(w, "  lost (command,screen)  %d (commands affected: %d)\n", r.Lost, r.LostCommands)
	fmt.Fprintf(w, "  cross-game leaks       %d (views of another game received)\n", r.Leaks)
	fmt.Fprintf(w, "  duplicated messages    %d\n", r.Duplicated)
	fmt.Fprintf(w, "  inconsistent views     %d (content not matching seq, or another seat's private data)\n", r.Inconsistent)
	fmt.Fprintf(w, "  stream errors          %d\n", r.StreamErrors)
	fmt.Fprintf(w, "  coalesced seqs         %d (superseded by a newer whole view before sending; not lost)\n", r.Coalesced)
	fmt.Fprintf(w, "  messages received      %d, %.1f MB\n", r.Messages, float64(r.Bytes)/1e6)
	fmt.Fprintf(w, "  server memory          before screens: heap %.1f MB, rss %.1f MB, %d goroutines\n", mb(r.MemBefore.HeapInuse), mb(r.MemBefore.RSS), r.MemBefore.Goroutines)
	fmt.Fprintf(w, "                         screens open:   heap %.1f MB, rss %.1f MB, %d goroutines\n", mb(r.MemConnected.HeapInuse), mb(r.MemConnected.RSS), r.MemConnected.Goroutines)
	fmt.Fprintf(w, "                         after the run:  heap %.1f MB, rss %.1f MB, %d goroutines\n", mb(r.MemAfter.HeapInuse), mb(r.MemAfter.RSS), r.MemAfter.Goroutines)
	if r.ServerCPU > 0 {
		fmt.Fprintf(w, "  CPU over %s          server %.1f s (%.0f%% of one core), load generator %.1f s\n", r.Elapsed.Round(time.Second), r.ServerCPU.Seconds(), 100*r.ServerCPU.Seconds()/r.Elapsed.Seconds(), r.LoadCPU.Seconds())
	}
	fmt.Fprintf(w, "  per connected screen   heap+stack %.1f KB, rss %.1f KB, %.1f goroutines\n", r.HeapPerScreen/1024, r.RSSPerScreen/1024, r.GoroutinesPerTable)
}

func mb(b uint64) float64 { return float64(b) / 1e6 }
