package main

import (
	"archive/tar"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// darwinBinary builds a small real program for macOS with Go's own linker
// (no cgo), which signs arm64 binaries ad hoc as Apple's linker does.
func darwinBinary(t *testing.T, arch string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "tableside")
	cmd := exec.Command("go", "build", "-trimpath", "-o", out, "../macstubs")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=darwin", "GOARCH="+arch)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build for darwin/%s: %v\n%s", arch, err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSignedArm64BinaryPasses(t *testing.T) {
	report, err := check(darwinBinary(t, "arm64"), "arm64")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"CpuArm64", "/usr/lib/libSystem.B.dylib", "ad-hoc code signature", "every hash matches"} {
		if !strings.Contains(report, want) {
			t.Errorf("report %q lacks %q", report, want)
		}
	}
}

func TestChangedPageBreaksTheSignature(t *testing.T) {
	bin := darwinBinary(t, "arm64")
	bin[len(bin)/3] ^= 0xff // in __TEXT, well before the signature
	if _, err := check(bin, "arm64"); err == nil || !strings.Contains(err.Error(), "does not match page") {
		t.Fatalf("a changed byte: err = %v, want a page hash mismatch", err)
	}
}

func TestWrongCPUAndNotMachO(t *testing.T) {
	if _, err := check(darwinBinary(t, "amd64"), "arm64"); err == nil || !strings.Contains(err.Error(), "CPU type") {
		t.Errorf("an amd64 binary checked as arm64: err = %v, want a CPU type mismatch", err)
	}
	self, err := os.ReadFile(os.Args[0]) // this test's own ELF binary
	if err != nil {
		t.Fatal(err)
	}
	if _, err := check(self, "amd64"); err == nil || !strings.Contains(err.Error(), "not a Mach-O file") {
		t.Errorf("an ELF binary: err = %v, want not a Mach-O file", err)
	}
}

func TestOnlyMacOSOwnLibraries(t *testing.T) {
	ok := []string{"/usr/lib/libSystem.B.dylib", "/System/Library/Frameworks/Security.framework/Versions/A/Security"}
	if err := systemLibraries(ok); err != nil {
		t.Errorf("system libraries refused: %v", err)
	}
	for _, libs := range [][]string{
		{"/usr/lib/libSystem.B.dylib", "/opt/homebrew/lib/libsqlite3.dylib"},
		{"/usr/lib/libSystem.B.dylib", "@rpath/libzig.dylib"},
		{"/usr/lib/libresolv.9.dylib"},
	} {
		if err := systemLibraries(libs); err == nil {
			t.Errorf("%v accepted", libs)
		}
	}
}

func TestArchive(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, mode int64, bin []byte) string {
		file := filepath.Join(dir, name+".tar.gz")
		f, err := os.Create(file)
		if err != nil {
			t.Fatal(err)
		}
		z := gzip.NewWriter(f)
		tw := tar.NewWriter(z)
		for _, e := range []struct {
			name string
			body []byte
		}{{name + "/README.md", []byte("read me\n")}, {name + "/tableside", bin}} {
			if err := tw.WriteHeader(&tar.Header{Name: e.name, Mode: mode, Size: int64(len(e.body)), Typeflag: tar.TypeReg}); err != nil {
				t.Fatal(err)
			}
			tw.Write(e.body)
		}
		tw.Close()
		z.Close()
		f.Close()
		return file
	}
	bin := darwinBinary(t, "arm64")
	if report, err := checkArchive(write("tableside_v1.0.0_darwin_arm64", 0o755, bin)); err != nil {
		t.Errorf("a good archive: %v", err)
	} else if !strings.Contains(report, "ad-hoc") {
		t.Errorf("report %q", report)
	}
	if _, err := checkArchive(write("tableside_v1.0.0_darwin_amd64", 0o755, bin)); err == nil {
		t.Error("an arm64 binary in an amd64 archive passed")
	}
	if _, err := checkArchive(write("tableside_v1.0.1_darwin_arm64", 0o644, bin)); err == nil || !strings.Contains(err.Error(), "not executable") {
		t.Errorf("a binary without x bits: err = %v", err)
	}
}
