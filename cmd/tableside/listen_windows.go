package main

import "syscall"

// errAddrInUse is Winsock's WSAEADDRINUSE: Go's syscall.EADDRINUSE on
// Windows is a number of its own that a failed bind never returns.
const errAddrInUse = syscall.Errno(10048)
