package testenv

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// GiveCookies hands the tab every cookie jar holds for base (the app's
// address), as if the tab had made that jar's requests itself: a device
// signed in over HTTP, through the server's own handlers, becomes a
// browser tab without the page loads the sign-in's redirects would cost.
// The tab's page does not change. It fails when jar holds none. A jar
// keeps no cookie's attributes, so each is given as the server writes
// every cookie it sets for the whole site (web's setCookie): HttpOnly,
// SameSite=Lax, path /; a jar asked for / holds only those.
func (tab *Tab) GiveCookies(t testing.TB, jar http.CookieJar, base string) {
	t.Helper()
	u, err := url.Parse(base + "/")
	if err != nil {
		t.Fatalf("give cookies: %v", err)
	}
	var give []chromedp.Action
	for _, ck := range jar.Cookies(u) {
		give = append(give, network.SetCookie(ck.Name, ck.Value).WithURL(u.String()).WithPath("/").
			WithHTTPOnly(true).WithSameSite(network.CookieSameSiteLax))
	}
	if len(give) == 0 {
		t.Fatalf("give cookies: the jar holds none for %s", base)
	}
	tab.Run(t, give...)
}
