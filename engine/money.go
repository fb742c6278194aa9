package engine

import "tableside/ledger"

// Dollars formats whole dollars the way the table says them: $12,300.
// The one formatter is ledger.Dollars (the book cannot import engine).
func Dollars(d int) string { return ledger.Dollars(d) }
