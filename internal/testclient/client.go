// Package testclient is the one HTTP device the tests talk to a real
// Tableside server with: a phone, the host's laptop or an attacker's
// browser, each with its own cookie jar and a record of every byte it was
// sent (so a test can search all of it for a secret it must not have
// seen), the live stream reader (server-sent events), and the join QR read
// as a phone's camera reads it. It replaces the copies that web's and the
// attack suite's tests each kept.
package testclient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// Client is one device. HTTP never follows redirects, so a test sees where
// a form leads; Following shares its cookies and follows them, as a
// browser does. Get always follows; posts follow when FollowPosts is set.
type Client struct {
	T           testing.TB
	Base        string // http://127.0.0.1:PORT; a path is taken from here
	HTTP        *http.Client
	Following   *http.Client
	FollowPosts bool

	mu  sync.Mutex
	got bytes.Buffer
}

// New is a fresh device with no cookies, talking to base.
func New(t testing.TB, base string) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{T: t, Base: base,
		HTTP: &http.Client{Jar: jar, Timeout: 30 * time.Second,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		Following: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// Received is everything this device was sent so far: every body and every
// line of its live streams.
func (c *Client) Received() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.got.String()
}

func (c *Client) record(b []byte) {
	c.mu.Lock()
	c.got.Write(b)
	c.mu.Unlock()
}

// URL is path on the device's server (a full URL stays as it is).
func (c *Client) URL(path string) string {
	if strings.HasPrefix(path, "http") {
		return path
	}
	return c.Base + path
}

// Request builds a request to path (or a full URL). Header pairs follow;
// "Host" sets the Host header the request claims (DNS rebinding).
func (c *Client) Request(method, path string, body io.Reader, header ...string) *http.Request {
	c.T.Helper()
	req, err := http.NewRequest(method, c.URL(path), body)
	if err != nil {
		c.T.Fatalf("request %s %s: %v", method, path, err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if strings.EqualFold(header[i], "Host") {
			req.Host = header[i+1]
		} else {
			req.Header.Set(header[i], header[i+1])
		}
	}
	return req
}

// Do sends req without following redirects and returns the response (body
// read, recorded and closed) and the body.
func (c *Client) Do(req *http.Request) (*http.Response, string) {
	c.T.Helper()
	return c.send(c.HTTP, req)
}

// DoFollowing is Do, following redirects.
func (c *Client) DoFollowing(req *http.Request) (*http.Response, string) {
	c.T.Helper()
	return c.send(c.Following, req)
}

func (c *Client) send(hc *http.Client, req *http.Request) (*http.Response, string) {
	c.T.Helper()
	resp, b := Send(c.T, hc, req)
	c.record(b)
	return resp, string(b)
}

// post sends a post, following its redirect when FollowPosts is set.
func (c *Client) post(req *http.Request) (*http.Response, string) {
	c.T.Helper()
	if c.FollowPosts {
		return c.DoFollowing(req)
	}
	return c.Do(req)
}

// Get opens path like a browser (following redirects, at most 10, each
// with the same headers) and returns the final status and body.
func (c *Client) Get(path string, header ...string) (int, string) {
	c.T.Helper()
	for range 10 {
		resp, body := c.Do(c.Request(http.MethodGet, path, nil, header...))
		loc := resp.Header.Get("Location")
		if resp.StatusCode/100 != 3 || loc == "" {
			return resp.StatusCode, body
		}
		u, err := url.Parse(loc)
		if err != nil {
			c.T.Fatalf("GET %s: redirect to %q: %v", path, loc, err)
		}
		path = resp.Request.URL.ResolveReference(u).String()
	}
	c.T.Fatalf("GET %s: more than 10 redirects", path)
	return 0, ""
}

// GetJSON asks for path as JSON and decodes a 200 answer into v (when not nil).
func (c *Client) GetJSON(path string, v any) int {
	c.T.Helper()
	code, body := c.Get(path, "Accept", "application/json")
	if v != nil && code == http.StatusOK {
		if err := json.Unmarshal([]byte(body), v); err != nil {
			c.T.Fatalf("GET %s: %v in %s", path, err, body)
		}
	}
	return code
}

// PostForm posts a form and returns the status and body.
func (c *Client) PostForm(path string, form url.Values, header ...string) (int, string) {
	c.T.Helper()
	req := c.Request(http.MethodPost, path, strings.NewReader(form.Encode()), header...)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, body := c.post(req)
	return resp.StatusCode, body
}

// PostJSON posts in as JSON, asking for JSON; when out is not nil and the
// answer is 2xx, it is decoded into out.
func (c *Client) PostJSON(path string, in, out any, header ...string) (int, string) {
	c.T.Helper()
	b, err := json.Marshal(in)
	if err != nil {
		c.T.Fatal(err)
	}
	req := c.Request(http.MethodPost, path, bytes.NewReader(b), header...)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, body := c.post(req)
	if out != nil && resp.StatusCode/100 == 2 {
		if err := json.Unmarshal([]byte(body), out); err != nil {
			c.T.Fatalf("POST %s: decode %q: %v", path, body, err)
		}
	}
	return resp.StatusCode, body
}

// Command posts one game command as the game's page does, with an
// idempotency key, and returns the status and body.
func (c *Client) Command(game int64, typ string, data any, idem string) (int, string) {
	c.T.Helper()
	raw, err := json.Marshal(data)
	if err != nil {
		c.T.Fatal(err)
	}
	return c.PostJSON(fmt.Sprintf("/games/%d/commands", game), map[string]any{"type": typ, "data": json.RawMessage(raw), "idem": idem}, nil)
}

// Join opens a join link and takes seat, as a phone scanning the QR and
// tapping its name does. It returns the status and body of the seat's post.
func (c *Client) Join(joinURL string, game int64, seat int) (int, string) {
	c.T.Helper()
	if code, body := c.Get(joinURL); code != http.StatusOK {
		return code, body
	}
	return c.PostForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {fmt.Sprint(seat)}})
}
