package conduit_test

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httputil"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/inference"
)

// A middleware given to New wraps every call once, around the retries: it
// knows the operation, sees how many attempts the call took once next
// returns, and is handed the request without the API key, so logging it
// whole is safe.
func ExampleWithMiddleware() {
	srv := conduittest.Start()
	defer srv.Close()

	key := conduittest.Credential("inference", "api_key")
	audit := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		dump, _ := httputil.DumpRequest(req, false)
		resp, err := next(req)
		info := conduit.CallInfoOf(req.Context())
		fmt.Printf("%s.%s write=%v attempts=%d\n", info.Service, info.Operation, info.Write, info.Attempts)
		fmt.Println("key in the dump:", strings.Contains(string(dump), key))
		fmt.Println(strings.SplitN(string(dump), "\r\n", 2)[0])
		return resp, err
	}
	c, err := inference.New(append(srv.Options("inference"), conduit.WithMiddleware(audit))...)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := c.ListModels(context.Background()); err != nil {
		log.Fatal(err)
	}
	// Output:
	// inference.ListModels write=false attempts=1
	// key in the dump: false
	// GET /inference_url/v1/models HTTP/1.1
}
