// Package conduittest fakes every service conduit speaks to, for the tests
// of code that uses conduit: one loopback server answers every operation of
// all 22 packages from fixtures embedded in this package, checking
// credentials exactly where each service's documentation puts them, so a
// test needs no network, no keys and no knowledge of wire paths.
//
//	func TestReport(t *testing.T) {
//		srv := conduittest.NewServer(t)
//		sun, _ := sunrise.New(srv.Options("sunrise")...)
//		chat, _ := chat.New(srv.Options("chat")...)
//
//		srv.On("chat", "CreateMessage").ReplyN(1, conduittest.Reply{Status: 429, Header: http.Header{"Retry-After": {"0"}}})
//		if err := myapp.Report(ctx, sun, chat); err != nil { // retried after the 429
//			t.Fatal(err)
//		}
//		sent := srv.Requests("chat", "CreateMessage")
//		// sent[1].Body holds what the code posted
//	}
//
// Each client is pointed at the server in one line: srv.Options(pkg) gives
// a package's base URLs and the fake credentials the server accepts, or
// srv.Setenv(t) sets every package's CONDUIT_* variables for the rest of
// the test, so clients built with no options find the server.
//
// Scripting, per operation (On): answer with a given status, headers and
// body; fail N times and then answer normally (ReplyN); delay; reset the
// connection; cut a stream after N events. Requests lists what the code
// sent to an operation: method, path, query, headers and body.
//
// For a stream built without any server, conduit.NewStream reads one from
// any io.Reader.
package conduittest
