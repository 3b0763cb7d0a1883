package conduittest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/media"
)

func init() {
	packageCalls = append(packageCalls, mediaCalls)
}

// mediaCalls are the calls of media's Upload API, resource and search
// operations.
func mediaCalls(t *testing.T, srv *conduittest.Server) map[string]opCall {
	cdn := newClient(t, media.New, srv.Options("media"))
	ids := []string{"products/mug-blue", "products/teapot-white"}
	return map[string]opCall{
		"media.Upload": {do: func(ctx context.Context) (any, error) {
			a, err := cdn.Upload(ctx, media.FromReader("teapot.jpg", strings.NewReader("JPEG")), &media.UploadParams{PublicID: "products/teapot-white", Tags: []string{"products", "kitchen"}})
			return field(a, func() any { return a.SecureURL }), err
		}},
		"media.Destroy": {do: func(ctx context.Context) (any, error) {
			d, err := cdn.Destroy(ctx, "products/teapot-white", nil)
			return field(d, func() any { return d.Result }), err
		}},
		"media.AddTag": {do: func(ctx context.Context) (any, error) {
			r, err := cdn.AddTag(ctx, "sale", ids, nil)
			return field(r, func() any { return r.PublicIDs[0] }), err
		}},
		"media.RemoveTag": {do: func(ctx context.Context) (any, error) {
			r, err := cdn.RemoveTag(ctx, "sale", ids, nil)
			return field(r, func() any { return r.PublicIDs[1] }), err
		}},
		"media.Explicit": {do: func(ctx context.Context) (any, error) {
			a, err := cdn.Explicit(ctx, "products/teapot-white", &media.ExplicitParams{Eager: []string{"c_fill,h_200,w_300"}, Tags: []string{"products"}})
			return field(a, func() any { return a.Version }), err
		}},
		"media.Rename": {do: func(ctx context.Context) (any, error) {
			a, err := cdn.Rename(ctx, "products/mug-blue", "products/mug-red", nil)
			return field(a, func() any { return a.PublicID }), err
		}},
		"media.AddContext": {do: func(ctx context.Context) (any, error) {
			r, err := cdn.AddContext(ctx, map[string]string{"alt": "Kitchenware"}, ids, nil)
			return field(r, func() any { return r.PublicIDs[0] }), err
		}},
		"media.RemoveAllContext": {do: func(ctx context.Context) (any, error) {
			r, err := cdn.RemoveAllContext(ctx, ids, nil)
			return field(r, func() any { return r.PublicIDs[1] }), err
		}},
		"media.UpdateMetadata": {do: func(ctx context.Context) (any, error) {
			r, err := cdn.UpdateMetadata(ctx, map[string]string{"in_stock": "true"}, ids, nil)
			return field(r, func() any { return r.PublicIDs[0] }), err
		}},
		"media.Resource": {do: func(ctx context.Context) (any, error) {
			a, err := cdn.Resource(ctx, "products/mug-blue", nil)
			return field(a, func() any { return a.Bytes }), err
		}},
		"media.Search": {do: func(ctx context.Context) (any, error) {
			r, err := cdn.Search(ctx, &media.SearchParams{Expression: "resource_type:image AND tags=products", MaxResults: 2})
			return field(r, func() any { return r.TotalCount }), err
		}},
	}
}
