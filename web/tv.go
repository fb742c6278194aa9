package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/engine/conquest"
)

// showTV is the TV screen (/games/N/tv): a fixed 16:9 page for a shared
// screen, drawn from the public view only, whoever asks (the laptop
// included). Its live stream asks for the public view too (data-as), so a TV
// browser needs no host rights and the laptop's TV window shows no more than
// a stranger's TV; only the join corner (the room code, the QR codes) is drawn
// when the laptop itself draws the page.
func (s *Server) showTV(c echo.Context) error {
	id, err := gameID(c)
	if err != nil {
		return err
	}
	c.Set("tv", true)
	return s.renderGame(c, http.StatusOK, id, engine.Viewer{Seat: engine.Public}, takeToast(c, id))
}

// tvCorner fills the TV's join corner: how many seats are free and the
// table's Wi-Fi network, if set (the laptop draws this TV).
func (s *Server) tvCorner(ctx context.Context, p *gamePage) error {
	free, err := s.seats.FreeSeats(ctx, p.Info.ID, len(p.Info.Setup.Seats))
	if err != nil {
		return err
	}
	p.Free = len(free)
	w, ok, err := s.seats.WiFi(ctx)
	if err != nil {
		return err
	}
	if ok {
		p.WiFi = w.SSID
	}
	return nil
}

// tvDice is the last battle's dice as the TV shows them, big.
type tvDice struct {
	// Key names the roll, so a screen animates a roll once, when it is new.
	Key      string
	Who      string // "Ana on Alaska"
	Attacker []int
	Defender []int
	AttLost  int
	DefLost  int
	Rolls    int  // how many rolls the battle took (blitz: several)
	Taken    bool // the territory fell
}

// LastDice is the last battle's final roll, for the public screens: RISK and
// Piecepack Conquers the World keep it in their public view; other games roll
// no battle dice the public view carries (nil).
func (p gamePage) LastDice() *tvDice {
	v, ok := p.View.(conquest.View)
	if !ok || v.Last == nil || len(v.Last.Rolls) == 0 {
		return nil
	}
	b := v.Last
	r := b.Rolls[len(b.Rolls)-1]
	d := &tvDice{Attacker: r.Attacker, Defender: r.Defender, AttLost: b.AttLost, DefLost: b.DefLost, Rolls: len(b.Rolls), Taken: b.Conquered}
	if b.To >= 0 && b.To < len(v.Territories) {
		d.Who = seatName(v.Players, b.Attacker) + " on " + v.Territories[b.To].Name
	}
	d.Key = fmt.Sprintf("%d-%d-%d-%d-%s", b.Attacker, b.From, b.To, len(b.Rolls), facesKey(r.Attacker, r.Defender))
	return d
}

// facesKey writes a roll's faces as a short string ("65v41").
func facesKey(att, def []int) string {
	var b strings.Builder
	for _, f := range att {
		fmt.Fprint(&b, f)
	}
	b.WriteByte('v')
	for _, f := range def {
		fmt.Fprint(&b, f)
	}
	return b.String()
}

// liveWrap is the class each game's own page wraps its live region in (its
// "content" block), which its styles hang from; the TV wraps the same
// region in the same class, so the game's look carries over.
var liveWrap = map[string]string{"coldcash": "coldcash", "risk": "cq", "pctw": "cq", "takeover": "sg tk", "cashcrash": "sg cc"}

// TVWrap is the class of this game's live region on the TV.
func (p gamePage) TVWrap() string { return liveWrap[p.Info.Kind] }
