package main

import (
	"bytes"
	"net"
	"path/filepath"
	"strings"
	"testing"
)

// A port another program holds is said in plain words, on one line, with
// the next port to try; nothing is served and the exit status is 1.
func TestBusyPortIsSaidInPlainWords(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	addr := held.Addr().String()
	_, port, _ := net.SplitHostPort(addr)
	out, errOut, code := runCLI(t, "serve", "--addr", addr, "--db", filepath.Join(t.TempDir(), "t.db"), "--quiet")
	want := "tableside serve: port " + port + " is already in use by another program"
	if code != 1 || !strings.HasPrefix(errOut, want) || !strings.Contains(errOut, "--addr :") || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q; want one line starting %q", code, out, errOut, want)
	}
	if strings.Contains(errOut, "bind:") || strings.Contains(errOut, "listen tcp") {
		t.Errorf("stderr %q repeats the system's own wording", errOut)
	}
}

// After a failure in a window of its own (Windows, double-clicked), the
// program asks for Enter and reads it before the window may close.
func TestWaitForEnterAsksAndReadsALine(t *testing.T) {
	in := strings.NewReader("\nleft over")
	var out bytes.Buffer
	waitForEnter(in, &out)
	if !strings.Contains(out.String(), "Press Enter to close this window.") {
		t.Errorf("said %q", out.String())
	}
	if ownConsole() {
		t.Errorf("ownConsole is true off Windows")
	}
}
