package transport

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// countingReader is a source that is not an io.Seeker and counts the bytes
// taken from it.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// filePart parses a multipart body and returns its single part's field
// name, file name, content type and content.
func filePart(t *testing.T, formType string, body io.Reader) (field, filename, ctype string, data []byte) {
	t.Helper()
	mt, params, err := mime.ParseMediaType(formType)
	require.NoError(t, err)
	require.Equal(t, "multipart/form-data", mt)
	mr := multipart.NewReader(body, params["boundary"])
	p, err := mr.NextPart()
	require.NoError(t, err)
	data, err = io.ReadAll(p)
	require.NoError(t, err)
	_, err = mr.NextPart()
	require.ErrorIs(t, err, io.EOF, "exactly one part")
	return p.FormName(), p.FileName(), p.Header.Get("Content-Type"), data
}

func TestMultipartFileBody(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789abcdef"), 10000)
	m := MultipartFile("image_file", `we"ird.png`, "image/png", &countingReader{r: bytes.NewReader(data)})
	assert.False(t, m.Replayable, "a plain io.Reader cannot be replayed")
	r, err := m.Body()
	require.NoError(t, err)
	field, name, ctype, got := filePart(t, m.ContentType, r)
	assert.Equal(t, "image_file", field)
	assert.Equal(t, `we"ird.png`, name)
	assert.Equal(t, "image/png", ctype)
	assert.Equal(t, data, got)
}

func TestMultipartFileStartsAtFirstRead(t *testing.T) {
	src := &countingReader{r: bytes.NewReader([]byte("payload"))}
	m := MultipartFile("f", "a.bin", "application/octet-stream", src)
	body, ct := m.Body, m.ContentType

	probe, err := body()
	require.NoError(t, err)
	require.NoError(t, probe.(io.Closer).Close())
	assert.Zero(t, src.n.Load(), "a body closed unread must not touch the source")
	_, err = probe.Read(make([]byte, 8))
	assert.ErrorIs(t, err, io.ErrClosedPipe)

	first, err := body()
	require.NoError(t, err)
	_, _, _, got := filePart(t, ct, first)
	assert.Equal(t, "payload", string(got))

	second, err := body()
	require.NoError(t, err)
	_, err = second.Read(make([]byte, 8))
	assert.ErrorIs(t, err, ErrNotReplayable, "the source was consumed by the first attempt")
}

func TestMultipartFileReplaysSeeker(t *testing.T) {
	data := bytes.Repeat([]byte("xyz"), 50000)
	src := bytes.NewReader(append([]byte("HDR"), data...))
	_, err := src.Seek(3, io.SeekStart) // the caller already consumed a header
	require.NoError(t, err)
	m := MultipartFile("f", "a.bin", "application/octet-stream", src)
	require.True(t, m.Replayable)
	body, ct := m.Body, m.ContentType

	first, err := body()
	require.NoError(t, err)
	_, err = io.ReadFull(first, make([]byte, 1000))
	require.NoError(t, err)

	second, err := body()
	require.NoError(t, err)
	_, _, _, got := filePart(t, ct, second)
	assert.Equal(t, data, got, "the replay starts where the source stood when the body was made")

	_, err = io.ReadAll(first)
	assert.ErrorIs(t, err, io.ErrClosedPipe, "a later attempt stops the earlier copy")
}

type unseekable struct{ io.Reader }

func (unseekable) Seek(int64, int) (int64, error) { return 0, errors.New("illegal seek") }

func TestMultipartFileSeekerThatCannotSeek(t *testing.T) {
	m := MultipartFile("f", "a", "text/plain", unseekable{bytes.NewReader(nil)})
	assert.False(t, m.Replayable, "a pipe behind an *os.File is a Seeker that cannot seek")
}

