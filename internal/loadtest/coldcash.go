package loadtest

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"sync"
	"time"
)

// Cold Cash Risk's load: a board-mode game played by offered moves only.
// Each seat's phone (and the host's laptop, when no phone has a move) reads
// its moves from the live frames it receives, as sheet.js does, opens a
// fold now and then (GET /games/N/moves, as a tap on a fold does), and one
// move is sent. The next waits until every phone and the host show it: a
// table plays one move at a time, and each move is chosen on the state the
// last one left.

// offer is one move a sheet offers: the screen that may send it (a seat,
// or -1 the host) and its command.
type offer struct {
	who  int
	typ  string
	data map[string]any
}

var (
	moveForm   = regexp.MustCompile(`(?s)<form[^>]*\bdata-move\b[^>]*>(.*?)</form>`)
	moveType   = regexp.MustCompile(`name="type" value="([^"]*)"`)
	moveData   = regexp.MustCompile(`name="data" value='([^']*)'`)
	moveNumber = regexp.MustCompile(`name="d\.([^"]+)" type="number"[^>]*? min="(-?\d+)" max="(-?\d+)"`)
	sheetStep  = regexp.MustCompile(`class="sheet-step" data-step="([^"]*)"|data-fold="([^"]*)"[^>]*\bdata-lazy\b`)
)

// movesIn reads the moves of the sheet drawn in page (a live frame or a
// whole page) for who; numbers are picked within their limits.
func movesIn(page []byte, who int, rng *rand.Rand) []offer {
	var out []offer
	for _, m := range moveForm.FindAllSubmatch(page, -1) {
		body := m[1]
		t := moveType.FindSubmatch(body)
		if t == nil {
			continue
		}
		o := offer{who: who, typ: string(t[1]), data: map[string]any{}}
		if d := moveData.FindSubmatch(body); d != nil {
			if err := json.Unmarshal([]byte(html.UnescapeString(string(d[1]))), &o.data); err != nil {
				continue
			}
		}
		for _, n := range moveNumber.FindAllSubmatch(body, -1) {
			lo, _ := strconv.Atoi(string(n[2]))
			hi, _ := strconv.Atoi(string(n[3]))
			if hi < lo {
				continue
			}
			o.data[string(n[1])] = lo + rng.IntN(hi-lo+1)
		}
		out = append(out, o)
	}
	return out
}

// lazyFolds are the folds of a live frame's sheet drawn as summaries: each
// step's name and the fold's.
func lazyFolds(page []byte) [][2]string {
	var out [][2]string
	step := ""
	for _, m := range sheetStep.FindAllSubmatch(page, -1) {
		if m[1] != nil {
			step = string(m[1])
			continue
		}
		out = append(out, [2]string{step, string(m[2])})
	}
	return out
}

// offersOf gathers what the table may do now from the newest frame of each
// seat's phone, and the host's when no phone has a move; a phone opens one
// of its folded groups about one time in four.
func (tb *table) offersOf(base string, rng *rand.Rand) []offer {
	var phones, host []offer
	for _, sc := range tb.screens {
		if !sc.keep {
			continue
		}
		f := sc.frame.Load()
		if f == nil {
			continue
		}
		if sc.kind == -1 {
			host = movesIn(*f, -1, rng)
			continue
		}
		phones = append(phones, movesIn(*f, sc.kind, rng)...)
		if folds := lazyFolds(*f); len(folds) > 0 && rng.IntN(4) == 0 {
			phones = append(phones, tb.openFold(base, sc.kind, folds[rng.IntN(len(folds))], rng)...)
		}
	}
	if len(phones) > 0 {
		return phones
	}
	return host
}

// openFold fetches a folded group's moves as the seat's phone does when it
// is opened.
func (tb *table) openFold(base string, seat int, fold [2]string, rng *rand.Rand) []offer {
	u := fmt.Sprintf("%s/games/%d/moves?step=%s&fold=%s", base, tb.id, url.QueryEscape(fold[0]), url.QueryEscape(fold[1]))
	resp, err := tb.seats[seat].Get(u)
	if err != nil {
		return nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return nil
	}
	return movesIn(b, seat, rng)
}

