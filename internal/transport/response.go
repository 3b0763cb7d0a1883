package transport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"time"
)

// errBodyCap bounds how much of an error body is read; errExcerpt how much
// of it an Error keeps.
const (
	errBodyCap = 64 << 10
	errExcerpt = 8 << 10
)

// pooledBufMax is the largest buffer kept for reuse between responses.
const pooledBufMax = 1 << 20

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// readCapped reads the whole body, failing once it passes max without
// reading further. A declared Content-Length over the cap fails unread.
func readCapped(resp *http.Response, max int64) ([]byte, bool, error) {
	if resp.ContentLength > max {
		return nil, false, ErrResponseTooLarge
	}
	if resp.ContentLength >= 0 {
		n := resp.ContentLength
		b := make([]byte, n, n+1)
		if _, err := io.ReadFull(resp.Body, b); err != nil {
			return nil, false, err
		}
		// Reading on to EOF (into the spare byte) hands the connection back
		// to the pool now, while we decode, instead of after; otherwise the
		// next call often finds no idle connection and dials.
		resp.Body.Read(b[n : n+1])
		return b, true, nil
	}
	return readUnsized(io.LimitReader(resp.Body, max+1), max)
}

// readUnsized reads a body of unknown length. Small bodies (the usual case)
// go through a pooled buffer and come out as one exact copy. A body past
// pooledBufMax is gathered in fixed chunks and joined once at the end, so
// the peak is about twice the body, where a doubling buffer reaches three
// times (old and new buffer during the last growth, then the copy).
func readUnsized(r io.Reader, max int64) ([]byte, bool, error) {
	buf := bufPool.Get().(*bytes.Buffer)
	defer bufPool.Put(buf)
	buf.Reset()
	n, err := buf.ReadFrom(io.LimitReader(r, pooledBufMax))
	if err != nil {
		return nil, false, err
	}
	if n < pooledBufMax {
		return bytes.Clone(buf.Bytes()), true, nil
	}
	chunks := [][]byte{bytes.Clone(buf.Bytes())}
	total := n
	for {
		chunk := make([]byte, pooledBufMax)
		k, err := io.ReadFull(r, chunk)
		total += int64(k)
		if total > max {
			return nil, false, ErrResponseTooLarge
		}
		if k > 0 {
			chunks = append(chunks, chunk[:k])
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, false, err
		}
	}
	out := make([]byte, 0, total)
	for i, c := range chunks {
		out = append(out, c...)
		chunks[i] = nil // let each chunk go as soon as it is copied
	}
	return out, true, nil
}

func (c *Client) decode(req *Request, resp *http.Response, red *redactor, out any) error {
	if out == nil {
		return nil
	}
	var b []byte
	var err error
	if resp.StatusCode != http.StatusNoContent { // 204 is an empty body: fine for lists, an error where a record was expected
		b, _, err = readCapped(resp, c.maxBytes)
	}
	switch {
	case err == ErrResponseTooLarge:
		return c.complete(req, red, &Error{Message: fmt.Sprintf("response body over the %d-byte cap", c.maxBytes), Err: err})
	case err != nil:
		return c.complete(req, red, &Error{Message: "reading the response body: " + err.Error(), Err: err})
	}
	withBody := func(e *Error) error {
		e.Body, e.BodyType = b, resp.Header.Get("Content-Type")
		return c.complete(req, red, e)
	}
	derr := DecodeJSON(b, out, func(err error, msg string) error {
		return withBody(&Error{Message: msg, Err: err})
	})
	// A failure body often changes a field's type ("results": ""), so the
	// failure verdict is read also after a type error, but not from a body
	// that is empty, null or not JSON at all.
	if f, ok := out.(Failer); ok && (derr == nil || isTypeError(derr)) {
		if code, msg, failed := f.Failure(); failed {
			return withBody(&Error{StatusCode: resp.StatusCode, Code: code, Message: msg, Err: ErrAPI})
		}
	}
	return derr
}

// DecodeJSON decodes a record into out and records its raw bytes: out itself
// when it embeds Raw, each element when it is a slice of such records. An
// empty body or a literal null where a record was expected is an error;
// for lists and maps it means none. fail builds the error.
func DecodeJSON(b []byte, out any, fail func(err error, msg string) error) error {
	t := bytes.TrimSpace(b)
	rv := reflect.ValueOf(out)
	kind := rv.Elem().Kind()
	if len(t) == 0 || bytes.Equal(t, []byte("null")) {
		if kind == reflect.Slice || kind == reflect.Map {
			return nil
		}
		return fail(ErrMalformedResponse, "empty or null body where a record was expected")
	}
	if rs, ok := out.(rawSetter); ok {
		if err := json.Unmarshal(b, out); err != nil {
			return fail(malformed(err), "decoding the response: "+err.Error())
		}
		rs.SetRaw(t)
		return nil
	}
	if kind == reflect.Slice && reflect.PointerTo(rv.Elem().Type().Elem()).Implements(rawSetterType) {
		var items []json.RawMessage
		if err := json.Unmarshal(b, &items); err != nil {
			return fail(malformed(err), "decoding the response: "+err.Error())
		}
		s := reflect.MakeSlice(rv.Elem().Type(), len(items), len(items))
		for i, it := range items {
			el := s.Index(i).Addr()
			if err := json.Unmarshal(it, el.Interface()); err != nil {
				return fail(malformed(err), fmt.Sprintf("decoding item %d of the response: %v", i, err))
			}
			el.Interface().(rawSetter).SetRaw(it)
		}
		rv.Elem().Set(s)
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fail(malformed(err), "decoding the response: "+err.Error())
	}
	return nil
}

