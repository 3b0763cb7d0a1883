package inference_test

import (
	"bytes"
	"context"
	"io"
	"mime"
	"mime/multipart"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// audio stands for a recording: the hosts read only its bytes and name.
var audio = []byte("RIFF\x24\x00\x00\x00WAVEfmt ")

const beach = "The beach was a popular spot on a hot summer day. People were swimming in the ocean, building sandcastles, and playing beach volleyball."

func transcribe(format inference.TranscriptFormat) inference.TranscriptionRequest {
	return inference.TranscriptionRequest{Model: "whisper-large-v3-turbo", File: bytes.NewReader(audio), FileName: "beach.wav", ResponseFormat: format}
}

func TestCreateTranscriptionInEachFormat(t *testing.T) {
	c := newReplay(t)
	for _, format := range []inference.TranscriptFormat{"", inference.TranscriptJSON, inference.TranscriptText, inference.TranscriptVerboseJSON} {
		tr, err := c.CreateTranscription(context.Background(), transcribe(format))
		require.NoError(t, err, format)
		assert.Equal(t, beach, tr.Text, format)
	}
	tr, err := c.CreateTranscription(context.Background(), transcribe(inference.TranscriptText))
	require.NoError(t, err)
	assert.Empty(t, tr.RawJSON(), "a text answer has no JSON")
}

func TestVerboseTranscriptHasSegmentsAndWords(t *testing.T) {
	req := transcribe(inference.TranscriptVerboseJSON)
	req.TimestampGranularities = []inference.TimestampGranularity{inference.TimestampWord, inference.TimestampSegment}
	tr, err := newReplay(t).CreateTranscription(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, "transcribe", tr.Task)
	assert.Equal(t, "English", tr.Language)
	assert.InDelta(t, 8.47, tr.Duration, 1e-6)
	require.Len(t, tr.Segments, 2)
	s := tr.Segments[0]
	assert.Equal(t, " The beach was a popular spot on a hot summer day.", s.Text)
	assert.InDelta(t, 3.32, s.End, 1e-6)
	assert.InDelta(t, -0.286, s.AvgLogprob, 1e-3)
	assert.InDelta(t, 0.00986, s.NoSpeechProb, 1e-5)
	assert.Len(t, s.Tokens, 14)
	require.Len(t, tr.Words, 3)
	assert.Equal(t, inference.TranscriptWord{Word: "beach", Start: 0.23999999463558197, End: 0.6200000047683716}, tr.Words[1])
}

func TestCreateTranslation(t *testing.T) {
	c := newReplay(t)
	for _, format := range []inference.TranscriptFormat{"", inference.TranscriptText} {
		tr, err := c.CreateTranslation(context.Background(), inference.TranslationRequest{
			Model: "whisper-large-v3", File: bytes.NewReader(audio), FileName: "gruss.m4a", ResponseFormat: format,
		})
		require.NoError(t, err)
		assert.Equal(t, "Hello, my name is Wolfgang and I come from Germany. Where are you heading today?", tr.Text)
	}
}

// parts reads a multipart request: its form fields, repeated ones joined
// in order, and its one file.
func parts(t *testing.T, r testkit.Request) (fields map[string][]string, filename, ctype string, file []byte) {
	t.Helper()
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	require.NoError(t, err)
	require.Equal(t, "multipart/form-data", mt)
	fields = map[string][]string{}
	mr := multipart.NewReader(bytes.NewReader(r.Body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return fields, filename, ctype, file
		}
		require.NoError(t, err)
		b, err := io.ReadAll(p)
		require.NoError(t, err)
		if p.FileName() != "" {
			require.Equal(t, "file", p.FormName())
			filename, ctype, file = p.FileName(), p.Header.Get("Content-Type"), b
			continue
		}
		fields[p.FormName()] = append(fields[p.FormName()], string(b))
	}
}

func TestTranscriptionRequestShape(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "create_transcription.json"))
	_, err := client(t, srv).CreateTranscription(context.Background(), inference.TranscriptionRequest{
		Model: "whisper-large-v3", File: bytes.NewReader(audio), FileName: "beach.wav", Language: "en",
		Prompt: "A day at the beach.", ResponseFormat: inference.TranscriptVerboseJSON, Temperature: ptr(0.2),
		TimestampGranularities: []inference.TimestampGranularity{inference.TimestampWord, inference.TimestampSegment},
	})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/v1/audio/transcriptions", got.Path)
	assertAuth(t, got)
	fields, name, ctype, file := parts(t, got)
	assert.Equal(t, map[string][]string{
		"model": {"whisper-large-v3"}, "language": {"en"}, "prompt": {"A day at the beach."},
		"response_format": {"verbose_json"}, "temperature": {"0.2"},
		"timestamp_granularities[]": {"word", "segment"},
	}, fields)
	assert.Equal(t, "beach.wav", name)
	assert.Contains(t, ctype, "audio/")
	assert.Equal(t, audio, file)
}

