// Package rulescoverage checks docs/rules-coverage*.md: every clause of the
// rulebooks is mapped there to the Go test that proves it, and its test
// finds each named test in the repository, so the map cannot point at a
// test that was renamed or never written.
package rulescoverage
