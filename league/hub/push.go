package hub

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/league"
)

// maxPush bounds a push's body: a batch of 100 plays of 20 players fits.
const maxPush = 1 << 20

// pushBodyTime bounds reading a push's body once its headers passed: a
// paired table on the club's network sends 1 MiB in well under a second.
const pushBodyTime = 15 * time.Second

// push takes a table's signed batch of plays. Every refusal is logged with
// the table and the peer, and answered with what is wrong; nothing is
// stored unless the whole batch is accepted. A push from a table the hub
// does not know, or whose headers cannot be right, is refused before a
// byte of its body is read.
func (h *Hub) push(c echo.Context) error {
	r := c.Request()
	tableID := r.Header.Get(league.HeaderTable)
	key, ok, err := h.pusherKey(c, tableID)
	if !ok {
		return err // refused (answered), or the store failed
	}
	if r.ContentLength > maxPush {
		return h.refuse(c, http.StatusRequestEntityTooLarge, tableID, "The push is larger than 1 MiB; send fewer plays at once.")
	}
	http.NewResponseController(c.Response()).SetReadDeadline(time.Now().Add(pushBodyTime))
	body, err := io.ReadAll(io.LimitReader(r.Body, maxPush+1))
	if err != nil {
		return h.refuse(c, http.StatusBadRequest, tableID, "The push's body could not be read.")
	}
	if len(body) > maxPush {
		return h.refuse(c, http.StatusRequestEntityTooLarge, tableID, "The push is larger than 1 MiB; send fewer plays at once.")
	}
	nonce := r.Header.Get(league.HeaderNonce)
	if err := league.Verify(key, r.Header.Get(league.HeaderTime), nonce, r.Header.Get(league.HeaderSignature), body, h.cfg.Now()); err != nil {
		return h.refuse(c, http.StatusUnauthorized, tableID, "Push refused: "+err.Error()+".")
	}
	fresh, err := h.cfg.Store.Nonce(ctx(c), tableID, nonce, h.cfg.Now())
	if err != nil {
		return err
	}
	if !fresh {
		return h.refuse(c, http.StatusConflict, tableID, "Push refused: this exact push was received before (a replay).")
	}
	var req league.PushRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return h.refuse(c, http.StatusBadRequest, tableID, fmt.Sprintf("The push is not a batch of plays: %v.", err))
	}
	return h.store(c, tableID, req.Plays)
}

// pusherKey is the key of the table a push names, from its headers alone:
// an unknown, revoked or re-keyed table, or headers that cannot be right
// (a stale time, no nonce, no signature), is refused here (answered, and
// ok false).
func (h *Hub) pusherKey(c echo.Context, tableID string) (key []byte, ok bool, err error) {
	r := c.Request()
	if !validTableID(tableID) {
		return nil, false, h.refuse(c, http.StatusUnauthorized, "", "The push names no table this hub paired: pair the table with this hub's code first.")
	}
	tb, err := h.cfg.Store.Table(ctx(c), tableID)
	switch {
	case errors.Is(err, league.ErrNoTable):
		return nil, false, h.refuse(c, http.StatusUnauthorized, tableID, "This hub never paired that table (a foreign key): pair the table with this hub's code first.")
	case err != nil:
		return nil, false, err
	case tb.Revoked:
		return nil, false, h.refuse(c, http.StatusForbidden, tableID, "This table's key was revoked on the hub: ask the league's admin for a new pairing code.")
	}
	key = h.cfg.Keys.For(tb.ID)
	if league.KeyHash(key) != tb.KeyHash {
		return nil, false, h.refuse(c, http.StatusUnauthorized, tableID, "The hub's secret has changed since this table was paired: pair the table again.")
	}
	if _, err := league.CheckHeaders(r.Header.Get(league.HeaderTime), r.Header.Get(league.HeaderNonce), r.Header.Get(league.HeaderSignature), h.cfg.Now()); err != nil {
		return nil, false, h.refuse(c, http.StatusUnauthorized, tableID, "Push refused: "+err.Error()+".")
	}
	return key, true, nil
}

// store writes an accepted batch. A play the league cannot hold is
// answered 422 naming the play and the field, for the table to set aside.
func (h *Hub) store(c echo.Context, tableID string, plays []league.Play) error {
	// The write finishes even if the table gives up waiting: its retry then
	// finds the plays there (unchanged) instead of redoing the work, so a
	// slow hub is not pushed into doing everything twice.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx(c)), time.Minute)
	defer cancel()
	res, err := h.cfg.Store.Put(wctx, tableID, plays, h.cfg.Now())
	if pe, ok := league.AsPlayError(err); ok {
		h.log.Warn("league push refused", "table", tableID, "peer", c.Request().RemoteAddr, "status", http.StatusUnprocessableEntity, "play", pe.Play, "field", pe.Field, "why", pe.Why)
		return c.JSON(http.StatusUnprocessableEntity, pe)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, league.PushResponse{Results: res})
}

// validTableID: table ids are the hub's own (hex); anything else is no
// table, without asking the store.
func validTableID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// refuse logs a refused push on the hub and answers it.
func (h *Hub) refuse(c echo.Context, code int, table, msg string) error {
	h.log.Warn("league push refused", "table", table, "peer", c.Request().RemoteAddr, "status", code, "why", msg)
	return c.JSON(code, map[string]string{"error": msg})
}