// Only what is set is sent; the file's name comes from an *os.File.
func TestTranslationRequestShape(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gruss.flac")
	require.NoError(t, os.WriteFile(path, audio, 0o600))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	srv := testkit.Start(t, fixture(t, "create_translation.json"))
	_, err = client(t, srv).CreateTranslation(context.Background(), inference.TranslationRequest{Model: "whisper-large-v3", File: f})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "/v1/audio/translations", got.Path)
	fields, name, _, file := parts(t, got)
	assert.Equal(t, map[string][]string{"model": {"whisper-large-v3"}}, fields)
	assert.Equal(t, "gruss.flac", name)
	assert.Equal(t, audio, file)
}

// Audio named by URL goes as a url field, with no file part.
func TestTranscriptionFromAURL(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "create_transcription.json"))
	_, err := client(t, srv).CreateTranscription(context.Background(), inference.TranscriptionRequest{
		Model: "whisper-large-v3", URL: "https://cdn.example.com/beach.mp3",
	})
	require.NoError(t, err)
	fields, name, _, file := parts(t, srv.Last(t))
	assert.Equal(t, map[string][]string{"url": {"https://cdn.example.com/beach.mp3"}, "model": {"whisper-large-v3"}}, fields)
	assert.Empty(t, name)
	assert.Empty(t, file)

	tr, err := newReplay(t).CreateTranslation(context.Background(), inference.TranslationRequest{Model: "whisper-large-v3", URL: "https://cdn.example.com/gruss.mp3"})
	require.NoError(t, err, "the fake takes a url instead of a file")
	assert.NotEmpty(t, tr.Text)
}

// A seekable file is rewound and sent whole again after a 503; the text
// answer of the retry is read as text.
func TestTranscriptionRetriedWithTheWholeFile(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 503, Body: `{"error":{"message":"busy","type":"server_error"}}`},
		testkit.Reply{ContentType: "text/plain; charset=utf-8", Body: "hello\n"})
	tr, err := client(t, srv).CreateTranscription(context.Background(), transcribe(inference.TranscriptText))
	require.NoError(t, err)
	assert.Equal(t, "hello", tr.Text)
	require.Equal(t, 2, srv.Hits())
	for _, r := range srv.Requests() {
		_, _, _, file := parts(t, r)
		assert.Equal(t, audio, file)
	}
}

func TestAudioRefusesBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := client(t, srv)
	var missing *os.File
	for field, req := range map[string]inference.TranscriptionRequest{
		"model":                      {File: bytes.NewReader(audio)},
		"file":                       {Model: "m", File: missing},
		"response_format":            {Model: "m", File: bytes.NewReader(audio), ResponseFormat: "srt"},
		"temperature":                {Model: "m", File: bytes.NewReader(audio), Temperature: ptr(1.5)},
		"filename":                   {Model: "m", File: bytes.NewReader(audio), FileName: "a\r\nb.wav"},
		"timestamp_granularities[]":  {Model: "m", File: bytes.NewReader(audio), TimestampGranularities: []inference.TimestampGranularity{inference.TimestampWord}},
		"timestamp_granularities[0]": {Model: "m", File: bytes.NewReader(audio), ResponseFormat: inference.TranscriptVerboseJSON, TimestampGranularities: []inference.TimestampGranularity{"char"}},
	} {
		_, err := c.CreateTranscription(context.Background(), req)
		testkit.InvalidParam(t, err, field)
	}
	_, err := c.CreateTranslation(context.Background(), inference.TranslationRequest{Model: "m"})
	testkit.InvalidParam(t, err, "file")
	_, err = c.CreateTranslation(context.Background(), inference.TranslationRequest{File: bytes.NewReader(audio)})
	testkit.InvalidParam(t, err, "model")
	assert.Zero(t, srv.Hits())
}

func TestTranscriptErrorObjectIn200(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"error":{"message":"audio too short","type":"invalid_request_error"}}`})
	_, err := client(t, srv).CreateTranscription(context.Background(), transcribe(""))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "invalid_request_error", Message: "audio too short"})
}
