//go:build !unix

package web

// RaiseFileLimit does nothing where the system has no such limit to raise.
func RaiseFileLimit() (uint64, error) { return 0, nil }

// fileLimit is unknown here: the caps take their defaults.
func fileLimit() uint64 { return 0 }
