package main

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
)

// dataPlace is where a system keeps Tableside's database, and where a
// Tableside before version 1 kept it (the XDG path on every system).
type dataPlace struct {
	path, legacy string
}

// dataPlaceFor works out the database's place on a system: macOS's
// ~/Library/Application Support, Windows's %AppData% (the roaming folder,
// where os.UserConfigDir points), XDG_DATA_HOME or ~/.local/share elsewhere.
func dataPlaceFor(goos string, getenv func(string) string, home string) dataPlace {
	xdg := getenv("XDG_DATA_HOME")
	if xdg == "" {
		xdg = filepath.Join(home, ".local", "share")
	}
	legacy := filepath.Join(xdg, "tableside", "tableside.db")
	switch goos {
	case "darwin":
		return dataPlace{filepath.Join(home, "Library", "Application Support", "tableside", "tableside.db"), legacy}
	case "windows":
		if app := getenv("AppData"); app != "" {
			return dataPlace{filepath.Join(app, "tableside", "tableside.db"), legacy}
		}
		if local := getenv("LocalAppData"); local != "" {
			return dataPlace{filepath.Join(local, "tableside", "tableside.db"), legacy}
		}
	}
	return dataPlace{legacy, legacy}
}

// thisDataPlace is dataPlaceFor on the running system; with no home folder
// the database is tableside.db in the current folder.
func thisDataPlace() dataPlace {
	home, err := os.UserHomeDir()
	if err != nil {
		return dataPlace{"tableside.db", "tableside.db"}
	}
	return dataPlaceFor(runtime.GOOS, os.Getenv, home)
}

// defaultDBPath is the database the commands use without --db: TABLESIDE_DB,
// else the system's place; when only an older Tableside's file exists (not
// yet moved by serve), that one, so nothing looks lost.
func defaultDBPath() string {
	if p := os.Getenv("TABLESIDE_DB"); p != "" {
		return p
	}
	pl := thisDataPlace()
	if pl.legacy != pl.path && !exists(pl.path) && exists(pl.legacy) {
		return pl.legacy
	}
	return pl.path
}

// dataFolderHint names the default place for a flag's help.
func dataFolderHint() string { return thisDataPlace().path }

// serveDBPath is the database serve opens without --db. On a system whose
// place has changed (macOS, Windows), an older Tableside's database is moved
// there once, with its -wal and -shm files, and the move is logged.
func serveDBPath(log *slog.Logger) (string, error) {
	if p := os.Getenv("TABLESIDE_DB"); p != "" {
		return p, nil
	}
	pl := thisDataPlace()
	moved, err := adoptLegacy(pl)
	if err != nil {
		return "", err
	}
	if moved {
		log.Info("database moved to this system's data folder", "from", pl.legacy, "to", pl.path)
	}
	return pl.path, nil
}

// adoptLegacy moves the legacy database into its new place when the new
// place holds none. A move that cannot rename (another disk) leaves the
// legacy file where it is and says how to move it.
func adoptLegacy(pl dataPlace) (bool, error) {
	if pl.legacy == pl.path || exists(pl.path) || !exists(pl.legacy) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(pl.path), 0o700); err != nil {
		return false, fmt.Errorf("move the database to %s: %w", filepath.Dir(pl.path), err)
	}
	if err := os.Rename(pl.legacy, pl.path); err != nil {
		return false, fmt.Errorf("move the database from %s to %s: %w (move it yourself, with its -wal file if any, or start with --db %s)", pl.legacy, pl.path, err, pl.legacy)
	}
	// The -wal file holds answered commands not yet in the main file: it
	// goes with it, or the main file goes back.
	for _, side := range []string{"-wal", "-shm"} {
		if err := os.Rename(pl.legacy+side, pl.path+side); err != nil && !errors.Is(err, os.ErrNotExist) {
			os.Rename(pl.path, pl.legacy)
			return false, fmt.Errorf("move the database's %s file to %s: %w (the database stays at %s)", side, filepath.Dir(pl.path), err, pl.legacy)
		}
	}
	return true, nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// envOr is the environment variable's value, or def when it is unset or empty.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
