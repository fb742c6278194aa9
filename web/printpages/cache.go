package printpages

import (
	"bytes"
	"strconv"
	"strings"
	"sync"

	"tableside/printables"
)

// pdfCache keeps the print shop's sheets that anyone may ask for again and
// again (the certificates on Letter, say): a sheet depends only on its
// options, so the second and later asks cost nothing but sending it. It
// holds a few small PDFs and is emptied when full rather than tracking use.
type pdfCache struct {
	mu sync.Mutex
	m  map[string][]byte // shared: read only
}

const (
	pdfCacheSize  = 16
	pdfCacheLimit = 4 << 20 // a bigger sheet is made each time
)

var pdfs = &pdfCache{m: map[string][]byte{}}

// get returns sheet's PDF with options o, made once.
func (pc *pdfCache) get(sheet printables.Sheet, o printables.Options) ([]byte, error) {
	key := strings.Join([]string{sheet.Name, o.Paper.Name, string(o.Names), strconv.Itoa(o.Sets), boolKey(o.Single), boolKey(o.InkSaver),
		o.URL, o.Table, o.Room, o.JoinAt, o.WiFi, string(o.Symbols)}, "\x00")
	pc.mu.Lock()
	b, ok := pc.m[key]
	pc.mu.Unlock()
	if ok {
		return b, nil
	}
	var buf bytes.Buffer
	if err := sheet.Write(&buf, o); err != nil {
		return nil, err
	}
	if buf.Len() <= pdfCacheLimit {
		pc.mu.Lock()
		if len(pc.m) >= pdfCacheSize {
			clear(pc.m)
		}
		pc.m[key] = buf.Bytes()
		pc.mu.Unlock()
	}
	return buf.Bytes(), nil
}
