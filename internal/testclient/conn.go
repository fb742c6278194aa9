package testclient

import (
	"io"
	"net"
	"testing"
	"time"
)

// ClosedByServer reads c until the server closes it and returns what it
// sent. It fails the test if the connection is still open after a minute:
// a test checks that the server closes it, not how fast.
func ClosedByServer(t testing.TB, c net.Conn) string {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(time.Minute))
	b, err := io.ReadAll(c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("the server kept the connection open (read so far: %.200q)", b)
	}
	return string(b)
}
