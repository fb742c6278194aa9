package engine

import "tableside/ledger"

// Dollars formats whole dollars the way the table says them: $12,300.
// The one formatter is ledger.Dollars (the book cannot import engine).
func Dollars(d int) string { return ledger.Dollars(d) }

// Thousands writes a whole number with thousands separators (28,600): every
// count on every screen and sheet is written by this one formatter.
func Thousands(n int) string { return ledger.Grouped(n) }
