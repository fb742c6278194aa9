//go:build !windows

package main

import "syscall"

// errAddrInUse is the system's error for a port another program holds.
const errAddrInUse = syscall.EADDRINUSE
