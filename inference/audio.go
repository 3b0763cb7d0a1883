package inference

import (
	"context"
	"io"
	"mime"
	"path/filepath"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Transcribing audio changes nothing on the server: the uploads are reads,
// sent again after a failure only when the file can be rewound (an
// io.Seeker). A transcript asked for as text comes back as text/plain.
var (
	transcriptionOp = transport.Declare(service, transport.Op{Name: "CreateTranscription", Method: "POST",
		Path: "/audio/transcriptions", Accept: audioAccept}, (*Transcript).problem).ReadsText(readTranscript)
	translationOp = transport.Declare(service, transport.Op{Name: "CreateTranslation", Method: "POST",
		Path: "/audio/translations", Accept: audioAccept}, (*Transcript).problem).ReadsText(readTranscript)
)

const audioAccept = "application/json, text/plain"

// TranscriptFormat is the form a transcript comes back in.
type TranscriptFormat string

// The transcript formats hosts share; srt and vtt, which some hosts add,
// are not among them (Groq refuses them).
const (
	TranscriptJSON TranscriptFormat = "json" // the text alone, the default
	// TranscriptVerboseJSON adds the task, language, duration and timed
	// Segments, and Words when asked for with TimestampGranularities.
	TranscriptVerboseJSON TranscriptFormat = "verbose_json"
	TranscriptText        TranscriptFormat = "text" // plain text; Transcript.Text holds it
)

// TimestampGranularity is a level of timing a verbose transcript carries.
type TimestampGranularity string

// The timestamp granularities.
const (
	TimestampSegment TimestampGranularity = "segment" // Transcript.Segments, the default
	TimestampWord    TimestampGranularity = "word"    // Transcript.Words; slower to produce
)

// TranscriptionRequest is what CreateTranscription sends: the audio file
// and the form fields beside it. Model, and File or URL, are required.
type TranscriptionRequest struct {
	// Model is the speech model ("whisper-large-v3-turbo").
	Model string
	// File is the audio (flac, mp3, mp4, mpeg, mpga, m4a, ogg, wav or
	// webm), sent as it is read, never loaded whole.
	File io.Reader
	// URL is where the host fetches the audio instead (Groq; a way past
	// the upload size limit). Set File or URL, not both.
	URL string
	// FileName is sent with the file; hosts tell the format by its
	// extension. Empty means the base name of an *os.File (anything with
	// a Name method), else "audio".
	FileName string
	// Language is the spoken language as an ISO-639-1 code ("en"), which
	// makes the transcript faster and more accurate; empty lets the model
	// detect it.
	Language string
	// Prompt steers spelling and style, in the audio's language.
	Prompt string
	// ResponseFormat is TranscriptJSON (empty, the default),
	// TranscriptVerboseJSON or TranscriptText.
	ResponseFormat TranscriptFormat
	// Temperature is the sampling temperature, 0..1.
	Temperature *float64
	// TimestampGranularities asks a verbose_json transcript for segment
	// timings, word timings, or both.
	TimestampGranularities []TimestampGranularity
}

// TranslationRequest is what CreateTranslation sends: audio in any
// language, to be transcribed in English. Model, and File or URL, are
// required.
type TranslationRequest struct {
	// Model is the speech model ("whisper-large-v3"; hosts may not
	// translate with every model they transcribe with).
	Model string
	// File, URL, FileName, Prompt (in English here), ResponseFormat and
	// Temperature are as in TranscriptionRequest.
	File           io.Reader
	URL            string
	FileName       string
	Prompt         string
	ResponseFormat TranscriptFormat
	Temperature    *float64
}

// CreateTranscription uploads req.File and returns what is said in it, in
// its own language. The file is copied as the connection takes it; when
// CreateTranscription returns it is no longer read (unless ctx ended while
// a Read of it was blocked), so it may be closed.
func (c *Client) CreateTranscription(ctx context.Context, req TranscriptionRequest, opts ...Option) (*Transcript, error) {
	up := audioUpload{op: transcriptionOp, model: req.Model, file: req.File, url: req.URL, name: req.FileName,
		prompt: req.Prompt, format: req.ResponseFormat, temperature: req.Temperature}
	m, err := up.body()
	if err != nil {
		return nil, err
	}
	if req.Language != "" {
		m.Fields("language", req.Language)
	}
	for i, g := range req.TimestampGranularities {
		switch {
		case g != TimestampSegment && g != TimestampWord:
			return nil, up.op.Invalid("timestamp_granularities["+strconv.Itoa(i)+"]", "%q is not segment or word", g)
		case req.ResponseFormat != TranscriptVerboseJSON:
			return nil, up.op.Invalid("timestamp_granularities[]", "needs response_format verbose_json")
		}
		m.Fields("timestamp_granularities[]", string(g))
	}
	return transcriptionOp.Do(ctx, c.t, transport.Call{Upload: m}, opts)
}

// CreateTranslation uploads req.File and returns what is said in it, in
// English, whatever language it is spoken in. The file is handled as
// CreateTranscription handles it.
func (c *Client) CreateTranslation(ctx context.Context, req TranslationRequest, opts ...Option) (*Transcript, error) {
	up := audioUpload{op: translationOp, model: req.Model, file: req.File, url: req.URL, name: req.FileName,
		prompt: req.Prompt, format: req.ResponseFormat, temperature: req.Temperature}
	m, err := up.body()
	if err != nil {
		return nil, err
	}
	return translationOp.Do(ctx, c.t, transport.Call{Upload: m}, opts)
}

// audioUpload is what the two audio operations send alike.
type audioUpload struct {
	op          *transport.Endpoint[Transcript]
	model       string
	file        io.Reader
	url         string
	name        string
	prompt      string
	format      TranscriptFormat
	temperature *float64
}

// body checks the shared fields and returns the multipart body: the form
// fields first, then the file, or the url field alone. The file is not
// read before the call.
func (u *audioUpload) body() (*transport.Multipart, error) {
	if u.model == "" {
		return nil, u.op.Invalid("model", "is empty")
	}
	if u.url != "" {
		if u.file != nil {
			return nil, u.op.Invalid("url", "is set beside a file; send one or the other")
		}
	} else if err := u.op.Reader("file", u.file); err != nil {
		return nil, err
	}
	switch u.format {
	case "", TranscriptJSON, TranscriptVerboseJSON, TranscriptText:
	default:
		return nil, u.op.Invalid("response_format", "%q is not json, verbose_json or text", u.format)
	}
	if t := u.temperature; t != nil && !(*t >= 0 && *t <= 1) {
		return nil, u.op.Invalid("temperature", "%v is outside 0..1", *t)
	}
	m, err := u.form()
	if err != nil {
		return nil, err
	}
	m.Fields("model", u.model)
	if u.prompt != "" {
		m.Fields("prompt", u.prompt)
	}
	if u.format != "" {
		m.Fields("response_format", string(u.format))
	}
	if u.temperature != nil {
		m.Fields("temperature", strconv.FormatFloat(*u.temperature, 'g', -1, 64))
	}
	return m, nil
}

// form is the body before its fields: the file's part, or the url field.
func (u *audioUpload) form() (*transport.Multipart, error) {
	if u.url != "" {
		return transport.MultipartForm().Fields("url", u.url), nil
	}
	name := u.name
	if name == "" {
		name = "audio"
		if f, ok := u.file.(interface{ Name() string }); ok && f.Name() != "" {
			name = filepath.Base(f.Name())
		}
	}
	ctype := mime.TypeByExtension(filepath.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	return transport.MultipartFile("file", name, ctype, u.file), nil
}
