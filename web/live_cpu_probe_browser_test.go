package web_test

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// liveProbe is how many moves BenchmarkLiveBoardPhones plays each round.
var liveProbe = flag.Int("liveprobe", 60, "how many Cold Cash board moves BenchmarkLiveBoardPhones plays on two phones")

// liveProfile has the probe take a JavaScript CPU profile of Ben's phone
// and log where its time went (self time by function, with its caller).
var liveProfile = flag.Bool("liveprofile", false, "with BenchmarkLiveBoardPhones: log a CPU profile of one phone")

// rendererCPU is the CPU time, in seconds, every Chromium renderer this
// test binary started has used so far (utime+stime of /proc/PID/stat),
// so a probe reads its own browser's renderers and not another test
// binary's beside it; by thread says where, by the threads' names
// (CrRendererMain, Compositor, CompositorTileW the software raster, ...),
// and "browser+gpu" the rest of this binary's Chromium.
func rendererCPU(t testing.TB) (sum float64, byThread map[string]float64) {
	t.Helper()
	parent := map[int]int{}
	renderer := map[int]bool{}
	chromium := map[int]bool{}
	ticks := map[int]float64{}
	stat := func(path string) (comm string, f []string) {
		b, err := os.ReadFile(path)
		if err != nil {
			return "", nil
		}
		s := string(b)
		open, shut := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || shut < open {
			return "", nil
		}
		return s[open+1 : shut], strings.Fields(s[shut+2:])
	}
	cpuOf := func(f []string) float64 {
		// pid (comm) state ppid ... utime(14) stime(15)
		ut, _ := strconv.ParseFloat(f[11], 64)
		st, _ := strconv.ParseFloat(f[12], 64)
		return ut + st
	}
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		pid, _ := strconv.Atoi(filepath.Base(d))
		comm, f := stat(d + "/stat")
		if f == nil {
			continue
		}
		parent[pid], _ = strconv.Atoi(f[1])
		ticks[pid] = cpuOf(f)
		if cmd, err := os.ReadFile(d + "/cmdline"); err == nil && strings.Contains(string(cmd), "--type=renderer") {
			renderer[pid] = true
		} else if strings.Contains(comm, "chrom") {
			chromium[pid] = true
		}
	}
	mine := func(pid int) bool {
		for p := parent[pid]; p > 1; p = parent[p] {
			if p == os.Getpid() {
				return true
			}
		}
		return false
	}
	byThread = map[string]float64{}
	for pid := range chromium {
		if mine(pid) {
			byThread["browser+gpu"] += ticks[pid] / 100
		}
	}
	for pid := range renderer {
		if !mine(pid) {
			continue
		}
		sum += ticks[pid]
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/[0-9]*", pid))
		for _, task := range tasks {
			if comm, f := stat(task + "/stat"); f != nil {
				byThread[strings.TrimRight(comm, "0123456789")] += cpuOf(f) / 100 // USER_HZ
			}
		}
	}
	return sum / 100, byThread // USER_HZ
}

// tabMetrics reads a tab's main-thread times (seconds) from CDP's
// Performance domain: all its tasks, script, layout and style.
func tabMetrics(t testing.TB, tab *testenv.Tab) map[string]float64 {
	t.Helper()
	var ms []*performance.Metric
	tab.Run(t, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		ms, err = performance.GetMetrics().Do(ctx)
		return err
	}))
	out := map[string]float64{}
	for _, m := range ms {
		out[m.Name] = m.Value
	}
	return out
}

// BenchmarkLiveBoardPhones plays -liveprobe moves of a Cold Cash Risk
// board game on two phones by tapping their sheets, b.N times, and reports
// what their renderers spent a move: the measure for issue 40's live path
// (app.js). It checks nothing a strict test does not
// (live_keep_browser_test.go). Build it at two commits and run them
// alternating to compare: go test ./web -run '^$' -bench LiveBoardPhones
func BenchmarkLiveBoardPhones(b *testing.B) {
	for b.Loop() {
		liveBoardPhones(b)
	}
}

