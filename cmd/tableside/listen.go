package main

import (
	"errors"
	"fmt"
	"net"
	"strconv"
)

// listen opens the server's port. A port another program holds is said in
// plain words on every system (Windows says "winapi error #10048", Linux
// "bind: address already in use"), with what to do about it.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err == nil {
		return ln, nil
	}
	if !addrInUse(err) {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	port := addr
	if _, p, splitErr := net.SplitHostPort(addr); splitErr == nil {
		port = p
	}
	next := "8081"
	if n, convErr := strconv.Atoi(port); convErr == nil && n < 65535 {
		next = strconv.Itoa(n + 1)
	}
	return nil, fmt.Errorf("port %s is already in use by another program (often a Tableside started earlier, in another window or as a service): stop it, or start this one on another port with --addr :%s", port, next)
}

// addrInUse tells a port held by another program from other failures.
func addrInUse(err error) bool { return errors.Is(err, errAddrInUse) }
