package replay

import "net/http"

// ciSecondPage is the next_page_token of list_pipelines.json.
const ciSecondPage = "AARLwwV7vPzXGZ3V2v3ThHzTmE1Ox1hqXWg5l8kNEHkEfS0-pXAH"

func init() {
	auth := []Place{{Cred: "api_token", In: InHeader, Name: "Ci-Token"}}
	const pipelines = "/project/{vcs_prefix}/{org}/{repo}/pipeline"
	Register(Package{
		Name:        "ci",
		Bases:       []string{"ci_url"},
		Credentials: map[string]string{"api_token": "rp-ci-api-token-7Kq2"},
		Routes: []Route{
			{Base: "ci_url", Method: "GET", Path: "/me", Fixture: "me.json", Auth: auth},
			{
				// Two pages: the first names the second with its
				// next_page_token, sent back as page-token.
				Base: "ci_url", Method: "GET", Path: pipelines, Auth: auth,
				Pick: func(r *http.Request, _ []byte) string {
					if r.URL.Query().Get("page-token") == ciSecondPage {
						return "list_pipelines_page2.json"
					}
					return "list_pipelines.json"
				},
			},
			{Base: "ci_url", Method: "POST", Path: pipelines, Fixture: "trigger_pipeline.json", Status: 201, Auth: auth},
		},
	})
}
