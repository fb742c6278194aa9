//go:build unix

package web

import (
	"fmt"
	"syscall"
)

// RaiseFileLimit lifts the process's soft limit on open files to its hard
// limit, where the system allows it, and returns the soft limit in force
// after: every connection and live screen holds one file, so the table's
// caps are sized from it (tableCaps).
func RaiseFileLimit() (uint64, error) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, fmt.Errorf("read the open-file limit: %w", err)
	}
	if r.Cur < r.Max {
		raised := r
		raised.Cur = r.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err != nil {
			return r.Cur, fmt.Errorf("raise the open-file limit from %d to %d: %w", r.Cur, r.Max, err)
		}
		r = raised
	}
	return r.Cur, nil
}

// fileLimit is the soft limit on open files now (0 if unknown).
func fileLimit() uint64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0
	}
	return r.Cur
}
