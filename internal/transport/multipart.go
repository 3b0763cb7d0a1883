package transport

import (
	"cmp"
	"context"
	"errors"
	"io"
	"mime"
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
// else a form value (a JSON payload beside the files, say). Field,
// Filename and ContentType are written into the part's headers, so the
// core refuses any of them that holds a control character, and a
// ContentType that is not a media type, before the call sends anything.
type FormPart struct {
	Field, Filename string
	// ContentType is the part's type; "" sends the part without one.
	ContentType string
	Body        io.Reader
	// Names are what an ErrInvalidParam calls the texts above, when the
	// package knows them by other names than the headers do.
	Names PartNames
}

// PartNames are a package's names for a part's header texts, the fields
// its caller set ("files[0].name" for a chat File's Name). An empty one
// is the header's own word: "name", "filename", "Content-Type".
type PartNames struct{ Field, Filename, ContentType string }

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

// check refuses, before any I/O, a part header the caller's text would
// break: a control character ends the header line early (CR, LF: a second
// Content-Type or any header of the caller's choosing), or makes the part
// one a server cannot read (NUL, a lone CR); a content type that does not
// parse as a media type is not one. The error names the field as the
// part's Names give it.
func (m *Multipart) check(op *Op) error {
	for _, p := range m.parts {
		texts := [...]struct{ text, name string }{
			{p.Field, cmp.Or(p.Names.Field, "name")},
			{p.Filename, cmp.Or(p.Names.Filename, "filename")},
			{p.ContentType, cmp.Or(p.Names.ContentType, "Content-Type")},
		}
		for _, t := range texts {
			if i := controlByte(t.text); i >= 0 {
				return op.Invalid(t.name, "%.60q holds the control character %q, which a part header cannot carry", t.text, t.text[i])
			}
		}
		if p.ContentType != "" {
			if _, _, err := mime.ParseMediaType(p.ContentType); err != nil {
				return op.Invalid(texts[2].name, "%.60q is not a media type", p.ContentType)
			}
		}
	}
	return nil
}

// controlByte is the index of the first C0 control character (tab among
// them) or DEL in s, or -1.
func controlByte(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return i
		}
	}
	return -1
}

// headerQuoted escapes a Content-Disposition parameter value the way
// mime/multipart does: a backslash before each backslash and quote, and CR
// and LF percent-encoded (check has refused both already; the escape keeps
// the header whole should a part ever reach here unchecked).
var headerQuoted = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r", "%0D", "\n", "%0A")

// disposition is the Content-Disposition of a form part, a file's when
// filename is set, with the names escaped as mime/multipart escapes them
// (multipart.FileContentDisposition writes the file's the same way).
func disposition(field, filename string) string {
	if filename == "" {
		return `form-data; name="` + headerQuoted.Replace(field) + `"`
	}
	return `form-data; name="` + headerQuoted.Replace(field) + `"; filename="` + headerQuoted.Replace(filename) + `"`
}

// partsHookKey is the context key of WithPartsHook.
type partsHookKey struct{}

// WithPartsHook returns ctx carrying hook, which a call made with it runs
// on its upload's parts just before they are checked. It is the fault
// matrix's way to write hostile text into the part headers of every
// operation that uploads, so that an operation added later is tested
// without a line of its own; nothing outside tests sets it.
func WithPartsHook(ctx context.Context, hook func([]FormPart)) context.Context {
	return context.WithValue(ctx, partsHookKey{}, hook)
}
