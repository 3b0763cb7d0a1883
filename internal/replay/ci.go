package replay

func init() {
	auth := []Place{{Cred: "api_token", In: InHeader, Name: "Ci-Token"}}
	const pipelines = "/project/{vcs_prefix}/{org}/{repo}/pipeline"
	Register(Package{
		Name:        "ci",
		Bases:       []string{"ci_url"},
		Credentials: map[string]string{"api_token": "rp-ci-api-token-7Kq2"},
		Routes: []Route{
			{Base: "ci_url", Method: "GET", Path: "/me", Fixture: "me.json", Auth: auth},
			{Base: "ci_url", Method: "GET", Path: pipelines, Fixture: "list_pipelines.json", Auth: auth},
			{Base: "ci_url", Method: "POST", Path: pipelines, Fixture: "trigger_pipeline.json", Status: 201, Auth: auth},
		},
	})
}
