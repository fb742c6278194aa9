package main

import (
	"syscall"
	"unsafe"
)

var getConsoleProcessList = syscall.NewLazyDLL("kernel32.dll").NewProc("GetConsoleProcessList")

// ownConsole tells whether the console window is this program's alone:
// Windows made it because tableside.exe was double-clicked (or started from
// a shortcut), and closes it the moment the program exits. From a Command
// Prompt or PowerShell the shell shares it; with no console at all (a
// service, output to a file) there is none to count.
func ownConsole() bool {
	var ids [2]uint32
	n, _, _ := getConsoleProcessList.Call(uintptr(unsafe.Pointer(&ids[0])), uintptr(len(ids)))
	return n == 1
}
