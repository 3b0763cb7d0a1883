package main

import (
	"strings"
	"testing"
)

// Ratios are paired within a round: a round on a slow machine slows both
// sides, so its ratio stays near the others even though its times do not.
func TestRatiosArePairedPerRound(t *testing.T) {
	var rs []round
	for _, text := range []string{
		"date: 2026-01-02\n# load average 1.5\nBenchmarkCompletion/conduit-2   100  1100 ns/op  57 allocs/op\nBenchmarkCompletion/raw-2  100  1000 ns/op  46 allocs/op\n",
		"date: 2026-01-02\nBenchmarkCompletion/conduit-2   100  3300 ns/op  57 allocs/op\nBenchmarkCompletion/raw-2  100  3000 ns/op  46 allocs/op\n",
		"date: 2026-01-02\nBenchmarkCompletion/conduit-2   100  1200 ns/op  58 allocs/op\nBenchmarkCompletion/raw-2  100  1000 ns/op  46 allocs/op\n",
	} {
		r, err := parse(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	if got := times(ratio(rs, "Completion/conduit", "Completion/raw", "ns/op")); got != "1.10× (1.10–1.20)" {
		t.Errorf("ratio = %s, want 1.10× (1.10–1.20)", got)
	}
	if got := allocs(diff(rs, "Completion/conduit", "Completion/raw", "allocs/op")); got != "+11 allocs" {
		t.Errorf("allocs = %s, want +11 allocs", got)
	}
	if got := faster(ratio(rs, "Completion/raw", "Completion/conduit", "ns/op")); got != "1.10× (1.10–1.20) slower" {
		t.Errorf("faster = %s", got)
	}
	if rs[0].conf["date"] != "2026-01-02" || rs[0].load != 1.5 || rs[1].load != -1 {
		t.Errorf("conf = %v, load %v, %v", rs[0].conf, rs[0].load, rs[1].load)
	}
}

// The push rows read throughput as the peer's time over conduit's: conduit
// at half discordgo's CPU time per event has 2× its throughput.
func TestPushRows(t *testing.T) {
	r, err := parse(strings.NewReader("date: 2026-01-02\n" +
		"BenchmarkGatewayMessageCreate/conduit-2 100 1000 ns/op 36 allocs/event 500 cpu-ns/event\n" +
		"BenchmarkGatewayMessageCreate/discordgo-2 100 2000 ns/op 103 allocs/event 1000 cpu-ns/event\n" +
		"BenchmarkGatewayMessageCreate/disgo-2 100 2000 ns/op 94 allocs/event 1500 cpu-ns/event\n" +
		"BenchmarkSubscriptionLogs/conduit-2 100 1000 ns/op 10 allocs/note 400 cpu-ns/note\n" +
		"BenchmarkSubscriptionLogs/ethclient-2 100 1000 ns/op 30 allocs/note 600 cpu-ns/note\n"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	write(&b, []round{r}, "cpu")
	for _, want := range []string{
		"| Discord Gateway MESSAGE_CREATE, loopback | 2.00× (2.00–2.00) discordgo's throughput, 3.00× (3.00–3.00) disgo's; 36.0 allocs/event (discordgo 103.0, disgo 94.0) |",
		"| eth_subscription logs, loopback | 1.50× (1.50–1.50) ethclient's throughput; 10.0 allocs/notification (ethclient 30.0) |",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("missing %q in\n%s", want, b.String())
		}
	}
}
