package conduit_test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
)

func TestErrorText(t *testing.T) {
	for _, tc := range []struct {
		e    *conduit.Error
		want string
	}{
		{&conduit.Error{Service: "noderpc", Op: "Call", Endpoint: "POST /v2", Code: "-32601", Message: "method not found"},
			"noderpc.Call: POST /v2: [-32601]: method not found"},
		{&conduit.Error{Service: "s", Op: "Get", Endpoint: "GET /x", StatusCode: 404, Code: "not_found", Message: "gone"},
			"s.Get: GET /x: 404 Not Found [not_found]: gone"},
		{&conduit.Error{Service: "maps", Op: "Geocode", Endpoint: "GET /json", StatusCode: 400, Code: "INVALID_ARGUMENT", Reason: "API_KEY_INVALID", Message: "bad key"},
			"maps.Geocode: GET /json: 400 Bad Request [INVALID_ARGUMENT API_KEY_INVALID]: bad key"},
		{&conduit.Error{Service: "s", Op: "Get", Field: "id", Message: "must not be empty", Err: conduit.ErrInvalidParam},
			"s.Get: invalid parameter id: must not be empty"},
		{&conduit.Error{Service: "s", Op: "Get", Endpoint: "GET /x", StatusCode: 429, RetryAfter: 2 * time.Second, Attempts: 3},
			"s.Get: GET /x: 429 Too Many Requests (retry after 2s) (after 3 attempts)"},
		{&conduit.Error{Service: "s", Op: "Get", Endpoint: "GET /x", Err: errors.New("dial tcp: refused")},
			"s.Get: GET /x: dial tcp: refused"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
}

// errors.Is follows the profile's verdict when there is one, and the
// status when there is none (an error a test double builds by hand).
func TestErrorIs(t *testing.T) {
	byStatus := &conduit.Error{StatusCode: http.StatusNotFound}
	if !errors.Is(byStatus, conduit.ErrNotFound) || !errors.Is(byStatus, conduit.ErrAPI) {
		t.Error("a bare 404 is ErrNotFound and ErrAPI")
	}
	// Plaid's INVALID_API_KEYS under 400 is unauthorized, not a plain API error.
	classified := &conduit.Error{StatusCode: 400, Code: "INVALID_API_KEYS", Err: conduit.ErrUnauthorized}
	if !errors.Is(classified, conduit.ErrUnauthorized) || errors.Is(classified, conduit.ErrNotFound) {
		t.Error("the profile's kind decides")
	}
	// A 404 the profile read as a rate limit is not also "not found".
	overridden := &conduit.Error{StatusCode: 404, Err: conduit.ErrRateLimited}
	if errors.Is(overridden, conduit.ErrNotFound) || !errors.Is(overridden, conduit.ErrRateLimited) {
		t.Error("the profile's verdict replaces the status's")
	}
	input := &conduit.Error{Field: "id", Err: conduit.ErrInvalidParam}
	if errors.Is(input, conduit.ErrAPI) {
		t.Error("bad input is not the service's failure")
	}
	type detail struct{ error }
	d := detail{errors.New("rpc")}
	withDetail := &conduit.Error{StatusCode: 200, Code: "-32000", Err: conduit.ErrAPI, Detail: d}
	var got detail
	if !errors.As(withDetail, &got) || !errors.Is(withDetail, conduit.ErrAPI) {
		t.Error("Unwrap reaches both the cause and the detail")
	}
}

func TestErrorGoStringPrintsCausesAsText(t *testing.T) {
	e := &conduit.Error{Service: "s", Message: "m", Err: conduit.ErrNotFound, Detail: errors.New("d")}
	got := fmt.Sprintf("%#v", e)
	want := `&conduit.Error{Service:"s", Op:"", Endpoint:"", URL:"", StatusCode:0, Code:"", Reason:"", Message:"m", Field:"", RequestID:"", RetryAfter:0, Attempts:0, Body:"", BodyType:"", Detail:"d", Err:"not found"}`
	if got != want {
		t.Errorf("%%#v = %s", got)
	}
}
