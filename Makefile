# Tableside: `make run` starts it, `make test` checks everything.
GO      ?= go
BIN     := bin/tableside
PKGS    := ./...

.PHONY: run build test test-deps bench vet fmt clean load

# make run ARGS='--addr 127.0.0.1:8080' passes flags to serve.
run: build
	./$(BIN) serve $(ARGS)

build:
	$(GO) build -trimpath -o $(BIN) ./cmd/tableside

# Every test, browser tests included. test-deps installs what they need.
test: test-deps vet
	$(GO) test -count=1 -timeout 25m $(PKGS)

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
load:
	$(GO) run ./cmd/loadtest $(LOADFLAGS)

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin
