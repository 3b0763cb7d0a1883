package transport

import (
	"errors"
	"io"
	"mime/multipart"
	"net/textproto"
	"sync"
)

// ErrNotReplayable is the read error of a second attempt at an upload whose
// source cannot be rewound: the bytes were already consumed by the first.
var ErrNotReplayable = errors.New("upload body cannot be sent again: its reader is not an io.Seeker")

// MultipartFile streams a multipart/form-data body holding one file part,
// named field, with the given file name and content type, copied from r as
// the connection takes it: the file is never held in memory. It returns what
// Request.Upload, Request.ContentType and Request.Replayable need:
//
//	req.Upload, req.ContentType, req.Replayable = transport.MultipartFile("file", "a.png", "image/png", f)
//
// Each body reader starts copying at its first Read, so a reader that is
// opened and closed unread (retryablehttp probes the body once) leaves r
// untouched. When r is an io.Seeker whose position can be read, a later
// attempt stops the earlier one's copy and rewinds r to where it was at this
// call; otherwise a second attempt fails with ErrNotReplayable. Closing a
// body reader (net/http always does) ends its goroutine once r's current Read
// returns.
func MultipartFile(field, filename, contentType string, r io.Reader) (body func() (io.Reader, error), formContentType string, replayable bool) {
	s := &multipartSource{
		field:       field,
		filename:    filename,
		contentType: contentType,
		boundary:    multipart.NewWriter(io.Discard).Boundary(),
		src:         r,
	}
	if sk, ok := r.(io.Seeker); ok {
		if off, err := sk.Seek(0, io.SeekCurrent); err == nil {
			s.seeker, s.offset = sk, off
		}
	}
	return s.open, "multipart/form-data; boundary=" + s.boundary, s.seeker != nil
}

// multipartSource is the shared state of every attempt's body: the source
// may be read by at most one copying goroutine at a time.
type multipartSource struct {
	field, filename, contentType, boundary string

	src    io.Reader
	seeker io.Seeker // nil unless the source can be rewound
	offset int64     // where the source started

	mu  sync.Mutex
	run *multipartRun // the latest attempt's copy, nil before the first
}

// multipartRun is one attempt's copying goroutine.
type multipartRun struct {
	pr   *io.PipeReader
	done chan struct{} // closed when the goroutine no longer touches the source
}

func (s *multipartSource) open() (io.Reader, error) { return &multipartBody{s: s}, nil }

// start begins a copy of the source into a new pipe, first stopping and
// rewinding after an earlier attempt.
func (s *multipartSource) start() (*io.PipeReader, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.run != nil {
		if s.seeker == nil {
			return nil, ErrNotReplayable
		}
		s.run.pr.Close()
		<-s.run.done
		if _, err := s.seeker.Seek(s.offset, io.SeekStart); err != nil {
			return nil, err
		}
	}
	pr, pw := io.Pipe()
	s.run = &multipartRun{pr: pr, done: make(chan struct{})}
	go s.copy(pw, s.run.done)
	return pr, nil
}

func (s *multipartSource) copy(pw *io.PipeWriter, done chan<- struct{}) {
	defer close(done)
	mw := multipart.NewWriter(pw)
	err := mw.SetBoundary(s.boundary)
	var part io.Writer
	if err == nil {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", multipart.FileContentDisposition(s.field, s.filename))
		h.Set("Content-Type", s.contentType)
		part, err = mw.CreatePart(h)
	}
	if err == nil {
		_, err = io.Copy(part, onlyReader{s.src})
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
	s      *multipartSource
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
		b.pr, b.err = b.s.start()
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
