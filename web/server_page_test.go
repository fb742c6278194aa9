package web_test

import "github.com/chromedp/cdproto/runtime"

// awaitPromise has chromedp.Evaluate wait for the promise its script
// returns (an async script: a fetch from the page) and read its value.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// serverPageJS, in an async script, declares fresh: this screen's page as
// the server draws it now, fetched by the page and parsed, the truth a
// screen kept up by live frames must match.
const serverPageJS = `const fresh = new DOMParser().parseFromString(await (await fetch(location.href, {credentials: "same-origin"})).text(), "text/html");`
