package main

import (
	"archive/tar"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"regexp"
)

// archiveName is a macOS archive's name: tableside_VERSION_darwin_ARCH.
var archiveName = regexp.MustCompile(`_darwin_(amd64|arm64)(-experimental)?\.tar\.gz$`)

// checkArchive finds the binary in a macOS archive and checks it for the
// architecture the archive's name gives.
func checkArchive(file string) (string, error) {
	m := archiveName.FindStringSubmatch(file)
	if m == nil {
		return "", errors.New("not a macOS archive's name (tableside_VERSION_darwin_ARCH.tar.gz)")
	}
	bin, mode, err := readBinary(file)
	if err != nil {
		return "", err
	}
	if mode&0o111 != 0o111 {
		return "", fmt.Errorf("tableside is not executable in the archive (mode %o)", mode)
	}
	return check(bin, m[1])
}

// readBinary reads the archive's FOLDER/tableside.
func readBinary(file string) ([]byte, int64, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, 0, fmt.Errorf("reading the archive: %w", err)
	}
	tr := tar.NewReader(z)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil, 0, errors.New("no tableside binary in the archive")
		}
		if err != nil {
			return nil, 0, fmt.Errorf("reading the archive: %w", err)
		}
		if h.Typeflag == tar.TypeReg && path.Base(h.Name) == "tableside" && path.Dir(path.Dir(h.Name)) == "." {
			b, err := io.ReadAll(tr)
			return b, h.Mode, err
		}
	}
}
