module example.com/sunbot

go 1.26.0

require github.com/conduit-sdk/conduit v0.0.0

require (
	github.com/bartventer/httpcache v0.13.0 // indirect
	github.com/coder/websocket v1.8.15 // indirect
	github.com/go-json-experiment/json v1.27.2 // indirect
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	github.com/hashicorp/go-retryablehttp v0.7.8 // indirect
)

// This module stands outside conduit, as a user's code does; the replace
// points it at the conduit beside it instead of a published version.
replace github.com/conduit-sdk/conduit => ../..
