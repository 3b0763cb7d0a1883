package inference

import (
	"context"
	"io"
	"slices"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Generating speech changes nothing on the server: the POST is a read,
// retried like a GET until the audio starts to arrive.
var speechOp = transport.DeclareDownload(service, transport.Op{Name: "CreateSpeech", Method: "POST", Path: "/audio/speech",
	Accept: "audio/*"}, "audio/*", "application/octet-stream")

// SpeechFormat is the audio encoding of generated speech.
type SpeechFormat string

// The speech formats. Hosts take different subsets: Groq flac, mp3,
// mulaw, ogg and wav; OpenAI mp3, opus, aac, flac, wav and pcm. A host
// refuses one it does not make with a 400.
const (
	SpeechWAV   SpeechFormat = "wav"
	SpeechMP3   SpeechFormat = "mp3"
	SpeechFLAC  SpeechFormat = "flac"
	SpeechOgg   SpeechFormat = "ogg"
	SpeechMulaw SpeechFormat = "mulaw" // 8-bit G.711 μ-law, for telephony
	SpeechOpus  SpeechFormat = "opus"
	SpeechAAC   SpeechFormat = "aac"
	SpeechPCM   SpeechFormat = "pcm" // raw 16-bit little-endian samples
)

// speechRates are the sample rates Groq makes; other hosts take none.
var speechRates = []int{8000, 16000, 22050, 24000, 32000, 44100, 48000}

// SpeechRequest is the body of CreateSpeech. Model, Input and Voice are
// required; the optional fields are sent only when set.
type SpeechRequest struct {
	// Model is the text-to-speech model ("canopylabs/orpheus-v1-english").
	Model string `json:"model"`
	// Input is the text to speak.
	Input string `json:"input"`
	// Voice is one of the model's voices, as the host lists them.
	Voice string `json:"voice"`
	// ResponseFormat is the audio encoding; empty leaves the host's
	// default (mp3 on Groq and OpenAI).
	ResponseFormat SpeechFormat `json:"response_format,omitempty"`
	// SampleRate in Hz is one of 8000, 16000, 22050, 24000, 32000, 44100
	// or 48000 (Groq; default 48000).
	SampleRate *int `json:"sample_rate,omitempty"`
	// Speed is the pace relative to normal, 0.25..5 (Groq takes 0.5..5,
	// OpenAI 0.25..4).
	Speed *float64 `json:"speed,omitempty"`
}

// Speech is generated audio as the host streams it. Body is the open
// response body: read it once and close it, also when you stop early, to
// release the connection.
type Speech struct {
	Body        io.ReadCloser
	ContentType string // the response's Content-Type, such as "audio/wav"
}

// CreateSpeech turns req.Input into spoken audio, returned as it arrives so
// that playback or a copy to a file can start before the whole is made.
func (c *Client) CreateSpeech(ctx context.Context, req SpeechRequest, opts ...Option) (*Speech, error) {
	if b := req.check(); b != nil {
		return nil, speechOp.Invalid(b.field, "%s", b.reason)
	}
	body, ctype, err := speechOp.Open(ctx, c.t, transport.Call{Body: req}, opts)
	if err != nil {
		return nil, err
	}
	return &Speech{Body: body, ContentType: ctype}, nil
}

func (r *SpeechRequest) check() *badParam {
	switch {
	case r.Model == "":
		return bad("model", "is empty")
	case r.Input == "":
		return bad("input", "is empty")
	case r.Voice == "":
		return bad("voice", "is empty")
	}
	switch r.ResponseFormat {
	case "", SpeechWAV, SpeechMP3, SpeechFLAC, SpeechOgg, SpeechMulaw, SpeechOpus, SpeechAAC, SpeechPCM:
	default:
		return bad("response_format", "%q is not wav, mp3, flac, ogg, mulaw, opus, aac or pcm", r.ResponseFormat)
	}
	if n := r.SampleRate; n != nil && !slices.Contains(speechRates, *n) {
		return bad("sample_rate", "%d is not one of %v", *n, speechRates)
	}
	if s := r.Speed; s != nil && !(*s >= 0.25 && *s <= 5) {
		return bad("speed", "%v is outside 0.25..5", *s)
	}
	return nil
}
