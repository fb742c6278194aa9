package testclient

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// Event is one server-sent event of a live stream.
type Event struct {
	ID, Event, Data string
}

// Stream is an open live stream: every event it receives arrives on Events,
// and every byte is recorded on the stream (Raw) and on its device.
type Stream struct {
	Events chan Event
	// Wait is how long Next waits for an event.
	Wait time.Duration

	mu     sync.Mutex
	raw    bytes.Buffer
	cancel func()
	done   chan struct{}
}

// Live opens a game's live stream as this device.
func (c *Client) Live(t testing.TB, game int64) *Stream {
	t.Helper()
	return c.Open(t, fmt.Sprintf("/games/%d/live", game), "")
}

// Open starts a live stream at path; lastID, when set, is sent as
// Last-Event-ID. It fails the test unless the server answers 200, and is
// closed when the test ends.
func (c *Client) Open(t testing.TB, path, lastID string) *Stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.URL(path), nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := (&http.Client{Jar: c.HTTP.Jar}).Do(req) // no timeout: a stream lasts
	if err != nil {
		cancel()
		t.Fatalf("open the live stream %s: %v", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		cancel()
		t.Fatalf("open the live stream %s: status %d", path, resp.StatusCode)
	}
	st := &Stream{Events: make(chan Event, 1000), Wait: 30 * time.Second, cancel: cancel, done: make(chan struct{})}
	t.Cleanup(st.Close)
	go func() {
		defer close(st.done)
		defer close(st.Events)
		defer resp.Body.Close()
		st.read(bufio.NewReader(resp.Body), c.record)
	}()
	return st
}

// read parses the stream's lines into events until it ends.
func (st *Stream) read(r *bufio.Reader, record func([]byte)) {
	var ev Event
	for {
		line, err := r.ReadString('\n')
		st.mu.Lock()
		st.raw.WriteString(line)
		st.mu.Unlock()
		record([]byte(line))
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "":
			if ev.Event != "" || ev.Data != "" {
				st.Events <- ev
			}
			ev = Event{}
		case strings.HasPrefix(line, "id: "):
			ev.ID = line[4:]
		case strings.HasPrefix(line, "event: "):
			ev.Event = line[7:]
		case strings.HasPrefix(line, "data: "):
			ev.Data = line[6:]
		}
	}
}

// Next waits (up to Wait) for the next event of one of the given types,
// skipping others.
func (st *Stream) Next(t testing.TB, types ...string) Event {
	t.Helper()
	timeout := time.After(st.Wait)
	for {
		select {
		case ev, ok := <-st.Events:
			if !ok {
				t.Fatalf("the stream ended while waiting for %v", types)
			}
			for _, typ := range types {
				if ev.Event == typ {
					return ev
				}
			}
		case <-timeout:
			t.Fatalf("no %v event within %s", types, st.Wait)
		}
	}
}

// Raw is every byte the stream has received so far.
func (st *Stream) Raw() string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.raw.String()
}

// Close ends the stream and waits for its reader.
func (st *Stream) Close() {
	st.cancel()
	<-st.done
}
