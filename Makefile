# conduit: every target needs only Go; tools are run from the module proxy at
# pinned versions.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOVULNCHECK := golang.org/x/vuln/cmd/govulncheck@v1.8.0
BENCHSTAT   := golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da
FUZZTIME    ?= 10s
BENCHCOUNT  ?= 6

.PHONY: test check demo bench peers fuzz stress

# redislimit, rediscache and otelconduit are modules of their own (so the core
# needs no Redis client and no OpenTelemetry): every check and test runs there
# too. redislimit's and rediscache's tests start a real redis-server.
# examples/testing is a user's module outside conduit, tested with conduittest.
test: check
	go test -race -count=1 ./...
	cd redislimit && go test -race -count=1 ./...
	cd otelconduit && go test -race -count=1 ./...
	cd rediscache && go test -race -count=1 ./...
	cd examples/testing && go test -race -count=1 ./...
	bash .ci/install
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
	cd otelconduit && go mod tidy -diff
	cd rediscache && go mod tidy -diff
	go vet ./...
	cd redislimit && go vet ./...
	cd otelconduit && go vet ./...
	cd rediscache && go vet ./...
	cd examples/testing && go mod tidy -diff && go vet ./...
	go run $(STATICCHECK) ./...
	cd redislimit && go run $(STATICCHECK) ./...
	cd otelconduit && go run $(STATICCHECK) ./...
	cd rediscache && go run $(STATICCHECK) ./...
	cd examples/testing && go run $(STATICCHECK) ./...
	bash .ci/vulncheck $(GOVULNCHECK)
	cd redislimit && bash ../.ci/vulncheck $(GOVULNCHECK)
	cd otelconduit && bash ../.ci/vulncheck $(GOVULNCHECK)
	cd rediscache && bash ../.ci/vulncheck $(GOVULNCHECK)

# On a cold module and build cache go first downloads and compiles every
# dependency, printing only "go: downloading …": say so before it starts.
demo:
	@echo "make demo: building the tour first; on a cold cache go downloads and compiles conduit's dependencies (about 1 minute on 2 cores), printing 'go: downloading …'"
	@go build -o /dev/null ./examples/tour
	@echo "make demo: built; the tour runs every operation against conduittest's fakes"
	go run ./examples/tour

bench:
	go test -run='^$$' -bench=. -benchmem -count=$(BENCHCOUNT) ./... | tee bench.txt
	go run $(BENCHSTAT) bench.txt

# conduit beside go-openai, openai-go and hand-written code (the nested module
# bench/peers, vetted here rather than in make test: it compiles openai-go,
# go-openai and the Azure SDK): BENCHCOUNT interleaved rounds, then the ratio
# table of bench/peers/README.md.
peers:
	cd bench/peers && go mod tidy -diff && go vet ./...
	COUNT=$(BENCHCOUNT) BENCHSTAT=$(BENCHSTAT) bash bench/peers/run.sh

# Each fuzz target runs for FUZZTIME; the script prints executions per target.
fuzz:
	FUZZTIME=$(FUZZTIME) bash .ci/fuzz

stress:
	go test -race -count=1 -tags stress -run Stress -timeout 20m ./...
