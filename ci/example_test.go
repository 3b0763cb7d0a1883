package ci_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/conduittest"
)

func Example() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()
	ctx := context.Background()

	c, err := ci.New(srv.Options("ci")...)
	if err != nil {
		log.Fatal(err)
	}
	slug, err := ci.ParseProjectSlug("gh/acme/api")
	if err != nil {
		log.Fatal(err)
	}
	page, err := c.ListPipelines(ctx, slug, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range page.Items {
		fmt.Printf("#%d %s on %s at %s\n", p.Number, p.State, p.VCS.Branch, p.VCS.Revision[:7])
	}
	p, err := c.TriggerPipeline(ctx, slug, "main")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("triggered #%d for %s: %s\n", p.Number, slug, p.State)
	// Output:
	// #130 created on main at 9c1e4b7
	// #129 errored on feature/retry-budget at 4a8f2c6
	// triggered #131 for gh/acme/api: pending
}

func ExampleClient_AllPipelines() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := ci.New(srv.Options("ci")...)
	if err != nil {
		log.Fatal(err)
	}
	slug := ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api"}
	for p, err := range c.AllPipelines(context.Background(), slug, nil) {
		if err != nil {
			log.Fatal(err)
		}
		if p.State == ci.PipelineErrored {
			fmt.Printf("#%d failed to start\n", p.Number)
			continue
		}
		fmt.Printf("#%d %s\n", p.Number, p.VCS.Branch)
	}
	// Output:
	// #130 main
	// #129 failed to start
	// #128 main
}
