package main

import (
	"bytes"
	"debug/macho"
	"errors"
	"fmt"
	"strings"
)

// cpus are the Mach-O CPU types of Go's darwin architectures.
var cpus = map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64}

// Load commands debug/macho does not name.
const (
	lcCodeSignature = 0x1d
	lcBuildVersion  = 0x32
)

// check checks a Mach-O binary for arch and says what it found.
func check(bin []byte, arch string) (string, error) {
	f, err := macho.NewFile(bytes.NewReader(bin))
	if err != nil {
		return "", fmt.Errorf("not a Mach-O file: %w", err)
	}
	if f.Magic != macho.Magic64 {
		return "", fmt.Errorf("not a 64-bit Mach-O file (magic %#x)", f.Magic)
	}
	if want := cpus[arch]; f.Cpu != want {
		return "", fmt.Errorf("CPU type %v, want %v for %s", f.Cpu, want, arch)
	}
	if f.Type != macho.TypeExec {
		return "", fmt.Errorf("file type %v, want an executable", f.Type)
	}
	libs, err := f.ImportedLibraries()
	if err != nil {
		return "", fmt.Errorf("reading its libraries: %w", err)
	}
	if err := systemLibraries(libs); err != nil {
		return "", err
	}
	sig, err := signature(f, bin)
	if err != nil {
		return "", err
	}
	if sig == "" && arch == "arm64" {
		return "", errors.New("no code signature (LC_CODE_SIGNATURE): an arm64 Mac refuses to start it")
	}
	if sig == "" {
		sig = "not signed (an Intel Mac runs it unsigned)"
	}
	return fmt.Sprintf("Mach-O 64-bit executable, %v, macOS %s or later, loads %s; %s",
		f.Cpu, minimumOS(f), strings.Join(libs, ", "), sig), nil
}

// systemLibraries requires every library to be one of macOS's own, by its
// full path, and libSystem among them.
func systemLibraries(libs []string) error {
	hasSystem := false
	for _, l := range libs {
		if !strings.HasPrefix(l, "/usr/lib/") && !strings.HasPrefix(l, "/System/Library/") {
			return fmt.Errorf("loads %q, which is not a library of macOS itself (/usr/lib, /System/Library)", l)
		}
		hasSystem = hasSystem || l == "/usr/lib/libSystem.B.dylib"
	}
	if !hasSystem {
		return fmt.Errorf("does not load /usr/lib/libSystem.B.dylib (loads %v)", libs)
	}
	return nil
}

// minimumOS reads the lowest macOS version from LC_BUILD_VERSION.
func minimumOS(f *macho.File) string {
	for _, l := range f.Loads {
		raw := l.Raw()
		if len(raw) >= 16 && f.ByteOrder.Uint32(raw) == lcBuildVersion {
			v := f.ByteOrder.Uint32(raw[12:])
			return fmt.Sprintf("%d.%d", v>>16, v>>8&0xff)
		}
	}
	return "(no LC_BUILD_VERSION)"
}
