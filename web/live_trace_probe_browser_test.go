package web_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// liveTrace has BenchmarkLiveBoardPhones record a Chrome trace of its
// moves and log where the browser's threads spent them, by thread and
// event (Layout, Paint, ParseHTML, RasterTask...), as summed durations
// (nested events each count their whole time).
var liveTrace = flag.Bool("livetrace", false, "with BenchmarkLiveBoardPhones: log a Chrome trace's time by thread and event")

// chromeTrace is a trace being recorded.
type chromeTrace struct {
	mu      sync.Mutex
	threads map[[2]int64]string // (pid, tid) to the thread's name
	spent   map[[2]int64]map[string]float64
	done    chan struct{}
	layouts []string // the first Layout events' arguments
}

// startTrace starts recording a trace from the tab's browser.
func startTrace(t testing.TB, tab *testenv.Tab) *chromeTrace {
	tr := &chromeTrace{threads: map[[2]int64]string{}, spent: map[[2]int64]map[string]float64{}, done: make(chan struct{})}
	chromedp.ListenTarget(tab.Ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			tr.mu.Lock()
			defer tr.mu.Unlock()
			for _, v := range ev.Value {
				var e struct {
					Name string          `json:"name"`
					Ph   string          `json:"ph"`
					Dur  float64         `json:"dur"`
					Pid  int64           `json:"pid"`
					Tid  int64           `json:"tid"`
					Args json.RawMessage `json:"args"`
				}
				if json.Unmarshal(v, &e) != nil {
					continue
				}
				k := [2]int64{e.Pid, e.Tid}
				switch {
				case e.Ph == "M" && e.Name == "thread_name":
					var a struct {
						Name string `json:"name"`
					}
					json.Unmarshal(e.Args, &a)
					tr.threads[k] = a.Name
				case e.Ph == "X":
					if tr.spent[k] == nil {
						tr.spent[k] = map[string]float64{}
					}
					tr.spent[k][e.Name] += e.Dur / 1000
					if (e.Name == "Layout" || e.Name == "UpdateLayoutTree" || e.Name == "Paint") && len(tr.layouts) < 80 {
						tr.layouts = append(tr.layouts, fmt.Sprintf("%s %.1fms %s", e.Name, e.Dur/1000, e.Args))
					}
				}
			}
		case *tracing.EventTracingComplete:
			close(tr.done)
		}
	})
	tab.Run(t, chromedp.ActionFunc(func(ctx context.Context) error {
		return tracing.Start().WithTraceConfig(&tracing.TraceConfig{IncludedCategories: []string{
			"devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "blink", "cc", "v8.execute"}}).Do(ctx)
	}))
	return tr
}

// stop ends the recording and logs the 40 heaviest thread and event pairs.
func (tr *chromeTrace) stop(t testing.TB, tab *testenv.Tab) {
	tab.Run(t, chromedp.ActionFunc(func(ctx context.Context) error { return tracing.End().Do(ctx) }))
	<-tr.done
	tr.mu.Lock()
	defer tr.mu.Unlock()
	spent := map[string]float64{}
	for k, by := range tr.spent {
		name := tr.threads[k]
		if name == "" {
			name = fmt.Sprint(k)
		}
		for ev, ms := range by {
			spent[fmt.Sprintf("%d %s: %s", k[0], name, ev)] += ms
		}
	}
	t.Logf("trace:\n%s\nlayouts:\n%s", heaviest(spent, 60), strings.Join(tr.layouts, "\n"))
}