func liveBoardPhones(t *testing.B) {
	g := openBoardPhones(t, 20*time.Minute)
	phones, state, drawn := g.phones, g.state, g.drawn
	for _, p := range phones {
		p.Run(t, chromedp.ActionFunc(func(ctx context.Context) error { return performance.Enable().Do(ctx) }))
	}
	_, seq := state()
	for _, p := range phones {
		drawn(p, seq)
	}
	// Each phone counts the maps its frames drew anew (a map element
	// added to the live region), to tell the frames that kept theirs.
	for _, p := range phones {
		p.Run(t, chromedp.Evaluate(`window.tsMapsDrawn = 0; new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => {
			if (n.nodeType === 1 && (n.matches(".cc-map-wrap") || n.querySelector(".cc-map-wrap"))) window.tsMapsDrawn++;
		}))).observe(document.getElementById("live"), {childList: true, subtree: true})`, nil))
	}
	cpu0, threads0 := rendererCPU(t)
	before := []map[string]float64{tabMetrics(t, phones[0]), tabMetrics(t, phones[1])}
	start := time.Now()
	var trace *chromeTrace
	if *liveTrace {
		trace = startTrace(t, phones[1])
	}
	if *liveProfile {
		phones[1].Run(t, chromedp.ActionFunc(func(ctx context.Context) error {
			if err := profiler.Enable().Do(ctx); err != nil {
				return err
			}
			if err := profiler.SetSamplingInterval(200).Do(ctx); err != nil {
				return err
			}
			return profiler.Start().Do(ctx)
		}))
	}
	for taps := 0; taps < *liveProbe; taps++ {
		seat, seq := g.next(taps)
		g.tap(seat, seq, taps)
	}
	_, seq = state()
	for _, p := range phones {
		drawn(p, seq)
	}
	wall := time.Since(start)
	if trace != nil {
		trace.stop(t, phones[1])
	}
	if *liveProfile {
		var prof *profiler.Profile
		phones[1].Run(t, chromedp.ActionFunc(func(ctx context.Context) error {
			var err error
			prof, err = profiler.Stop().Do(ctx)
			return err
		}))
		logProfile(t, prof)
	}
	cpu, threads := rendererCPU(t)
	cpu -= cpu0
	var where []string
	for name, s := range threads {
		if d := s - threads0[name]; d >= 0.05 {
			where = append(where, fmt.Sprintf("%s %.2f", name, d))
		}
	}
	sort.Strings(where)
	var sum = map[string]float64{}
	for i, p := range phones {
		after := tabMetrics(t, p)
		for _, k := range []string{"TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "LayoutCount", "RecalcStyleCount"} {
			sum[k] += after[k] - before[i][k]
		}
	}
	maps := 0
	for _, p := range phones {
		var n int
		p.Run(t, chromedp.Evaluate(`window.tsMapsDrawn`, &n))
		maps += n
	}
	load, _ := os.ReadFile("/proc/loadavg")
	n := float64(*liveProbe)
	t.Logf("LIVEPROBE moves=%d wall=%.1fs rendererCPU=%.2fs (%.1f ms/move) task=%.2fs (%.1f ms/move) script=%.2fs layout=%.2fs (%d layouts) style=%.2fs (%d recalcs) threads(CPU-s): %s; maps drawn anew %d of %d frames; load=%s",
		*liveProbe, wall.Seconds(), cpu, cpu*1000/n, sum["TaskDuration"], sum["TaskDuration"]*1000/n, sum["ScriptDuration"],
		sum["LayoutDuration"], int(sum["LayoutCount"]), sum["RecalcStyleDuration"], int(sum["RecalcStyleCount"]), strings.Join(where, ", "), maps, 2**liveProbe, strings.TrimSpace(string(load)))
	t.ReportMetric(cpu*1000/n, "renderer-ms/move")
	t.ReportMetric(sum["TaskDuration"]*1000/n, "main-thread-ms/move")
	t.ReportMetric(sum["LayoutCount"]/n, "layouts/move")
}

// logProfile logs a CPU profile's 30 heaviest functions by self time,
// each with its caller's name.
func logProfile(t testing.TB, prof *profiler.Profile) {
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range prof.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	name := func(id int64) string {
		n := byID[id]
		if n == nil {
			return "-"
		}
		f := n.CallFrame
		return fmt.Sprintf("%s %s:%d", f.FunctionName, filepath.Base(f.URL), f.LineNumber+1)
	}
	self := map[string]float64{}
	total := 0.0
	for i, id := range prof.Samples {
		dt := float64(prof.TimeDeltas[i]) / 1000
		total += dt
		p := parent[id]
		self[name(id)+"  <-  "+name(p)+"  <-  "+name(parent[p])] += dt
	}
	t.Logf("profile of %.0f ms:\n%s", total, heaviest(self, 30))
}

// heaviest is a probe's n heaviest lines of milliseconds by name, heaviest
// first, one a line.
func heaviest(ms map[string]float64, n int) string {
	names := slices.Collect(maps.Keys(ms))
	sort.Slice(names, func(i, j int) bool { return ms[names[i]] > ms[names[j]] })
	var b strings.Builder
	for _, k := range names[:min(n, len(names))] {
		fmt.Fprintf(&b, "%9.0f ms  %s\n", ms[k], k)
	}
	return b.String()
}
