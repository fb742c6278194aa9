package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/engine"
)

// refusalText is a refusal in the table's words: the rule's own message,
// without the command name the tracker wraps it in ("buy: ...").
func refusalText(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) { // a conflict is a rule refusal too, with its own words
		return re.Message
	}
	return err.Error()
}

// flashCookie carries a refused form's message across the redirect back to
// the game (post/redirect/get): a reload never posts again, and the
// message shows once, as a toast in the turn bar, gone with the next change.
const flashCookie = "ts_toast"

// maxToast bounds what a cookie carries; refusals are a sentence or two.
const maxToast = 600

// refuseBack answers a refused form post: the message goes into a
// short-lived cookie for this game's pages and the browser goes back to
// the game (keeping a map screen's selection).
func refuseBack(c echo.Context, id int64, err error, back string) error {
	msg := refusalText(err)
	if len(msg) > maxToast {
		msg = msg[:maxToast] + "…"
	}
	var re *engine.RuleError
	if errors.As(err, &re) && len(re.Rule) < 64 {
		msg = re.Rule + toastRuleSep + msg // the toast's "why?" opens this rule's clause
	}
	c.SetCookie(&http.Cookie{
		Name: flashCookie, Value: url.QueryEscape(msg), Path: gamePath(id),
		MaxAge: 60, HttpOnly: true, SameSite: http.SameSiteLaxMode,
	})
	return c.Redirect(http.StatusSeeOther, gamePath(id)+back)
}

// takeToast reads and clears the refusal left for this game's page.
func takeToast(c echo.Context, id int64) string {
	ck, err := c.Cookie(flashCookie)
	if err != nil || ck.Value == "" {
		return ""
	}
	c.SetCookie(&http.Cookie{Name: flashCookie, Path: gamePath(id), MaxAge: -1, Expires: time.Unix(0, 0),
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
	msg, err := url.QueryUnescape(ck.Value)
	if err != nil {
		return ""
	}
	return msg
}

// toastRuleSep parts a toast's rule name from its message in the cookie.
const toastRuleSep = "\x1f"

// splitToast parts a toast into the refusal's rule name ("" when it has
// none) and its message.
func splitToast(toast string) (rule, msg string) {
	if r, m, ok := strings.Cut(toast, toastRuleSep); ok {
		return r, m
	}
	return "", toast
}

// gamePath is a game's page.
func gamePath(id int64) string { return fmt.Sprintf("/games/%d", id) }
