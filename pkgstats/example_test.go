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

func ExampleClient_VersionStats() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := pkgstats.New(srv.Options("pkgstats")...)
	if err != nil {
		log.Fatal(err)
	}
	s, err := c.VersionStats(context.Background(), "npm", "jquery", "2.2.1", &pkgstats.StatsParams{Period: "week"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.Hits.Total, "hits,", s.Bandwidth.Total, "bytes")
	for day, n := range s.Hits.Days() {
		fmt.Println(day, n)
		break
	}
	// Output:
	// 111095 hits, 3621969180 bytes
	// 2022-10-15 15819
}

func ExampleClient_TopVersions() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := pkgstats.New(srv.Options("pkgstats")...)
	if err != nil {
		log.Fatal(err)
	}
	versions, err := c.TopVersions(context.Background(), "npm", "jquery", &pkgstats.TopParams{Period: "week", By: "hits"})
	if err != nil {
		log.Fatal(err)
	}
	for _, v := range versions {
		fmt.Println(v.Version, v.Hits.Total)
	}
	// Output:
	// 3.6.0 104340391
}

func ExampleClient_AllTopVersions() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := pkgstats.New(srv.Options("pkgstats")...)
	if err != nil {
		log.Fatal(err)
	}
	for v, err := range c.AllTopVersions(context.Background(), "npm", "jquery", &pkgstats.TopParams{Limit: 1}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(v.Version, v.Bandwidth.Total)
	}
	// Output:
	// 3.6.0 3501550774379
}

// A version's files, as a tree or flat; Paths gives full paths either way.
func ExampleClient_Files() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := pkgstats.New(srv.Options("pkgstats")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	tree, err := c.Files(ctx, "npm", "jquery", "2.2.1", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("default", *tree.Default)
	for p, f := range tree.Paths() {
		fmt.Println(p, f.Size)
	}
	flat, err := c.Files(ctx, "npm", "jquery", "2.2.1", &pkgstats.FilesParams{Flat: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(flat.Files[0].Name)
	repo, err := c.Files(ctx, "gh", "twbs/bootstrap", "2.2.1", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(repo.Name, repo.Default == nil)
	// Output:
	// default /dist/jquery.min.js
	// /dist/jquery.js 258549
	// /README.md 1794
	// /dist/jquery.js
	// twbs/bootstrap true
}

func ExampleClient_Entrypoints() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := pkgstats.New(srv.Options("pkgstats")...)
	if err != nil {
		log.Fatal(err)
	}
	e, err := c.Entrypoints(context.Background(), "jquery", "2.2.1")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(e.Entrypoints.JS.File, e.Entrypoints.JS.Guessed, e.Entrypoints.CSS == nil)
	// Output:
	// /dist/jquery.min.js false true
}

func ExampleClient_TopPackages() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := pkgstats.New(srv.Options("pkgstats")...)
	if err != nil {
		log.Fatal(err)
	}
	top, err := c.TopPackages(context.Background(), &pkgstats.TopParams{Period: "week", Limit: 2})
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range top {
		fmt.Println(p.Type, p.Name, p.Hits)
	}
	// Output:
	// gh prebid/currency-file 5383263850
	// npm prebid-universal-creative 2060705889
}

// Every page of the ranking, until a short page.
func ExampleClient_AllTopPackages() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := pkgstats.New(srv.Options("pkgstats")...)
	if err != nil {
		log.Fatal(err)
	}
	for p, err := range c.AllTopPackages(context.Background(), &pkgstats.TopParams{Period: "week", Limit: 2}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(p.Name)
	}
	// Output:
	// prebid/currency-file
	// prebid-universal-creative
	// jquery
}

func ExampleClient_Network() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := pkgstats.New(srv.Options("pkgstats")...)
	if err != nil {
		log.Fatal(err)
	}
	n, err := c.Network(context.Background(), &pkgstats.NetworkParams{Period: "day"})
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range n.Hits.Providers {
		fmt.Println(p.Code, p.Name, p.Total, "of", n.Hits.Total)
	}
	// Output:
	// CF Cloudflare 3509781800 of 5236807991
}
