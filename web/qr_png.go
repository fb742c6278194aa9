package web

import (
	"encoding/base64"
	"html/template"

	"github.com/skip2/go-qrcode"
)

// qrPNGs are the QR codes the server has drawn, by what they hold. A code
// is a function of its text alone, and the same few are asked for again and
// again: the host's page fetches its game's join code on every load and
// every time its phones panel redraws, and drawing a 512 px PNG costs about
// 7 ms of CPU each time.
type qrPNGs struct {
	kept kept[qrKey, []byte]
}

type qrKey struct {
	text  string
	level qrcode.RecoveryLevel
}

// qrSize is every code's side in pixels: sharp on a TV, and read by a phone
// across a table.
const qrSize = 512

// png is text's QR code at level, drawn once. The bytes are shared: callers
// only write them out.
func (q *qrPNGs) png(text string, level qrcode.RecoveryLevel) ([]byte, error) {
	k := qrKey{text, level}
	if b, ok := q.kept.get(k); ok {
		return b, nil
	}
	b, err := qrcode.Encode(text, level, qrSize)
	if err != nil {
		return nil, err
	}
	q.kept.put(k, b)
	return b, nil
}

// dataURL is text's QR code as a data: URL, for a code shown once on the
// host's screen and never put in an address of its own. Its callers say
// which code failed.
func (q *qrPNGs) dataURL(text string) (template.URL, error) {
	b, err := q.png(text, qrcode.Medium)
	if err != nil {
		return "", err
	}
	return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(b)), nil
}
