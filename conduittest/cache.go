package conduittest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"time"
)

// cachePolicy is what a service's 2xx answers to GET say about caching, as
// the real service sends it, so that conduit.WithCache behaves under the
// fake as against the service.
type cachePolicy struct {
	// control is the Cache-Control header.
	control string
	// expires, when set, is sent as Expires, that long after the answer.
	expires time.Duration
	// etag sends an ETag of the body and answers a matching If-None-Match
	// with 304 Not Modified.
	etag bool
}

// cachePolicies are the services whose caching headers are known from
// their own source:
//   - fxref: Frankfurter sends "public, max-age=86400" and an ETag of the
//     quote on every rates and currencies answer (no-store on errors);
//   - pkgstats: jsDelivr's data API sends "public, max-age=N" (300 s for
//     answers that may change, a day or a year for resolved versions) and
//     an ETag of the body (koa-etag); the fake sends the short one;
//   - explorer: mempool.space sends "Cache-Control: public" and Expires a
//     minute ahead (30 days for confirmed blocks and transactions; the
//     fake sends the minute).
var cachePolicies = map[string]cachePolicy{
	"fxref":    {control: "public, max-age=86400", etag: true},
	"pkgstats": {control: "public, max-age=300", etag: true},
	"explorer": {control: "public", expires: time.Minute},
}

// cacheWriter adds a policy's headers to a 2xx answer to a GET, unless the
// answer (or a script's Header) set them already. With an ETag it holds the
// body until the answer is complete.
type cacheWriter struct {
	http.ResponseWriter
	req    *http.Request
	policy cachePolicy
	status int
	body   bytes.Buffer
}

func withCache(w http.ResponseWriter, r *http.Request, pkg string) (http.ResponseWriter, func()) {
	p, ok := cachePolicies[pkg]
	if !ok || r.Method != http.MethodGet {
		return w, func() {}
	}
	cw := &cacheWriter{ResponseWriter: w, req: r, policy: p}
	return cw, cw.finish
}

func (w *cacheWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *cacheWriter) WriteHeader(status int) {
	if w.status != 0 {
		return
	}
	w.status = status
	if status < 200 || status > 299 {
		w.policy = cachePolicy{}
		w.ResponseWriter.WriteHeader(status)
		return
	}
	h := w.Header()
	if h.Get("Cache-Control") == "" && w.policy.control != "" {
		h.Set("Cache-Control", w.policy.control)
	}
	if h.Get("Expires") == "" && w.policy.expires > 0 {
		h.Set("Expires", time.Now().Add(w.policy.expires).UTC().Format(http.TimeFormat))
	}
	if !w.policy.etag {
		w.ResponseWriter.WriteHeader(status)
	}
}

func (w *cacheWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.policy.etag {
		return w.body.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

// finish sends a held body, with its ETag, or 304 for a request that
// already has it.
func (w *cacheWriter) finish() {
	if !w.policy.etag || w.status == 0 {
		return
	}
	h := w.Header()
	if h.Get("ETag") == "" {
		sum := sha256.Sum256(w.body.Bytes())
		h.Set("ETag", `W/"`+hex.EncodeToString(sum[:8])+`"`)
	}
	if inm := w.req.Header.Get("If-None-Match"); inm != "" && inm == h.Get("ETag") {
		h.Del("Content-Length")
		w.ResponseWriter.WriteHeader(http.StatusNotModified)
		return
	}
	w.ResponseWriter.WriteHeader(w.status)
	w.ResponseWriter.Write(w.body.Bytes())
}
