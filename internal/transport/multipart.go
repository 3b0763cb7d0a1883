package transport

import (
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/textproto"
	"strings"
	"sync"
)

// ErrNotReplayable is the read error of a second attempt at an upload whose
// source cannot be rewound: the bytes were already consumed by the first.
var ErrNotReplayable = errors.New("upload body cannot be sent again: its reader is not an io.Seeker")

// Multipart is a multipart/form-data body holding one file part, copied
// from a reader as the connection takes it: the file is never held in
// memory. Wire it into a Request and stop it when the call returns:
//
//	m := transport.MultipartFile("file", "a.png", "image/png", f)
//	defer m.Stop(ctx)
//	req := &transport.Request{Upload: m.Body, ContentType: m.ContentType, Replayable: m.Replayable, …}
type Multipart struct {
	// ContentType is "multipart/form-data; boundary=…", for Request.ContentType.
	ContentType string
	// Replayable says whether Body can give the file again, for
	// Request.Replayable: true when the reader is an io.Seeker whose
	// position can be read.
	Replayable bool
	// Fields are name, value pairs sent as text parts before the file, for
	// a form that takes settings beside it. Set them before the call.
	Fields []string

	field, filename, partType, boundary string

	src    io.Reader
	seeker io.Seeker // nil unless the source can be rewound
	offset int64     // where the source started

	mu      sync.Mutex
	run     *multipartRun // the latest attempt's copy, nil before the first
	stopped bool
}

// MultipartFile prepares a body whose one part, named field, carries r as a
// file with the given name and content type.
func MultipartFile(field, filename, contentType string, r io.Reader) *Multipart {
	m := &Multipart{
		field:    field,
		filename: filename,
		partType: contentType,
		boundary: multipart.NewWriter(io.Discard).Boundary(),
		src:      r,
	}
	if sk, ok := r.(io.Seeker); ok {
		if off, err := sk.Seek(0, io.SeekCurrent); err == nil {
			m.seeker, m.offset = sk, off
		}
	}
	m.ContentType = "multipart/form-data; boundary=" + m.boundary
	m.Replayable = m.seeker != nil
	return m
}

// Body returns one attempt's body, for Request.Upload. It starts copying at
// its first Read, so a body opened and closed unread (retryablehttp probes
// once) leaves the source untouched. A later attempt stops the earlier
// one's copy and rewinds a replayable source to where it stood when
// MultipartFile was called; for any other source its reads fail with
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
		if m.seeker == nil {
			return nil, ErrNotReplayable
		}
		m.run.pr.Close()
		<-m.run.done
		if _, err := m.seeker.Seek(m.offset, io.SeekStart); err != nil {
			return nil, err
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
	for i := 0; err == nil && i+1 < len(m.Fields); i += 2 {
		err = mw.WriteField(m.Fields[i], m.Fields[i+1])
	}
	var part io.Writer
	if err == nil {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fileDisposition(m.field, m.filename))
		h.Set("Content-Type", m.partType)
		part, err = mw.CreatePart(h)
	}
	if err == nil {
		_, err = io.Copy(part, onlyReader{m.src})
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

// fileDisposition is the Content-Disposition of a form file part, with
// quotes and backslashes in the names escaped (Go 1.25 has this as
// multipart.FileContentDisposition; the module supports 1.24).
func fileDisposition(field, filename string) string {
	esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `form-data; name="` + esc.Replace(field) + `"; filename="` + esc.Replace(filename) + `"`
}
