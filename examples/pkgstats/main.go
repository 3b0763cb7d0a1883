// Command pkgstats shows a package's versions, what a range resolves to, and
// how often the package was served.
//
//	go run ./examples/pkgstats -fake  # against conduittest's fake of the service
//	go run ./examples/pkgstats -package react -specifier ^18
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/pkgstats"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	registry := flag.String("type", "npm", "registry type")
	name := flag.String("package", "@babel/core", "package name, @scope/name for scoped packages")
	spec := flag.String("specifier", "^7.20", "version range, version or tag to resolve")
	period := flag.String("period", "week", "stats period")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := pkgstats.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	p, err := c.Package(ctx, *registry, *name)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s %s: latest %s, %d versions\n", p.Type, p.Name, p.Tags["latest"], len(p.Versions))

	r, err := c.Resolve(ctx, *registry, *name, *spec)
	if err != nil {
		log.Fatal(err)
	}
	if r.Version == "" {
		fmt.Printf("%s matches no version\n", *spec)
	} else {
		fmt.Printf("%s resolves to %s\n", *spec, r.Version)
	}

	s, err := c.Stats(ctx, *registry, *name, &pkgstats.StatsParams{Period: *period})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("hits: %d (rank %s), bandwidth: %d bytes (rank %s)\n", s.Hits.Total, rank(s.Hits.Rank), s.Bandwidth.Total, rank(s.Bandwidth.Rank))
	for day, n := range s.Hits.Days() {
		fmt.Printf("  %s %12d\n", day, n)
	}
}

func rank(r *int64) string {
	if r == nil {
		return "none"
	}
	return fmt.Sprint(*r)
}
