package quotecheck

import (
	"bytes"
	"testing"
)

// A run of seven words shared in the same order is found whatever the
// case and punctuation; six are not; a set reads back as written.
func TestQuotesFindsSevenWordsInARowOnly(t *testing.T) {
	book := Of("The attacker may roll up to three dice, one fewer than the armies.")
	if q := book.Quotes("Then: the ATTACKER may roll up to three!"); len(q) != 1 || q[0] != "the attacker may roll up to three" {
		t.Errorf("quotes %q", q)
	}
	if q := book.Quotes("the attacker may roll up to four dice"); len(q) != 0 {
		t.Errorf("six words in a row count as a quote: %q", q)
	}
	var buf bytes.Buffer
	book.WriteTo(&buf)
	back, err := Read(buf.Bytes())
	if err != nil || len(back) != len(book) || len(back.Quotes("roll up to three dice, one fewer")) != 1 {
		t.Fatalf("read back %d of %d hashes: %v", len(back), len(book), err)
	}
	if _, err := Read([]byte{1, 2, 3}); err == nil {
		t.Error("a torn set reads")
	}
}
