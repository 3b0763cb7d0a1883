package ci_test

import (
	"context"
	"fmt"
	"log"
	"time"

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
	p, err := c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: "main"})
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

// Trigger a pipeline with parameters and wait for every workflow it runs.
func ExampleClient_WaitPipeline() {
	srv := conduittest.Start()
	defer srv.Close()
	ctx := context.Background()

	c, err := ci.New(srv.Options("ci")...)
	if err != nil {
		log.Fatal(err)
	}
	slug := ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api"}
	p, err := c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: "main", Parameters: map[string]any{"deploy": true}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("triggered #%d\n", p.Number)
	// The fake answers every pipeline id with pipeline #130, already over.
	done, err := c.WaitPipeline(ctx, "0f4e6a2c-31d5-4b8e-a7c9-5d2b1e8f3a70", nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, w := range done.Workflows {
		fmt.Printf("%s: %s\n", w.Name, w.Status)
	}
	fmt.Println("succeeded:", done.Succeeded())
	for _, w := range done.Failed {
		r, err := c.RerunWorkflow(ctx, w.ID, &ci.RerunWorkflowParams{FromFailed: true})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("rerunning %s from its failed jobs as %s\n", w.Name, r.WorkflowID)
	}
	// Output:
	// triggered #131
	// build-and-test: success
	// deploy: failed
	// succeeded: false
	// rerunning deploy from its failed jobs as 4d9a1e6c-2f7b-4b3d-8e5a-6c1f9b2d7e04
}

// From a pipeline number to the artifacts of its failed job.
func ExampleClient_JobArtifacts() {
	srv := conduittest.Start()
	defer srv.Close()
	ctx := context.Background()

	c, err := ci.New(srv.Options("ci")...)
	if err != nil {
		log.Fatal(err)
	}
	slug := ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api"}
	p, err := c.PipelineByNumber(ctx, slug, 130)
	if err != nil {
		log.Fatal(err)
	}
	flows, err := c.PipelineWorkflows(ctx, p.ID, nil)
	if err != nil {
		log.Fatal(err)
	}
	w, err := c.Workflow(ctx, flows.Items[1].ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("pipeline #%d, workflow %s: %s\n", p.Number, w.Name, w.Status)
	jobs, err := c.WorkflowJobs(ctx, w.ID, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, j := range jobs.Items {
		if j.Status != ci.JobFailed {
			continue
		}
		details, err := c.Job(ctx, slug, j.JobNumber)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("job %d %s failed after %v on %s\n", details.Number, details.Name, time.Duration(details.Duration)*time.Millisecond, details.Executor.Type)
		arts, err := c.JobArtifacts(ctx, slug, j.JobNumber, nil)
		if err != nil {
			log.Fatal(err)
		}
		for _, a := range arts.Items {
			fmt.Println("artifact", a.Path)
		}
	}
	// Output:
	// pipeline #130, workflow deploy: failed
	// job 413 deploy-production failed after 2m37.517s on docker
	// artifact test-results/junit.xml
	// artifact deploy/plan.txt
}

func ExampleClient_CancelWorkflow() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := ci.New(srv.Options("ci")...)
	if err != nil {
		log.Fatal(err)
	}
	m, err := c.CancelWorkflow(context.Background(), "8f3c2a6d-5e1b-4d7a-9c0e-2b6f4a8d1e53")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(m.Message)
	// Output:
	// Accepted.
}

func ExampleClient_Pipeline() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := ci.New(srv.Options("ci")...)
	if err != nil {
		log.Fatal(err)
	}
	p, err := c.Pipeline(context.Background(), "0f4e6a2c-31d5-4b8e-a7c9-5d2b1e8f3a70")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("#%d %s on %s\n", p.Number, p.State, p.VCS.Branch)
	// Output:
	// #130 created on main
}
