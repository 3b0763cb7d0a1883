// Command ci shows who the token belongs to, lists a project's pipelines
// across pages and, with -trigger, starts one; with -wait it then waits for
// the pipeline's workflows to end and lists those that failed.
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
	wait := flag.Duration("wait", 0, "after -trigger, wait this long at most for the pipeline to end (0: do not wait)")
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
	p, err := c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: *branch})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("triggered #%d (%s) %s\n", p.Number, p.State, p.ID)
	if *wait <= 0 {
		return
	}
	wctx, wcancel := context.WithTimeout(context.Background(), *wait)
	defer wcancel()
	done, err := c.WaitPipeline(wctx, p.ID, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, w := range done.Failed {
		fmt.Printf("failed    %s (%s)\n", w.Name, w.Status)
	}
	fmt.Printf("succeeded %t\n", done.Succeeded())
}
