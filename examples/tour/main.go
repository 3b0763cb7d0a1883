// Command tour runs every operation of every conduit package against the
// fakes of package conduittest and prints one line of real decoded values per
// operation. `make demo` runs it.
package main

import (
	"context"
	"fmt"
	"iter"
	"os"
	"sort"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
)

// A stop prints one line per operation of one package.
type stop func(ctx context.Context, say func(op, format string, args ...any)) error

// stops is filled by the per-package files of this command.
var stops = map[string]stop{}

func register(pkg string, s stop) { stops[pkg] = s }

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tour:", err)
		os.Exit(1)
	}
}

func run(w *os.File) error {
	srv := conduittest.Start()
	defer srv.Close()
	srv.Export()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	names := make([]string, 0, len(stops))
	for n := range stops {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, pkg := range names {
		say := func(op, format string, args ...any) {
			fmt.Fprintf(w, "%-13s %-24s %s\n", pkg, op, fmt.Sprintf(format, args...))
		}
		if err := stops[pkg](ctx, say); err != nil {
			return fmt.Errorf("%s: %w", pkg, err)
		}
	}
	return nil
}

// take ranges over an iterator and stops after n items, or at its end:
// enough to show that it pages without walking a real service's history.
func take[T any](seq iter.Seq2[T, error], n int) ([]T, error) {
	var seen []T
	for v, err := range seq {
		if err != nil {
			return seen, err
		}
		if seen = append(seen, v); len(seen) == n {
			break
		}
	}
	return seen, nil
}
