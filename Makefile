# conduit: every target needs only Go; tools are run from the module proxy at
# pinned versions.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOVULNCHECK := golang.org/x/vuln/cmd/govulncheck@v1.8.0
BENCHSTAT   := golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da
FUZZTIME    ?= 10s
BENCHCOUNT  ?= 6

.PHONY: test check demo bench peers fuzz stress

# redislimit is a module of its own (so the core needs no Redis client): every
# check and test runs there too. Its tests start a real redis-server.
# examples/testing is a user's module outside conduit, tested with conduittest.
test: check
	go test -race -count=1 ./...
	cd redislimit && go test -race -count=1 ./...
	cd examples/testing && go test -race -count=1 ./...
	@skipped=$$(paste -sd ';' $(CONDUIT_SKIPPED) 2>/dev/null | sed 's/;/; /g'); \
	echo "make test: gofmt, go mod tidy, go vet, staticcheck and go test -race passed in every module; skipped: $${skipped:-nothing}"

# Checks that could not run (govulncheck without its database) are listed
# here, for make test's closing line.
export CONDUIT_SKIPPED := $(or $(CONDUIT_SKIPPED),$(CURDIR)/.ci/skipped.log)

# gofmt walks the whole tree, nested modules included.
check:
	@rm -f $(CONDUIT_SKIPPED)
	@unformatted=$$(gofmt -l . | grep -v '/testdata/'); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	go mod tidy -diff
	cd redislimit && go mod tidy -diff
	go vet ./...
	cd bench/peers && go mod tidy -diff && go vet ./...
	cd redislimit && go vet ./...
	cd examples/testing && go mod tidy -diff && go vet ./...
	go run $(STATICCHECK) ./...
	cd redislimit && go run $(STATICCHECK) ./...
	cd examples/testing && go run $(STATICCHECK) ./...
	bash .ci/vulncheck $(GOVULNCHECK)
	cd redislimit && bash ../.ci/vulncheck $(GOVULNCHECK)

demo:
	go run ./examples/tour

bench:
	go test -run='^$$' -bench=. -benchmem -count=$(BENCHCOUNT) ./... | tee bench.txt
	go run $(BENCHSTAT) bench.txt

# conduit beside go-openai, openai-go and hand-written code (the nested module
# bench/peers): BENCHCOUNT interleaved rounds, then the README's ratio table.
peers:
	COUNT=$(BENCHCOUNT) BENCHSTAT=$(BENCHSTAT) bash bench/peers/run.sh

# Each fuzz target runs for FUZZTIME; the script prints executions per target.
fuzz:
	FUZZTIME=$(FUZZTIME) bash .ci/fuzz

stress:
	go test -race -count=1 -tags stress -run Stress -timeout 20m ./...
