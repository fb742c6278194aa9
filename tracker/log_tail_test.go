package tracker_test

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/internal/trackertest"
)

// The records after a seq come from the run's own appends when they reach
// back that far (the turn clock asks at every change), and they are exactly
// what reading the log gives: times, empty payloads, dice reveals, idempotency
// keys and reverts included, from any seq, and past the tail's bound.
func TestRecordsAfterAreTheLogsFromAnySeq(t *testing.T) {
	ctx := context.Background()
	tr := trackertest.Open(t, filepath.Join(t.TempDir(), "t.db"), testgames.Battles{})
	info, err := tr.Create(ctx, "battles", "B", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}})
	if err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		_, all, err := tr.Records(ctx, info.ID)
		if err != nil {
			t.Fatal(err)
		}
		for after := int64(0); after <= int64(len(all)); after++ {
			got, err := tr.RecordsAfter(ctx, info.ID, after)
			if err != nil {
				t.Fatal(err)
			}
			want := all[after:]
			if len(want) == 0 {
				want = nil
			}
			if len(got) == 0 {
				got = nil
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: records after %d:\n got %+v\nwant %+v", when, after, got, want)
			}
		}
	}
	for i := range 50 {
		cmd := engine.Command{Type: []string{"battle", "note", "shuffle"}[i%3], Seat: engine.Host}
		idem := ""
		if i%4 == 0 {
			idem = "key-" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		}
		mustDo(t, tr, info.ID, cmd, idem)
		if i == 20 {
			if _, err := tr.Undo(ctx, info.ID, 0, ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	check("under the tail's bound")
	for range 40 {
		mustDo(t, tr, info.ID, engine.Command{Type: "battle", Seat: engine.Host}, "")
	}
	check("past it")
}
