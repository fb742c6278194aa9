package web_test

// serverPageJS, in an async script, declares fresh: this screen's page as
// the server draws it now, fetched by the page and parsed, the truth a
// screen kept up by live frames must match.
const serverPageJS = `const fresh = new DOMParser().parseFromString(await (await fetch(location.href, {credentials: "same-origin"})).text(), "text/html");`
