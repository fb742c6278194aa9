// Command vulndbindex turns the Go vulnerability database's source module
// (golang.org/x/vulndb, fetched through the Go module proxy) into the
// directory that `govulncheck -db file://DIR` reads: index/db.json,
// index/modules.json, index/vulns.json and ID/GO-YYYY-NNNN.json.
//
// It exists because this machine reaches the module proxy but not
// vuln.go.dev, and vulndb's own indexdb command pulls in its cloud
// dependencies (minutes of downloads and compiling) for a few lines of JSON.
//
// Usage (what `make vuln` does):
//
//	go mod download -json golang.org/x/vulndb@latest | go run ./cmd/vulndbindex -out DIR -fixes vuln-fixes.txt
//
// -fixes adds a fixed version that a module's own release notes name when
// vulndb has not caught up (it lists the range as open): each is logged, and
// one vulndb lists by then is left as vulndb has it, with a warning.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
)

func main() {
	out := flag.String("out", "", "directory to write the database to (created; replaced if it exists)")
	fixes := flag.String("fixes", "", "file of fixed versions that modules' release notes name and vulndb does not list yet")
	flag.Parse()
	if *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: go mod download -json golang.org/x/vulndb@VERSION | vulndbindex -out DIR [-fixes FILE]")
		os.Exit(2)
	}
	n, err := run(os.Stdin, *out, *fixes)
	if err != nil {
		fmt.Fprintf(os.Stderr, "vulndbindex: %v\n", err)
		os.Exit(1)
	}
	slog.Info("vulnerability database written", "dir", *out, "entries", n)
}

// download is the part of `go mod download -json`'s answer that says where
// the module was unpacked and when its version was made.
type download struct {
	Path, Version, Dir, Info, Error string
}

// run reads `go mod download -json` from r and writes the database to out.
// fixes names the file of fixes to add (readFixes).
func run(r io.Reader, out, fixes string) (int, error) {
	var d download
	if err := json.NewDecoder(r).Decode(&d); err != nil {
		return 0, fmt.Errorf("read go mod download -json: %w", err)
	}
	if d.Error != "" {
		return 0, fmt.Errorf("go mod download %s: %s", d.Path, d.Error)
	}
	stamp, err := versionTime(d.Info)
	if err != nil {
		return 0, err
	}
	db, err := load(d.Dir+"/data/osv", stamp)
	if err != nil {
		return 0, err
	}
	fx, err := readFixes(fixes)
	if err != nil {
		return 0, err
	}
	if err := db.amend(fx); err != nil {
		return 0, err
	}
	if err := db.write(out); err != nil {
		return 0, err
	}
	return len(db.entries), nil
}

// versionTime reads the time of the module version from its .info file.
// The OSV files in vulndb carry no modification time (the real database
// takes it from git history), so the version's time stands in for all.
func versionTime(info string) (string, error) {
	b, err := os.ReadFile(info)
	if err != nil {
		return "", fmt.Errorf("read module info: %w", err)
	}
	var v struct{ Time string }
	if err := json.Unmarshal(b, &v); err != nil || v.Time == "" {
		return "", fmt.Errorf("module info %s: no time (%v)", info, err)
	}
	return v.Time, nil
}
