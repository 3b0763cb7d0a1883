// Command ci shows who the token belongs to, lists a project's pipelines
// across pages and, with -trigger, starts one.
//
//	go run ./examples/ci -fake -trigger main  # against conduittest's fake of the service
//	CONDUIT_CI_URL=https://…/api/v2 CONDUIT_CI_API_TOKEN=… go run ./examples/ci -project gh/acme/api
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/conduittest"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	project := flag.String("project", "gh/acme/api", "project slug, <vcs_prefix>/<org>/<repo>")
	branch := flag.String("trigger", "", "start a pipeline on this branch")
	limit := flag.Int("n", 20, "show at most this many pipelines, newest first (0: all)")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	slug, err := ci.ParseProjectSlug(*project)
	if err != nil {
		log.Fatal(err)
	}
	c, err := ci.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	me, err := c.Me(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("user      %s (%s)\n", me.Login, me.Name)
	shown := 0
	for p, err := range c.AllPipelines(ctx, slug, nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("pipeline  #%d %-8s %s %s\n", p.Number, p.State, p.CreatedAt.Format(time.RFC3339), p.VCS.Branch)
		if shown++; shown == *limit && *limit > 0 {
			break // no further page is fetched
		}
	}
	if *branch == "" {
		return
	}
	p, err := c.TriggerPipeline(ctx, slug, *branch)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("triggered #%d (%s) %s\n", p.Number, p.State, p.ID)
}