// choose picks a move: a kind of command first, each kind as likely as any
// other (so the rarer moves, a merger or a takeover, are played as often as
// the table is offered them, not drowned by forty ways to buy), then one
// move of it. Ending the game is chosen only when nothing else is offered,
// so the load plays on.
func choose(offers []offer, rng *rand.Rand) (offer, bool) {
	byType := map[string][]offer{}
	var types []string
	for _, o := range offers {
		if o.typ == "end" || o.typ == "declare" {
			continue
		}
		if byType[o.typ] == nil {
			types = append(types, o.typ)
		}
		byType[o.typ] = append(byType[o.typ], o)
	}
	if len(types) == 0 {
		if len(offers) == 0 {
			return offer{}, false
		}
		return offers[rng.IntN(len(offers))], true
	}
	sort.Strings(types)
	t := types[rng.IntN(len(types))]
	if t == "hide" && len(types) > 1 && rng.IntN(8) > 0 {
		// Hiding shares changes no one's turn: seldom, so the game moves on.
		for t == "hide" {
			t = types[rng.IntN(len(types))]
		}
	}
	of := byType[t]
	return of[rng.IntN(len(of))], true
}

// send posts a move as its screen: the seat's phone, or the host.
func (tb *table) send(host *http.Client, o offer, idem string) (int64, error) {
	c := host
	if o.who >= 0 {
		c = tb.seats[o.who]
	}
	var out struct{ Seq int64 }
	err := postJSON(c, tb.cmdURL, map[string]any{"type": o.typ, "data": o.data, "idem": idem}, &out)
	return out.Seq, err
}

// firstMove plays the game's first offered move, read from the host's and
// each phone's page, before any screen opens.
func (tb *table) firstMove(base string, host *http.Client, g int) error {
	rng := rand.New(rand.NewPCG(uint64(g), 1))
	var offers []offer
	read := func(c *http.Client, who int) error {
		resp, err := c.Get(fmt.Sprintf("%s/games/%d", base, tb.id))
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		offers = append(offers, movesIn(b, who, rng)...)
		return nil
	}
	for i, c := range tb.seats {
		if err := read(c, i); err != nil {
			return err
		}
	}
	if len(offers) == 0 {
		if err := read(host, -1); err != nil {
			return err
		}
	}
	o, ok := choose(offers, rng)
	if !ok {
		return fmt.Errorf("game %d: no move offered to start with", g+1)
	}
	if _, err := tb.send(host, o, fmt.Sprintf("first-%d", g)); err != nil {
		return fmt.Errorf("first move of game %d: %w", g+1, err)
	}
	return nil
}

// playColdCash plays every table at once, each one move at a time, until
// Rate*Duration moves are sent, the time is up, or every game has ended.
func playColdCash(ctx context.Context, cfg Config, host *http.Client, base string, tables []*table, start time.Time, moves map[string]int, progress io.Writer) ([]sent, time.Duration) {
	nGames := len(tables)
	budget := cfg.Rate * int(cfg.Duration/time.Second)
	each := max(1, budget/nGames)
	gap := time.Duration(nGames) * time.Second / time.Duration(cfg.Rate) // the rate, spread over the games
	var mu sync.Mutex
	var results []sent
	cmdStart := time.Now()
	end := cmdStart.Add(cfg.Duration)
	var wg sync.WaitGroup
	for g, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 2))
			var seq int64
			for i := 0; i < each && time.Now().Before(end) && ctx.Err() == nil; i++ {
				next := time.Now().Add(gap)
				if !tb.shown(ctx, seq, 5*time.Second) {
					fmt.Fprintf(progress, "  game %d: the phones did not show seq %d within 5s\n", g+1, seq)
				}
				o, ok := choose(tb.offersOf(base, rng), rng)
				if !ok {
					fmt.Fprintf(progress, "  game %d ended after %d moves\n", g+1, i)
					return
				}
				t0 := time.Since(start)
				got, err := tb.send(host, o, fmt.Sprintf("cc-%d-%d", g, i))
				r := sent{game: g, seq: got, at: t0, rtt: time.Since(start) - t0, failed: err != nil}
				if err != nil {
					fmt.Fprintf(progress, "  game %d: %s refused: %v\n", g+1, o.typ, err)
				} else {
					seq = got
				}
				mu.Lock()
				results = append(results, r)
				if err == nil {
					moves[o.typ]++
				}
				mu.Unlock()
				time.Sleep(time.Until(next))
			}
		}()
	}
	wg.Wait()
	return results, time.Since(cmdStart)
}

// shown waits until every phone and the host show seq or later.
func (tb *table) shown(ctx context.Context, seq int64, within time.Duration) bool {
	deadline := time.Now().Add(within)
	for {
		all := true
		for _, sc := range tb.screens {
			if sc.keep && sc.last.Load() < seq {
				all = false
				break
			}
		}
		if all {
			return true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		time.Sleep(time.Millisecond)
	}
}
