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

// push takes a table's signed batch of plays. Every refusal is logged with
// the table and the peer, and answered with what is wrong; nothing is
// stored unless the whole batch is accepted.
func (h *Hub) push(c echo.Context) error {
	r := c.Request()
	body, err := io.ReadAll(io.LimitReader(r.Body, maxPush+1))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The push's body could not be read.")
	}
	if len(body) > maxPush {
		return h.refuse(c, http.StatusRequestEntityTooLarge, "", "The push is larger than 1 MiB; send fewer plays at once.")
	}
	tableID := r.Header.Get(league.HeaderTable)
	tb, err := h.cfg.Store.Table(ctx(c), tableID)
	switch {
	case errors.Is(err, league.ErrNoTable):
		return h.refuse(c, http.StatusUnauthorized, tableID, "This hub never paired that table (a foreign key): pair the table with this hub's code first.")
	case err != nil:
		return err
	case tb.Revoked:
		return h.refuse(c, http.StatusForbidden, tableID, "This table's key was revoked on the hub: ask the league's admin for a new pairing code.")
	}
	key := h.cfg.Keys.For(tb.ID)
	if league.KeyHash(key) != tb.KeyHash {
		return h.refuse(c, http.StatusUnauthorized, tableID, "The hub's secret has changed since this table was paired: pair the table again.")
	}
	nonce := r.Header.Get(league.HeaderNonce)
	if err := league.Verify(key, r.Header.Get(league.HeaderTime), nonce, r.Header.Get(league.HeaderSignature), body, h.cfg.Now()); err != nil {
		return h.refuse(c, http.StatusUnauthorized, tableID, "Push refused: "+err.Error()+".")
	}
	if !h.nonces.fresh(tb.ID, nonce, h.cfg.Now()) {
		return h.refuse(c, http.StatusConflict, tableID, "Push refused: this exact push was received before (a replay).")
	}
	var req league.PushRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return h.refuse(c, http.StatusBadRequest, tableID, fmt.Sprintf("The push is not a batch of plays: %v.", err))
	}
	// The write finishes even if the table gives up waiting: its retry then
	// finds the plays there (unchanged) instead of redoing the work, so a
	// slow hub is not pushed into doing everything twice.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx(c)), time.Minute)
	defer cancel()
	res, err := h.cfg.Store.Put(wctx, tb.ID, req.Plays, h.cfg.Now())
	if errors.Is(err, league.ErrBadPlay) {
		return h.refuse(c, http.StatusUnprocessableEntity, tableID, err.Error())
	}
	if err != nil {
		return err
	}
	h.changed()
	return c.JSON(http.StatusOK, league.PushResponse{Results: res})
}

// refuse logs a refused push on the hub and answers it.
func (h *Hub) refuse(c echo.Context, code int, table, msg string) error {
	h.log.Warn("league push refused", "table", table, "peer", c.Request().RemoteAddr, "status", code, "why", msg)
	return c.JSON(code, map[string]string{"error": msg})
}
