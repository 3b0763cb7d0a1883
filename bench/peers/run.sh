#!/usr/bin/env bash
# Runs the bench/peers benchmarks in interleaved rounds and prints the
# Markdown comparison table (cmd/table) for bench/peers/README.md.
#
#   COUNT      rounds (default 6); each runs every benchmark once
#   BENCHTIME  -benchtime of the timed benchmarks (default 1s)
#   OUT        where the rounds are kept (default out/, beside this script)
#   BENCHSTAT  a benchstat to run on all rounds as well, as
#              "golang.org/x/perf/cmd/benchstat@<version>" (make peers sets it)
set -euo pipefail
cd "$(dirname "$0")"
COUNT=${COUNT:-6}
BENCHTIME=${BENCHTIME:-1s}
OUT=${OUT:-out}
mkdir -p "$OUT"
rm -f "$OUT"/round-*.txt

# The contenders must do identical work before they are compared.
go test -count=1 -run 'TestIdenticalWork|TestIdenticalIngest|TestIdenticalGateway|TestIdenticalSubscription' .
go test -c -o "$OUT/peers.test" .

timed='^Benchmark(StreamMemory|StreamLoopback|Completion|SunriseGet|Parallel|IngestBatches|GatewayMessageCreate|GatewayGuildCreate|SubscriptionNewHeads|SubscriptionLogs)$'
for i in $(seq 1 "$COUNT"); do
	f="$OUT/round-$i.txt"
	{
		echo "date: $(date -u +%Y-%m-%d)"
		echo "nproc: $(nproc)"
		echo "go: $(go env GOVERSION)"
		# Not a "key: value" line: benchstat would split the rounds by it.
		echo "# load average $(cut -d' ' -f1 /proc/loadavg)"
		echo "benchtime: $BENCHTIME"
	} >"$f"
	echo "round $i of $COUNT" >&2
	"$OUT/peers.test" -test.run='^$' -test.bench="$timed" -test.benchtime="$BENCHTIME" -test.benchmem >>"$f"
	# The memory benchmarks measure bytes, which the machine's load does not
	# change, and their time is not compared: one iteration, first round only.
	if [ "$i" = 1 ]; then
		"$OUT/peers.test" -test.run='^$' -test.bench='Heap$' -test.benchtime=1x >>"$f"
	fi
done

if [ -n "${BENCHSTAT:-}" ]; then
	cat "$OUT"/round-*.txt >"$OUT/all.txt"
	go run "$BENCHSTAT" "$OUT/all.txt" >"$OUT/benchstat.txt" && echo "benchstat: $OUT/benchstat.txt" >&2
fi
go run ./cmd/table "$OUT"/round-*.txt
