package scorelog

import (
	"bytes"
	"context"
	"encoding/csv"
	"strings"
	"testing"
)

// writeParsed writes parsed plays back as CSV, as export would.
func writeParsed(plays []*csvPlay) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(Columns)
	for _, cp := range plays {
		for _, pl := range cp.play.Players {
			w.Write(csvRow(cp.play, pl))
		}
	}
	w.Flush()
	return b.Bytes()
}

// Whatever a file holds, reading it never panics, every problem names a
// line, and a file that reads cleanly writes back to a file that reads back
// to the same bytes.
func FuzzParseCSV(f *testing.F) {
	s, _ := openStore(f)
	fillLog(f, s)
	var exported bytes.Buffer
	if err := s.ExportCSV(context.Background(), &exported); err != nil {
		f.Fatal(err)
	}
	f.Add(exported.String())
	f.Add("play,game,date,scoring,player,score\na,Catan,2026-11-01,high,Ana,10\n")
	f.Add("play,game,date,scoring,player,rank\na,Race,2026-11-01,ranks,Ana,2\na,Race,2026-11-01,ranks,Ben,1\n")
	f.Add("play,game,date,scoring,player,winner\na,Pandemic,2026-11-01,winlose,Ana,1\n")
	f.Add("play,game\n\"unterminated\n")
	f.Add("\ufeffplay,game,date,scoring,player,score,breakdown\na,X,2026-01-01,low,A,-3,\"{\"\"a\"\":1}\"\n")
	f.Fuzz(func(t *testing.T, in string) {
		plays, probs := parseCSV(strings.NewReader(in))
		for _, p := range probs {
			if p.Line < 1 || p.Msg == "" {
				t.Fatalf("problem without a line or message: %+v", p)
			}
		}
		if len(probs) > 0 {
			return
		}
		once := writeParsed(plays)
		again, probs := parseCSV(bytes.NewReader(once))
		if len(probs) > 0 {
			t.Fatalf("a clean file written back does not read: %v\n%s", probs, once)
		}
		if twice := writeParsed(again); !bytes.Equal(once, twice) {
			t.Fatalf("written back twice differs:\n%s\n---\n%s", once, twice)
		}
	})
}
