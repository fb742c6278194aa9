package printables

import (
	"errors"
	"net/url"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// maxURL keeps the QR code scannable from across a table.
const maxURL = 300

// checkJoinURL refuses an address a phone could not open from a poster.
func checkJoinURL(s string) error {
	if s == "" {
		return errors.New("the join poster needs the table's address (--url http://...)")
	}
	if len(s) > maxURL {
		return errors.New("the join address is too long for a QR code a phone can read across a table (at most 300 characters)")
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("the join address must be a full http:// or https:// address")
	}
	return nil
}

// drawJoinPoster draws the join poster. With the table's Wi-Fi it is two
// numbered steps, the Wi-Fi first (a phone must be on the network before
// the join code leads anywhere); the room code is printed large enough to
// read across a room, for a phone whose camera will not scan.
func drawJoinPoster(d *Doc) error {
	if err := checkJoinURL(d.Opt.URL); err != nil {
		return err
	}
	q, err := qrcode.New(d.Opt.URL, qrcode.Medium)
	if err != nil {
		return err
	}
	q.DisableBorder = true
	d.AddPage()
	area := d.Paper.Printable()
	y := area.Y + 10
	d.fit(Rect{area.X, y, area.W, 18}, 40, "B", "C", "Join this table")
	y += 20
	if t := strings.TrimSpace(d.Opt.Table); t != "" {
		d.fit(Rect{area.X, y, area.W, 12}, 24, "", "C", t)
		y += 14
	}
	size := min(area.W-30, 140.0)
	if d.Opt.WiFi != "" {
		if y, err = d.wifiStep(area, y); err != nil {
			return err
		}
		d.fit(Rect{area.X, y, area.W, 10}, 22, "B", "C", "2 · Then join this table")
		y += 12
		size = 76 // room above for the Wi-Fi's step
	} else {
		y += 4
	}
	d.qr(q.Bitmap(), area.CX()-size/2, y, size)
	y += size + 4
	if d.Opt.Room != "" {
		d.fit(Rect{area.X, y, area.W, 10}, 14, "", "C", "Point your phone's camera at the code, or open "+d.Opt.JoinAt+" and type the room code:")
		y += 11
		d.fit(Rect{area.X + 10, y, area.W - 20, 30}, 96, "B", "C", d.Opt.Room)
		y += 38 // the box is centred on the capitals: a descender (J, Q) needs room below
	} else {
		d.fit(Rect{area.X, y, area.W, 10}, 14, "", "C", "Point your phone's camera at the code, or type:")
		y += 11
		d.fit(Rect{area.X + 10, y, area.W - 20, 10}, 16, "B", "C", d.Opt.URL)
		y += 14
	}
	d.ink(grey)
	y = d.para(area.X+20, y, area.W-40, 10, "", "Your phone must be on the same network as the host's laptop. Nothing is installed: the page opens in the browser.")
	d.ink(black)
	if err := d.fits("the join poster", y); err != nil {
		return err
	}
	return d.Error()
}

// wifiStep draws the first step of a poster with the table's Wi-Fi: the
// network's name and the QR code that joins it (the password is only inside
// the code). It returns where the next step starts.
func (d *Doc) wifiStep(area Rect, y float64) (float64, error) {
	q, err := qrcode.New(d.Opt.WiFi, qrcode.Medium)
	if err != nil {
		return 0, err
	}
	q.DisableBorder = true
	d.ink(black)
	d.fit(Rect{area.X, y, area.W, 10}, 22, "B", "C", "1 · First, join the Wi-Fi: "+d.Opt.WiFiName)
	y += 12
	size := 50.0
	d.qr(q.Bitmap(), area.CX()-size/2, y, size)
	return y + size + 4, nil
}

// qr draws a QR code as vector squares, with a white quiet zone around it.
func (d *Doc) qr(bits [][]bool, x, y, size float64) {
	n := float64(len(bits))
	m := size / (n + 8) // 4 modules of quiet zone each side
	d.fill(white)
	d.Rect(x, y, size, size, "F")
	d.fill(black)
	for r, row := range bits {
		// Merge runs of dark modules into one rectangle per run.
		for c := 0; c < len(row); {
			if !row[c] {
				c++
				continue
			}
			s := c
			for c < len(row) && row[c] {
				c++
			}
			d.Rect(x+(4+float64(s))*m, y+(4+float64(r))*m, float64(c-s)*m, m+0.01, "F")
		}
	}
}
