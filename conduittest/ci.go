package conduittest

import "net/http"

// ciSecondPage is the next_page_token of list_pipelines.json.
const ciSecondPage = "AARLwwV7vPzXGZ3V2v3ThHzTmE1Ox1hqXWg5l8kNEHkEfS0-pXAH"

func init() {
	fakes["ci"] = &fake{
		creds: map[string]string{"api_token": "ct-ci-api-token-7Kq2"},
		answers: map[string]answer{
			// Two pages: the first names the second with its
			// next_page_token, sent back as page-token.
			"ListPipelines": {pick: func(r *http.Request, _ []byte) string {
				if r.URL.Query().Get("page-token") == ciSecondPage {
					return "list_pipelines_page2.json"
				}
				return "list_pipelines.json"
			}},
			"TriggerPipeline":  {fixture: "trigger_pipeline.json", status: http.StatusCreated},
			"PipelineByNumber": {fixture: "pipeline.json"},
			"CancelWorkflow":   {fixture: "cancel_workflow.json", status: http.StatusAccepted},
			"RerunWorkflow":    {fixture: "rerun_workflow.json", status: http.StatusAccepted},
		},
	}
}