func TestMultipartFileCloseEndsCopy(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	m := MultipartFile("f", "a", "text/plain", pr)
	r, err := m.Body()
	require.NoError(t, err)
	go pw.Write(bytes.Repeat([]byte("a"), 1<<20))
	_, err = io.ReadFull(r, make([]byte, 512))
	require.NoError(t, err)
	require.NoError(t, r.(io.Closer).Close())
	<-m.run.done // the goroutine exits although most of the source is unread
}

func TestMultipartStopWaitsForTheCopy(t *testing.T) {
	src := &countingReader{r: bytes.NewReader(bytes.Repeat([]byte("z"), 1<<20))}
	m := MultipartFile("f", "a", "text/plain", src)
	r, err := m.Body()
	require.NoError(t, err)
	_, err = io.ReadFull(r, make([]byte, 4096)) // the copy is now running, blocked on the pipe
	require.NoError(t, err)
	m.Stop(context.Background())
	n := src.n.Load()
	assert.Less(t, n, int64(1<<20))
	_, err = r.Read(make([]byte, 10))
	assert.Error(t, err, "the stopped attempt's body fails")
	next, err := m.Body()
	require.NoError(t, err)
	_, err = next.Read(make([]byte, 10))
	assert.ErrorIs(t, err, io.ErrClosedPipe, "no attempt starts after Stop")
	assert.Equal(t, n, src.n.Load(), "the source is never read after Stop returns")

	m = MultipartFile("f", "a", "text/plain", src)
	m.Stop(context.Background()) // never started: nothing to wait for
}

// blockedReader signals its first Read, then blocks until released.
type blockedReader struct {
	entered, release chan struct{}
	once             sync.Once
}

func (b *blockedReader) Read(p []byte) (int, error) {
	b.once.Do(func() { close(b.entered) })
	<-b.release
	return 0, io.EOF
}

func TestMultipartStopGivesUpWithTheContext(t *testing.T) {
	src := &blockedReader{entered: make(chan struct{}), release: make(chan struct{})}
	defer close(src.release)
	m := MultipartFile("f", "a", "text/plain", src)
	r, err := m.Body()
	require.NoError(t, err)
	go io.Copy(io.Discard, r)
	<-src.entered // the copy is blocked in a Read of the source
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m.Stop(ctx) // returns although that Read never does
}

func TestMultipartFileSourceError(t *testing.T) {
	boom := errors.New("disk on fire")
	src := io.MultiReader(bytes.NewReader([]byte("some bytes")), &failingReader{err: boom})
	r, err := MultipartFile("f", "a", "text/plain", src).Body()
	require.NoError(t, err)
	_, err = io.ReadAll(r)
	assert.ErrorIs(t, err, boom)
}

type failingReader struct{ err error }

func (f *failingReader) Read([]byte) (int, error) { return 0, f.err }

// uploadServer answers 429 to the first upload and 200 to later ones,
// recording each file it received.
type uploadServer struct {
	mu    sync.Mutex
	files [][]byte
}

