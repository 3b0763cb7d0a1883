// Command table turns rounds of bench/peers benchmark output into the
// Markdown comparison table of bench/peers/README.md's measurements.
//
//	table [-clock cpu|wall] round-1.txt round-2.txt …
//
// Each file is one round: one run of every benchmark, contenders side by
// side, as run.sh writes it (with "date:", "nproc:" and "go:" lines and a
// "# load average" line before the benchmark output). Every ratio is taken
// within a round, so that a slow moment of a shared machine slows both
// sides of it, and is shown as the median over the rounds with the lowest
// and highest in parentheses.
//
// The ratios compare CPU time by default (the benchmarks' "cpu-ns/…"
// metrics, the process's user and system time), which a machine busy with
// other work inflates far less than the wall clock; -clock wall compares
// the wall-clock "ns/…" metrics instead. The medians table shows both.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

func main() {
	clock := flag.String("clock", "cpu", "the time the ratios compare: cpu or wall")
	flag.Parse()
	if flag.NArg() < 1 || (*clock != "cpu" && *clock != "wall") {
		fmt.Fprintln(os.Stderr, "usage: table [-clock cpu|wall] round-file...")
		os.Exit(2)
	}
	var rs []round
	for _, name := range flag.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		r, err := parse(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
			os.Exit(1)
		}
		rs = append(rs, r)
	}
	write(os.Stdout, rs, *clock)
}

// round is one run: its configuration lines, the load average at its
// start (-1 if unknown) and, per benchmark (named without "Benchmark" and
// the GOMAXPROCS suffix), its value per unit.
type round struct {
	conf map[string]string
	load float64
	vals map[string]map[string]float64
}

var (
	confLine  = regexp.MustCompile(`^([a-z][^:\s]*):\s*(.*)$`)
	loadLine  = regexp.MustCompile(`^# load average (\S+)$`)
	procsTail = regexp.MustCompile(`-\d+$`)
)

func parse(r io.Reader) (round, error) {
	out := round{conf: map[string]string{}, load: -1, vals: map[string]map[string]float64{}}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if m := loadLine.FindStringSubmatch(line); m != nil {
			if v, err := strconv.ParseFloat(m[1], 64); err == nil {
				out.load = v
			}
			continue
		}
		if m := confLine.FindStringSubmatch(line); m != nil {
			if _, seen := out.conf[m[1]]; !seen {
				out.conf[m[1]] = strings.TrimSpace(m[2])
			}
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") || len(f)%2 != 0 {
			continue
		}
		name := procsTail.ReplaceAllString(strings.TrimPrefix(f[0], "Benchmark"), "")
		units := map[string]float64{}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return out, fmt.Errorf("%s: %q is not a number", name, f[i])
			}
			units[f[i+1]] = v
		}
		out.vals[name] = units
	}
	return out, sc.Err()
}

// get is a value of a round, and whether the round has it.
func (r round) get(name, unit string) (float64, bool) {
	v, ok := r.vals[name][unit]
	return v, ok
}

// spread is a sample's median, lowest and highest, over n rounds.
type spread struct {
	med, lo, hi float64
	n           int
}

func summarize(xs []float64) spread {
	if len(xs) == 0 {
		return spread{}
	}
	s := slices.Sorted(slices.Values(xs))
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return spread{med: med, lo: s[0], hi: s[len(s)-1], n: len(s)}
}

// per applies f to every round that has both values and summarizes it.
func per(rs []round, a, b, unit string, f func(a, b float64) float64) spread {
	var xs []float64
	for _, r := range rs {
		x, ok1 := r.get(a, unit)
		y, ok2 := r.get(b, unit)
		if ok1 && ok2 && y != 0 {
			xs = append(xs, f(x, y))
		}
	}
	return summarize(xs)
}

func ratio(rs []round, a, b, unit string) spread {
	return per(rs, a, b, unit, func(x, y float64) float64 { return x / y })
}

func diff(rs []round, a, b, unit string) spread {
	return per(rs, a, b, unit, func(x, y float64) float64 { return x - y })
}

func value(rs []round, name, unit string) spread {
	var xs []float64
	for _, r := range rs {
		if v, ok := r.get(name, unit); ok {
			xs = append(xs, v)
		}
	}
	return summarize(xs)
}

// times is a ratio as "1.23× (1.20–1.31)".
func times(s spread) string {
	if s.n == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f× (%.2f–%.2f)", s.med, s.lo, s.hi)
}

