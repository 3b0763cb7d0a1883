package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/museum"
)

func init() {
	packageCalls = append(packageCalls, func(t *testing.T, srv *conduittest.Server) map[string]opCall {
		met := newClient(t, museum.New, srv.Options("museum"))
		return map[string]opCall{
			"museum.Departments": {do: func(ctx context.Context) (any, error) {
				d, err := met.Departments(ctx)
				return field(d, func() any { return d.Departments[0].DisplayName }), err
			}},
			"museum.Objects": {do: func(ctx context.Context) (any, error) {
				r, err := met.Objects(ctx, &museum.ObjectsParams{DepartmentIDs: []int{11}})
				return field(r, func() any { return r.Total }), err
			}},
		}
	})
}
