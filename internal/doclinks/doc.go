// Package doclinks holds a test: every link in the project's Markdown
// documents points at a file inside the repository that exists (or at a web
// address), so a document never sends a reader to a folder only the
// developers' machine has.
package doclinks