func isTypeError(err error) bool {
	var typeErr *json.UnmarshalTypeError
	return errors.As(err, &typeErr)
}

// malformed wraps a decode error so that both errors.Is(ErrMalformedResponse)
// and errors.As(*json.UnmarshalTypeError) work.
func malformed(err error) error { return fmt.Errorf("%w: %w", ErrMalformedResponse, err) }

var rawSetterType = reflect.TypeFor[rawSetter]()

func excerpt(b []byte) []byte {
	if len(b) > errExcerpt {
		return b[:errExcerpt]
	}
	return b
}

var requestIDHeaders = []string{"X-Request-Id", "Request-Id", "X-Amzn-Requestid", "X-Trace-Id", "Cf-Ray"}

// errorFromResponse turns a non-2xx answer into an *Error, pulling a code
// and message out of the common JSON error shapes and keeping a redacted
// excerpt of anything else (HTML from a proxy, plain text, XML).
func errorFromResponse(resp *http.Response, red *redactor) *Error {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, errBodyCap))
	drainClose(resp.Body)
	e := &Error{
		StatusCode: resp.StatusCode,
		BodyType:   resp.Header.Get("Content-Type"),
		RetryAfter: retryAfterHeader(resp.Header, time.Now()),
	}
	for _, h := range requestIDHeaders {
		if v := resp.Header.Get(h); v != "" {
			e.RequestID = v
			break
		}
	}
	safe := red.bytes(b)
	e.Body = excerpt(safe)
	if isJSON(e.BodyType, safe) {
		// Redact again after decoding: JSON escapes (\/, \u00e9) can hide
		// a secret from the raw-byte pass.
		code, msg := ProviderError(safe)
		e.Code, e.Message = red.string(code), red.string(msg)
	}
	if e.Message == "" {
		e.Message = textExcerpt(e.BodyType, safe)
	}
	return e
}

func isJSON(contentType string, b []byte) bool {
	mt, _, _ := mime.ParseMediaType(contentType)
	if strings.HasSuffix(mt, "json") {
		return true
	}
	t := bytes.TrimSpace(b)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// textExcerpt gives a short message for a plain-text body; HTML and other
// markup stay in Body only, since their text is rarely the answer.
func textExcerpt(contentType string, b []byte) string {
	mt, _, _ := mime.ParseMediaType(contentType)
	t := bytes.TrimSpace(b)
	if mt != "text/plain" || len(t) == 0 {
		return ""
	}
	if len(t) > 200 {
		t = append(t[:200:200], "…"...)
	}
	return string(t)
}

// ProviderError pulls a code and message out of the error bodies providers
// send: {"error":{"message","code"|"type"}}, {"error":"…","message":"…"},
// {"code","message"}, {"msg"}, {"error-type"}, {"errors":[{"message"}]}.
func ProviderError(b []byte) (code, msg string) {
	var v map[string]json.RawMessage
	if json.Unmarshal(b, &v) != nil {
		return "", ""
	}
	var errStr string // "error" as a bare string: a code, or the only message
	str := func(r json.RawMessage) string {
		var s string
		if json.Unmarshal(r, &s) == nil {
			return s
		}
		var n json.Number
		if json.Unmarshal(r, &n) == nil {
			return n.String()
		}
		return ""
	}
	if e, ok := v["error"]; ok {
		var inner map[string]json.RawMessage
		if json.Unmarshal(e, &inner) == nil {
			for _, k := range []string{"code", "type", "status"} {
				if code == "" {
					code = str(inner[k])
				}
			}
			msg = str(inner["message"])
		} else {
			errStr = str(e)
		}
	}
	if errs, ok := v["errors"]; ok && msg == "" {
		var list []struct {
			ID      string `json:"id"`
			Message string `json:"message"`
		}
		if json.Unmarshal(errs, &list) == nil && len(list) > 0 {
			code, msg = list[0].ID, list[0].Message
		}
	}
	for _, k := range []string{"code", "error_code", "error-type", "error_type", "type", "status"} {
		if code == "" {
			code = str(v[k])
		}
	}
	for _, k := range []string{"message", "msg", "error_message", "error_description", "detail", "status_message"} {
		if msg == "" {
			msg = str(v[k])
		}
	}
	if errStr != "" {
		// A sentence with nothing else to say is the message; otherwise
		// the string names the error.
		if msg == "" && strings.ContainsAny(errStr, " \t") {
			msg = errStr
		} else if code == "" {
			code = errStr
		}
	}
	return code, msg
}
