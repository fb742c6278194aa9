//go:build !windows

package main

// ownConsole: only Windows closes a program's window the moment it exits.
func ownConsole() bool { return false }