func (u *uploadServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, _, err := r.FormFile("file")
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	b, _ := io.ReadAll(f)
	u.mu.Lock()
	u.files = append(u.files, b)
	n := len(u.files)
	u.mu.Unlock()
	if n == 1 {
		w.WriteHeader(http.StatusTooManyRequests)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{}`))
}

var uploadOp = Op{Name: "Upload", Method: "POST", Path: "/upload", Write: true}

func upload(c *Client, src io.Reader) error {
	return send(bg, c, uploadOp, Call{Upload: MultipartFile("file", "f.bin", "application/octet-stream", src)})
}

func testClient(t *testing.T, base string, opts ...conduit.Option) *Client {
	t.Helper()
	opts = append([]conduit.Option{conduit.WithBaseURL(base), conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond)}, opts...)
	return newClient(t, &Service{Name: "up", Bases: []Base{{Name: "up_url"}}}, opts...)
}

func TestUploadRetriedAfter429OnlyWhenReplayable(t *testing.T) {
	data := bytes.Repeat([]byte("q"), 100000)

	u := &uploadServer{}
	srv := httptest.NewServer(u)
	defer srv.Close()
	c := testClient(t, srv.URL)
	require.NoError(t, upload(c, bytes.NewReader(data)))
	require.Len(t, u.files, 2)
	assert.Equal(t, data, u.files[0])
	assert.Equal(t, data, u.files[1], "the retry sends the whole file again")

	u2 := &uploadServer{}
	srv2 := httptest.NewServer(u2)
	defer srv2.Close()
	c2 := testClient(t, srv2.URL)
	err := upload(c2, &countingReader{r: bytes.NewReader(data)})
	assert.ErrorIs(t, err, conduit.ErrRateLimited)
	assert.Equal(t, 1, asError(t, err).Attempts, "a one-shot reader is never sent twice")
	assert.Len(t, u2.files, 1)
}

// dialFailOnce fails its first round trip as a refused dial would, then
// passes requests on.
type dialFailOnce struct{ failed atomic.Bool }

func (d *dialFailOnce) RoundTrip(req *http.Request) (*http.Response, error) {
	if !d.failed.Swap(true) {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	}
	return http.DefaultTransport.RoundTrip(req)
}

func TestUploadRetriedAfterDialFailure(t *testing.T) {
	var got []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, _, err := r.FormFile("file")
		require.NoError(t, err)
		got, _ = io.ReadAll(f)
		w.Write([]byte(`{}`))
	}))
	defer srv.Close()
	c := testClient(t, srv.URL, conduit.WithHTTPClient(&http.Client{Transport: &dialFailOnce{}}))
	require.NoError(t, upload(c, bytes.NewReader([]byte("abc"))))
	assert.Equal(t, "abc", string(got))

	c2 := testClient(t, srv.URL, conduit.WithHTTPClient(&http.Client{Transport: &dialFailOnce{}}))
	err := upload(c2, &countingReader{r: bytes.NewReader([]byte("abc"))})
	require.Error(t, err, "a one-shot upload gets one attempt")
	assert.Equal(t, 1, asError(t, err).Attempts)
}

// Text fields go before the file, in order, a repeated name kept twice, and
// a replayed body sends them again.
func TestMultipartFieldsPrecedeTheFile(t *testing.T) {
	m := MultipartFile("file", "a.wav", "audio/wav", bytes.NewReader([]byte("RIFF")))
	m.Fields("model", "whisper-large-v3", "timestamp_granularities[]", "word", "timestamp_granularities[]", "segment")
	for attempt := range 2 {
		r, err := m.Body()
		require.NoError(t, err)
		mt, params, err := mime.ParseMediaType(m.ContentType)
		require.NoError(t, err)
		require.Equal(t, "multipart/form-data", mt)
		mr := multipart.NewReader(r, params["boundary"])
		var got []string
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			b, err := io.ReadAll(p)
			require.NoError(t, err)
			got = append(got, p.FormName()+"="+string(b)+"|"+p.FileName())
		}
		assert.Equal(t, []string{"model=whisper-large-v3|", "timestamp_granularities[]=word|",
			"timestamp_granularities[]=segment|", "file=RIFF|a.wav"}, got, "attempt %d", attempt)
	}
	m.Stop(context.Background())
}

// A form without a file holds its fields alone and is sent whole again.
func TestMultipartFormWithoutAFile(t *testing.T) {
	m := MultipartForm().Fields("model", "whisper-large-v3", "url", "https://example.com/a.mp3")
	assert.True(t, m.Replayable)
	for attempt := range 2 {
		r, err := m.Body()
		require.NoError(t, err)
		_, params, err := mime.ParseMediaType(m.ContentType)
		require.NoError(t, err)
		mr := multipart.NewReader(r, params["boundary"])
		var got []string
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			b, err := io.ReadAll(p)
			require.NoError(t, err)
			assert.Empty(t, p.FileName())
			got = append(got, p.FormName()+"="+string(b))
		}
		assert.Equal(t, []string{"model=whisper-large-v3", "url=https://example.com/a.mp3"}, got, "attempt %d", attempt)
	}
	m.Stop(context.Background())
}
