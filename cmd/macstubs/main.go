// Command macstubs writes the text stubs (.tbd) of the macOS system
// libraries that Go's standard library links to beyond libSystem, so that a
// C cross compiler without Apple's SDK (Zig's, which carries libSystem's
// stub and the C headers) can link a darwin binary: CoreFoundation and
// Security (crypto/x509 asks the system's trust store) and libresolv (net).
//
// The symbols are not copied from anywhere: they are read from the Go
// toolchain's own `//go:cgo_import_dynamic SYM NAME "LIB"` lines, in the
// files that build for darwin, so a newer Go that imports one more function
// gets it in its stub. A stub only tells the linker that LIB exports NAME;
// the Mac supplies the library itself at run time.
//
// Usage (scripts/zigcc.sh runs it once per Go toolchain):
//
//	go run ./cmd/macstubs -goroot "$(go env GOROOT)" -out DIR
//
// writes DIR/Frameworks/NAME.framework/NAME.tbd (for -F DIR/Frameworks) and
// DIR/lib/libNAME.tbd (for -L DIR/lib).
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	goroot := flag.String("goroot", "", "the Go toolchain's GOROOT (go env GOROOT)")
	out := flag.String("out", "", "directory to write the stubs to")
	flag.Parse()
	if *goroot == "" || *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: macstubs -goroot GOROOT -out DIR")
		os.Exit(2)
	}
	libs, err := imports(*goroot)
	if err == nil {
		err = write(*out, libs)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "macstubs: %v\n", err)
		os.Exit(1)
	}
	for _, l := range libs {
		fmt.Printf("macstubs: %s: %d symbols\n", l.path, len(l.symbols))
	}
}
