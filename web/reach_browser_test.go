package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
	"tableside/web"
)

// Bound to loopback only, the host's screens say that no phone can reach
// the laptop and what to do; a browser on the laptop that is not the host
// (here: Tableside started with --host-token-only) is told how to become
// it, and sees no host warning. Both pages pass axe-core and the layout
// checks.
func TestLoopbackWarnsTheHostAndTellsTheLaptopHowToHost(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	app.Server.SetReach(web.Reach{Loopback: true})
	host := testenv.Laptop(t)
	app.MakeHost(t, host)
	var warning, hint string
	host.Run(t, chromedp.Navigate(app.URL+"/"),
		chromedp.Text(`#reach`, &warning, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#laptop-hint")?.textContent ?? ""`, &hint))
	if !strings.Contains(warning, "Phones cannot reach this laptop") || !strings.Contains(warning, "--addr :8080") || hint != "" {
		t.Errorf("the host's home page warns %q (want why phones cannot join and the --addr to restart with) and hints %q (want none)", warning, hint)
	}
	checkScreen(t, host, "reach-host-warning")
	testenv.Axe(t, host, "host home page, loopback only")
	id := hostDevice(t, app).createGame("scorepad", "Ana", "Ben")
	host.Run(t, chromedp.Navigate(app.URL+"/games/"+itoa(id)), chromedp.Text(`#reach`, &warning, chromedp.ByQuery))
	if !strings.Contains(warning, "--addr :8080") {
		t.Errorf("the host's game page warns %q; want the loopback warning", warning)
	}

	laptop := testenv.Phone(t) // a browser on the laptop without the host token
	var join string
	laptop.Run(t, chromedp.Navigate(app.URL+"/"),
		chromedp.Text(`#laptop-hint`, &hint, chromedp.ByQuery),
		chromedp.Text(`.join-box`, &join, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#reach")?.textContent ?? ""`, &warning))
	if !strings.Contains(hint, "host link") || !strings.Contains(hint, "--host-token-only") || warning != "" || !strings.Contains(join, "Join a table") {
		t.Errorf("the laptop's browser that is not the host: hint %q (want how to become the host), warning %q (want none), join box %q", hint, warning, join)
	}
	checkScreen(t, laptop, "reach-laptop-hint")
	testenv.Axe(t, laptop, "home page on the laptop, not the host")
}
