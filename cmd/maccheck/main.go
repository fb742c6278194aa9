// Command maccheck checks the macOS release archives that `make dist`
// builds on Linux (with Zig as the C compiler), as far as that can be done
// without a Mac: the binary in each archive must be a 64-bit Mach-O
// executable for the archive's CPU, load only libraries and frameworks of
// macOS itself (/usr/lib, /System/Library) by their full path, and carry
// an ad-hoc code signature whose page hashes match the file (an arm64 Mac
// refuses to start a binary without one; an Intel Mac runs it unsigned).
//
// Usage (scripts/dist-check.sh): maccheck dist/tableside_*_darwin_*.tar.gz
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: maccheck ARCHIVE.tar.gz ...")
		os.Exit(2)
	}
	failed := false
	for _, archive := range os.Args[1:] {
		report, err := checkArchive(archive)
		if err != nil {
			fmt.Fprintf(os.Stderr, "maccheck: FAIL: %s: %v\n", archive, err)
			failed = true
			continue
		}
		fmt.Printf("maccheck: %s: %s\n", archive, report)
	}
	if failed {
		os.Exit(1)
	}
}
