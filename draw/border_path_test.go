package draw_test

import (
	"strings"
	"testing"

	"tableside/draw"
)

// The borders go to the page as two paths (solid, dashed), each border one
// subpath from end to end: nothing dropped, nothing drawn twice.
func TestBorderPathDrawsEachBorderOnceAsASubpath(t *testing.T) {
	d := &draw.MapDrawing{Lines: []draw.MapLine{{X1: 1, Y1: 2, X2: 3, Y2: 4}, {X1: 5, Y1: 6, X2: 0, Y2: 6, Dashed: true}, {X1: 7, Y1: 8, X2: 9, Y2: 10}}}
	if got := d.BorderPath(false); got != "M1 2L3 4M7 8L9 10" {
		t.Errorf("solid borders %q", got)
	}
	if got := d.BorderPath(true); got != "M5 6L0 6" {
		t.Errorf("dashed borders %q", got)
	}
	world := draw.ConquestMap(classicBoard())
	solid, dashed := world.BorderPath(false), world.BorderPath(true)
	if n := strings.Count(solid, "M") + strings.Count(dashed, "M"); n != len(world.Lines) || len(world.Lines) == 0 {
		t.Fatalf("%d subpaths for %d borders", n, len(world.Lines))
	}
}