// faster reads s, a peer's time over conduit's, as how much faster conduit
// is, or slower when below 1.
func faster(s spread) string {
	switch {
	case s.n == 0:
		return "n/a"
	case s.med >= 1:
		return times(s) + " faster"
	default:
		return times(spread{med: 1 / s.med, lo: 1 / s.hi, hi: 1 / s.lo, n: s.n}) + " slower"
	}
}

func allocs(s spread) string {
	if s.n == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%+.0f allocs", s.med)
}

// write prints the table, its ratios taken on clock's time.
func write(w io.Writer, rs []round, clock string) {
	unit := func(per string) string {
		if clock == "cpu" {
			return "cpu-ns/" + per
		}
		return "ns/" + per
	}
	chunk, op, call, event := unit("chunk"), unit("op"), unit("call"), unit("event")
	conf := func(key string) string {
		var vals []string
		for _, r := range rs {
			if v := r.conf[key]; v != "" && !slices.Contains(vals, v) {
				vals = append(vals, v)
			}
		}
		return strings.Join(vals, ", ")
	}
	loads := make([]float64, 0, len(rs))
	for _, r := range rs {
		if r.load >= 0 {
			loads = append(loads, r.load)
		}
	}
	load := "unknown"
	if s := summarize(loads); s.n > 0 {
		load = fmt.Sprintf("%.1f–%.1f", s.lo, s.hi)
	}
	fmt.Fprintf(w, "Measured %s on %s (%s cores, %s/%s), %s: %d interleaved rounds of `go test -bench`, -benchtime %s; "+
		"load average %s. Ratios of %s time, each paired within a round: median (lowest–highest).\n\n",
		conf("date"), conf("cpu"), conf("nproc"), conf("goos"), conf("goarch"), conf("go"), len(rs), conf("benchtime"), load, clock)

	fmt.Fprintln(w, "| work | conduit vs reference | vs go-openai | vs openai-go |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, path := range []struct{ group, work string }{
		{"StreamMemory", "10,000-chunk chat stream, in memory"},
		{"StreamLoopback", "same over loopback, flushed per event"},
	} {
		c := path.group + "/conduit"
		ref := fmt.Sprintf("%s the v2 floor, %.1f allocs/chunk (v2 floor %.1f); v1 floors: %s the plain-struct, %s the minimal",
			times(ratio(rs, c, path.group+"/floor-v2", chunk)),
			value(rs, c, "allocs/chunk").med, value(rs, path.group+"/floor-v2", "allocs/chunk").med,
			times(ratio(rs, c, path.group+"/floor-plain", chunk)),
			times(ratio(rs, c, path.group+"/floor-minimal", chunk)))
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", path.work, ref,
			faster(ratio(rs, path.group+"/go-openai", c, chunk)),
			faster(ratio(rs, path.group+"/openai-go", c, chunk)))
	}
	fmt.Fprintf(w, "| chat completion, one request, in-memory transport | %s the v2 floor, %s; %s the v1 floor, %s | %s | %s |\n",
		times(ratio(rs, "Completion/conduit", "Completion/raw-v2", op)),
		allocs(diff(rs, "Completion/conduit", "Completion/raw-v2", "allocs/op")),
		times(ratio(rs, "Completion/conduit", "Completion/raw", op)),
		allocs(diff(rs, "Completion/conduit", "Completion/raw", "allocs/op")),
		faster(ratio(rs, "Completion/go-openai", "Completion/conduit", op)),
		faster(ratio(rs, "Completion/openai-go", "Completion/conduit", op)))
	fmt.Fprintf(w, "| `sunrise.Get`, in-memory transport | %s the v2 floor, %s; %s the v1 floor, %s | | |\n",
		times(ratio(rs, "SunriseGet/conduit", "SunriseGet/raw-v2", op)),
		allocs(diff(rs, "SunriseGet/conduit", "SunriseGet/raw-v2", "allocs/op")),
		times(ratio(rs, "SunriseGet/conduit", "SunriseGet/raw", op)),
		allocs(diff(rs, "SunriseGet/conduit", "SunriseGet/raw", "allocs/op")))
	throughput := "the v2 floor's throughput"
	if clock == "cpu" {
		throughput += " (as CPU time per call: both cores busy)"
	}
	fmt.Fprintf(w, "| 8 goroutines × 16 chat completions, one client, loopback | %s %s | %s | %s |\n",
		times(ratio(rs, "Parallel/raw-v2", "Parallel/conduit", call)), throughput,
		faster(ratio(rs, "Parallel/go-openai", "Parallel/conduit", call)),
		faster(ratio(rs, "Parallel/openai-go", "Parallel/conduit", call)))
	fmt.Fprintf(w, "| 5,000 events through a batching sender (50 events or 100 ms a batch), loopback | %s libhoney-go's time; %.1f allocs/event (libhoney-go %.1f) | | |\n",
		times(ratio(rs, "IngestBatches/conduit", "IngestBatches/libhoney-go", event)),
		value(rs, "IngestBatches/conduit", "allocs/event").med, value(rs, "IngestBatches/libhoney-go", "allocs/event").med)
	for _, g := range []struct{ group, work string }{
		{"GatewayMessageCreate", "Discord Gateway MESSAGE_CREATE, loopback"},
		{"GatewayGuildCreate", "Discord Gateway GUILD_CREATE of a large guild, loopback"},
	} {
		c := g.group + "/conduit"
		fmt.Fprintf(w, "| %s | %s discordgo's throughput, %s disgo's; %.1f allocs/event (discordgo %.1f, disgo %.1f) | | |\n", g.work,
			times(ratio(rs, g.group+"/discordgo", c, event)), times(ratio(rs, g.group+"/disgo", c, event)),
			value(rs, c, "allocs/event").med, value(rs, g.group+"/discordgo", "allocs/event").med, value(rs, g.group+"/disgo", "allocs/event").med)
	}
	fmt.Fprintf(w, "| one idle Discord Gateway connection after READY (client and server side) | %.0f kB (discordgo %.0f kB, disgo %.0f kB) | | |\n",
		value(rs, "GatewayIdleHeap/conduit", "idle-kB/conn").med, value(rs, "GatewayIdleHeap/discordgo", "idle-kB/conn").med,
		value(rs, "GatewayIdleHeap/disgo", "idle-kB/conn").med)
	for _, g := range []struct{ group, work string }{
		{"SubscriptionNewHeads", "eth_subscription newHeads, loopback"},
		{"SubscriptionLogs", "eth_subscription logs, loopback"},
	} {
		c := g.group + "/conduit"
		fmt.Fprintf(w, "| %s | %s ethclient's throughput; %.1f allocs/notification (ethclient %.1f) | | |\n", g.work,
			times(ratio(rs, g.group+"/ethclient", c, unit("note"))),
			value(rs, c, "allocs/note").med, value(rs, g.group+"/ethclient", "allocs/note").med)
	}
	fmt.Fprintf(w, "| 20 MB filings body without Content-Length, in memory | peak heap %.2f× the body (sized: %.2f×) | | |\n",
		value(rs, "SubmissionsHeap/unsized", "peak/body").med, value(rs, "SubmissionsHeap/sized", "peak/body").med)
	heap := func(name string) string {
		return fmt.Sprintf("%.0f kB → %.0f kB", value(rs, "StreamHeap/"+name+"/chunks=10000", "peak-live-kB").med,
			value(rs, "StreamHeap/"+name+"/chunks=100000", "peak-live-kB").med)
	}
	fmt.Fprintf(w, "| live heap kept while streaming 10,000 → 100,000 chunks | %s (floors: v2 %s; v1 plain %s; v1 minimal %s) | %s | %s |\n",
		heap("conduit"), heap("floor-v2"), heap("floor-plain"), heap("floor-minimal"), heap("go-openai"), heap("openai-go"))

	fmt.Fprintln(w, "\nMedians per contender:")
	fmt.Fprintln(w, "\n| benchmark | contender | wall time | CPU time | allocs |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	for _, g := range []struct{ group, per string }{
		{"StreamMemory", "chunk"},
		{"StreamLoopback", "chunk"},
		{"Completion", "op"},
		{"SunriseGet", "op"},
		{"Parallel", "call"},
		{"IngestBatches", "event"},
		{"GatewayMessageCreate", "event"},
		{"GatewayGuildCreate", "event"},
		{"SubscriptionNewHeads", "note"},
		{"SubscriptionLogs", "note"},
	} {
		for _, name := range names(rs, g.group+"/") {
			fmt.Fprintf(w, "| %s | %s | %.0f ns/%s | %.0f ns/%s | %.1f %s |\n", g.group, strings.TrimPrefix(name, g.group+"/"),
				value(rs, name, "ns/"+g.per).med, g.per, value(rs, name, "cpu-ns/"+g.per).med, g.per,
				value(rs, name, "allocs/"+g.per).med, "allocs/"+g.per)
		}
	}
}

// names lists the benchmarks under prefix, sorted (conduit first: every
// other contender's name sorts after it).
func names(rs []round, prefix string) []string {
	var out []string
	for _, r := range rs {
		for name := range r.vals {
			if strings.HasPrefix(name, prefix) && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	slices.Sort(out)
	return out
}
