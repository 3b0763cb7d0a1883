package peers

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
)

func TestProbeSubmissions(t *testing.T) {
	body := submissionsBody(t, largeBody)
	sized := os.Getenv("SIZED") == "1"
	f, _ := submissions(memoryClient(body, "application/json", sized), "http://filings.invalid")
	f(context.Background())
	runtime.GC()
	runtime.MemProfileRate = 1
	s, err := f(context.Background())
	runtime.GC()
	out, _ := os.Create(os.Getenv("PROF"))
	pprof.Lookup("allocs").WriteTo(out, 0)
	out.Close()
	runtime.KeepAlive(s)
	_ = err
}
