package transport

import (
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/textproto"
	"slices"
	"strings"
	"sync"
)

// ErrNotReplayable is the read error of a second attempt at an upload whose
// source cannot be rewound: the bytes were already consumed by the first.
var ErrNotReplayable = errors.New("upload body cannot be sent again: its reader is not an io.Seeker")

// Multipart is a multipart/form-data body of file parts and form values,
// each copied from a reader as the connection takes it: no file is ever
// held in memory. Wire it into a Request and stop it when the call returns:
//
//	m := transport.MultipartFile("file", "a.png", "image/png", f)
//	defer m.Stop(ctx)
//	req := &transport.Request{Upload: m.Body, ContentType: m.ContentType, Replayable: m.Replayable, …}
type Multipart struct {
	// ContentType is "multipart/form-data; boundary=…", for Request.ContentType.
	ContentType string
	// Replayable says whether Body can give the parts again, for
	// Request.Replayable: true when every part's reader is an io.Seeker
	// whose position can be read.
	Replayable bool

	boundary string
	parts    []FormPart
	values   int         // how many leading parts Fields added
	seekers  []io.Seeker // one a part, all set when Replayable
	offsets  []int64     // where each source started

	mu      sync.Mutex
	run     *multipartRun // the latest attempt's copy, nil before the first
	stopped bool
}

// FormPart is one part of a multipart body: a file when Filename is set,
// else a form value (a JSON payload beside the files, say).
type FormPart struct {
	Field, Filename string
	// ContentType is the part's type; "" sends the part without one.
	ContentType string
	Body        io.Reader
}

// MultipartFile prepares a body whose one part, named field, carries r as a
// file with the given name and content type.
func MultipartFile(field, filename, contentType string, r io.Reader) *Multipart {
	return MultipartForm(FormPart{Field: field, Filename: filename, ContentType: contentType, Body: r})
}

// MultipartForm prepares a body of parts, sent in order.
func MultipartForm(parts ...FormPart) *Multipart {
	m := &Multipart{
		boundary: multipart.NewWriter(io.Discard).Boundary(),
		parts:    parts,
	}
	m.Replayable = true
	for _, p := range parts {
		sk, ok := p.Body.(io.Seeker)
		var off int64
		var err error
		if ok {
			off, err = sk.Seek(0, io.SeekCurrent)
		}
		if !ok || err != nil {
			m.Replayable, m.seekers, m.offsets = false, nil, nil
			break
		}
		m.seekers, m.offsets = append(m.seekers, sk), append(m.offsets, off)
	}
	m.ContentType = "multipart/form-data; boundary=" + m.boundary
	return m
}

// Fields adds form values, given as name, value pairs (a model name, an
// option; a name may repeat), after the values already added and before
// every file, and returns m. Call it before the body is first read.
func (m *Multipart) Fields(pairs ...string) *Multipart {
	for i := 0; i+1 < len(pairs); i += 2 {
		at := m.values
		m.parts = slices.Insert(m.parts, at, FormPart{Field: pairs[i], Body: strings.NewReader(pairs[i+1])})
		if m.Replayable {
			m.seekers = slices.Insert(m.seekers, at, io.Seeker(m.parts[at].Body.(*strings.Reader)))
			m.offsets = slices.Insert(m.offsets, at, 0)
		}
		m.values++
	}
	return m
}

// Body returns one attempt's body, for Request.Upload. It starts copying at
// its first Read, so a body opened and closed unread (retryablehttp probes
// once) leaves the sources untouched. A later attempt stops the earlier
// one's copy and rewinds replayable sources to where they stood when
// MultipartForm was called; for any others its reads fail with
// ErrNotReplayable. Closing a body (net/http always does) stops its copy.
func (m *Multipart) Body() (io.Reader, error) { return &multipartBody{m: m}, nil }

// Stop ends the copy in progress, if any, and waits until the source is no
// longer read, so that the caller may reuse or close it once the call has
// returned: net/http may still be writing a body after its response
// arrived. If ctx ends first, Stop returns while the copy is still blocked
// in a Read of the source. Later attempts fail.
func (m *Multipart) Stop(ctx context.Context) {
	m.mu.Lock()
	m.stopped = true
	run := m.run
	m.mu.Unlock()
	if run == nil {
		return
	}
	run.pr.Close()
	select {
	case <-run.done:
	case <-ctx.Done():
	}
}

// multipartRun is one attempt's copying goroutine.
type multipartRun struct {
	pr   *io.PipeReader
	done chan struct{} // closed when the goroutine no longer touches the source
}

// start begins a copy of the source into a new pipe, first stopping and
// rewinding after an earlier attempt.
func (m *Multipart) start() (*io.PipeReader, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.stopped {
		return nil, io.ErrClosedPipe
	}
	if m.run != nil {
		if !m.Replayable {
			return nil, ErrNotReplayable
		}
		m.run.pr.Close()
		<-m.run.done
		for i, sk := range m.seekers {
			if _, err := sk.Seek(m.offsets[i], io.SeekStart); err != nil {
				return nil, err
			}
		}
	}
	pr, pw := io.Pipe()
	m.run = &multipartRun{pr: pr, done: make(chan struct{})}
	go m.copy(pw, m.run.done)
	return pr, nil
}

func (m *Multipart) copy(pw *io.PipeWriter, done chan<- struct{}) {
	defer close(done)
	mw := multipart.NewWriter(pw)
	err := mw.SetBoundary(m.boundary)
	for _, p := range m.parts {
		if err != nil {
			break
		}
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", disposition(p.Field, p.Filename))
		if p.ContentType != "" {
			h.Set("Content-Type", p.ContentType)
		}
		var part io.Writer
		if part, err = mw.CreatePart(h); err == nil {
			_, err = io.Copy(part, onlyReader{p.Body})
		}
	}
	if err == nil {
		err = mw.Close()
	}
	pw.CloseWithError(err) // nil: the reader sees io.EOF
}

// onlyReader hides a source's WriterTo, so io.Copy moves it in bounded
// chunks rather than in whatever sizes the source prefers.
type onlyReader struct{ io.Reader }

// multipartBody is one attempt's body. It starts its copy lazily, at the
// first Read, and a Close before that means it never starts.
type multipartBody struct {
	m      *Multipart
	mu     sync.Mutex
	pr     *io.PipeReader
	err    error
	closed bool
}

func (b *multipartBody) Read(p []byte) (int, error) {
	pr, err := b.begin()
	if err != nil {
		return 0, err
	}
	return pr.Read(p)
}

func (b *multipartBody) begin() (*io.PipeReader, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.closed:
		return nil, io.ErrClosedPipe
	case b.pr == nil && b.err == nil:
		b.pr, b.err = b.m.start()
	}
	return b.pr, b.err
}

// Close stops this attempt's copy; the source is left for a later attempt.
func (b *multipartBody) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	if b.pr != nil {
		b.pr.Close()
	}
	return nil
}

// disposition is the Content-Disposition of a form part, a file's when
// filename is set, with quotes and backslashes in the names escaped (Go
// 1.25 has the file's as multipart.FileContentDisposition; the module
// supports 1.24).
func disposition(field, filename string) string {
	esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	if filename == "" {
		return `form-data; name="` + esc.Replace(field) + `"`
	}
	return `form-data; name="` + esc.Replace(field) + `"; filename="` + esc.Replace(filename) + `"`
}
