//go:build !cgo

package tracker

// Tableside's SQLite (github.com/mattn/go-sqlite3) is C, compiled in through
// cgo. Without cgo the driver is a stub that refuses every database, and its
// error codes (sqlite3.Error, used in storage.go) do not exist, which is why
// such a build used to stop at "undefined: sqlite3.Error". The go command
// turns cgo off by itself when cross-compiling unless CC names a C compiler
// for the target: `make dist` sets CGO_ENABLED=1 and CC (docs/release.md).
// This line makes such a build stop with the reason as its first message.
var _ = tableside_needs_cgo_set_CGO_ENABLED_1_and_CC_to_a_C_compiler_for_the_target
