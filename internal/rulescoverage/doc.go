// Package rulescoverage checks the documents that map promises to tests:
// docs/rules-coverage*.md (every clause of the rulebooks) and
// docs/security.md (every security promise). Its test finds each named test
// in the repository, so a map cannot point at a test that was renamed or
// never written.
package rulescoverage
