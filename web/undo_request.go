package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/tracker"
)

// askUndo is a phone asking the host to undo its own last move. The form
// names the move, so a tap on a button drawn before another move is
// refused rather than asking about something else.
func (s *Server) askUndo(c echo.Context, id int64) error {
	v := s.viewer(c, id)
	if v.Seat < 0 {
		return badRequest("Only a player's phone asks to undo its own move; the host undoes with the undo button.")
	}
	cmd, err := formCmd(c)
	if err != nil {
		return err
	}
	asked, err := s.tracker.AskUndo(c.Request().Context(), id, v.Seat, cmd)
	return s.answerBack(c, id, err, map[string]any{"asked": asked.Seq, "cmd": asked.Cmd, "what": asked.What})
}

// answerUndo is the host approving or declining a phone's request.
func (s *Server) answerUndo(approve bool) gameHandler {
	return func(c echo.Context, id int64) error {
		ask, err := strconv.ParseInt(c.Param("ask"), 10, 64)
		if err != nil || ask <= 0 {
			return badRequest("The request to answer is a number, not %q.", c.Param("ask"))
		}
		for k := range c.QueryParams() {
			return badRequest("An answer to an undo request takes no %q.", k)
		}
		out, err := s.tracker.AnswerUndo(c.Request().Context(), id, ask, approve)
		return s.answerBack(c, id, err, map[string]any{"approved": approve, "cmd": out.Cmd, "what": out.What})
	}
}

// formCmd reads the command a request names, required and a number.
func formCmd(c echo.Context) (int64, error) {
	raw := c.FormValue("cmd")
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n <= 0 {
		if raw == "" {
			return 0, badRequest("The request does not say which move to undo; reload the page and tap the button again.")
		}
		return 0, badRequest("The move to undo is a number, not %q.", raw)
	}
	return n, nil
}

// answerBack answers a request: JSON for a program, or back to the game
// with a refusal shown as the screen's toast.
func (s *Server) answerBack(c echo.Context, id int64, err error, ok map[string]any) error {
	if err != nil && (!engine.IsRefusal(err) || wantsJSON(c)) {
		return err
	}
	if err != nil {
		return refuseBack(c, id, err, "")
	}
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, ok)
	}
	return c.Redirect(http.StatusSeeOther, gamePath(id))
}

// askView is what a screen shows of undo requests: the host the open
// request with its two buttons, the asking phone that it waits, and the
// phone whose move is the newest (or who began the move of several
// commands it carries on: a takeover, a merger) the button to ask. Other phones and the
// TV see none of it.
type askView struct {
	Open  *tracker.AskedUndo // the open request (host, and the phone that asked)
	Asker string             // its asker's name
	Mine  bool               // this phone asked it
	// Cmd and What are the move this phone may ask to undo (0: none).
	Cmd  int64
	What string
	// SaidNo: the host declined this phone's request to undo that move.
	SaidNo bool
}

// askViewFor builds the requests part of a screen for viewer v.
func askViewFor(info tracker.GameInfo, v engine.Viewer, f tracker.Frame) *askView {
	if !info.IsPlaying() {
		return nil
	}
	a := &askView{}
	if o := f.Asked; o != nil && (v.IsHost() || v.Seat == o.Seat) {
		a.Open, a.Mine, a.Asker = o, v.Seat == o.Seat, actorName(info, o.Seat)
	}
	for _, t := range f.Reverts.Ask {
		if v.Seat >= 0 && f.Asked == nil && t.Seat == v.Seat {
			a.Cmd, a.What = t.Cmd, t.What
			a.SaidNo = f.SaidNo != nil && f.SaidNo.Cmd == a.Cmd
		}
	}
	if a.Open == nil && a.Cmd == 0 {
		return nil
	}
	return a
}
