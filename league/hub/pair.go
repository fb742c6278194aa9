package hub

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/skip2/go-qrcode"

	"tableside/league"
	"tableside/scoring"
)

// CodeLife is how long a pairing code can be used.
const CodeLife = 15 * time.Minute

// codeAlphabet leaves out letters read as others (I, L, O, U) and digits 0, 1.
const codeAlphabet = "ABCDEFGHJKMNPQRSTVWXYZ23456789"

// newPairingCode is 10 characters (about 49 bits) in two groups of five.
func newPairingCode() string {
	var b [10]byte
	rand.Read(b[:])
	var s strings.Builder
	for i, x := range b {
		if i == 5 {
			s.WriteByte('-')
		}
		s.WriteByte(codeAlphabet[int(x)%len(codeAlphabet)])
	}
	return s.String()
}

// NormalizeCode reads a code as typed: case, spaces and dashes do not matter.
func NormalizeCode(code string) string {
	code = strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(code)))
	if len(code) == 10 {
		code = code[:5] + "-" + code[5:]
	}
	return code
}

// codeHash is how the store keeps a code: a stolen database names no code.
func codeHash(code string) string {
	s := sha256.Sum256([]byte(NormalizeCode(code)))
	return hex.EncodeToString(s[:])
}

// newCode makes a pairing code and shows it once on the admin page.
func (h *Hub) newCode(c echo.Context) error {
	code := newPairingCode()
	if err := h.cfg.Store.AddCode(ctx(c), codeHash(code), h.cfg.Now().Add(CodeLife)); err != nil {
		return err
	}
	return h.adminPage(c, code)
}

// codeQR draws the hub's address and the code for the table's host to scan.
func (h *Hub) codeQR(c echo.Context) error {
	png, err := qrcode.Encode(h.pairText(c, NormalizeCode(c.Param("code"))), qrcode.Medium, 320)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, "image/png", png)
}

// pairText is what the table's host types or scans: the hub's address and the code.
func (h *Hub) pairText(c echo.Context, code string) string {
	return h.publicURL(c) + "#" + code
}

func (h *Hub) publicURL(c echo.Context) string {
	if h.cfg.PublicURL != "" {
		return strings.TrimRight(h.cfg.PublicURL, "/")
	}
	return c.Scheme() + "://" + c.Request().Host
}

// pair is the exchange: a table sends the code its host typed and its
// name, and gets its id and key, once. A wrong code changes nothing.
func (h *Hub) pair(c echo.Context) error {
	if !h.pairs.Allow() {
		return h.refuse(c, http.StatusTooManyRequests, "", "Too many pairing attempts; wait a minute and try again.")
	}
	var req league.PairRequest
	dec := json.NewDecoder(http.MaxBytesReader(c.Response(), c.Request().Body, 4096))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return h.refuse(c, http.StatusBadRequest, "", "The pairing request is not {code, name}.")
	}
	req.Name = strings.TrimSpace(req.Name)
	if err := scoring.CheckName(req.Name); err != nil {
		return h.refuse(c, http.StatusBadRequest, "", "The table's name: "+err.Error())
	}
	id := randomHex(8)
	key := h.cfg.Keys.For(id)
	tb := league.Table{ID: id, Name: req.Name, KeyHash: league.KeyHash(key), Paired: h.cfg.Now()}
	err := h.cfg.Store.Pair(ctx(c), codeHash(req.Code), h.cfg.Now(), tb)
	if errors.Is(err, league.ErrBadCode) {
		return h.refuse(c, http.StatusForbidden, "", "That pairing code is unknown, used or expired: ask the league's admin for a new one.")
	}
	if err != nil {
		return err
	}
	h.log.Info("league: table paired", "table", id, "name", req.Name)
	h.adminChanged()
	return c.JSON(http.StatusOK, league.PairResponse{Table: id, Key: hex.EncodeToString(key)})
}
