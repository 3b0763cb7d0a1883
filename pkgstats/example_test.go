package pkgstats_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/pkgstats"
)

func Example() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := pkgstats.New(srv.Options("pkgstats")...)
	if err != nil {
		log.Fatal(err)
	}
	v, err := c.Resolve(context.Background(), "npm", "@babel/core", "^7.20")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(v.Name, "^7.20 resolves to", v.Version)

	s, err := c.Stats(context.Background(), "npm", "@babel/core", &pkgstats.StatsParams{Period: "week"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("rank", *s.Hits.Rank, "with", s.Hits.Total, "hits")
	for day, n := range s.Hits.Days() {
		fmt.Println(day, n)
		break // the earliest day only
	}
	// Output:
	// @babel/core ^7.20 resolves to 7.24.7
	// rank 112 with 312417735 hits
	// 2024-06-01 41982117
}
