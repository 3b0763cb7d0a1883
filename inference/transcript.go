package inference

import (
	"cmp"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Transcript is the text of a CreateTranscription or CreateTranslation.
// Text is always set; the other fields come with TranscriptVerboseJSON.
// RawJSON returns the answer as sent (nothing for TranscriptText).
type Transcript struct {
	raw `json:"-"`
	// Text is the whole transcript; for TranscriptText, the body with its
	// line ending trimmed.
	Text string `json:"text"`
	// Task is "transcribe" or "translate".
	Task     string `json:"task,omitempty"`
	Language string `json:"language,omitempty"`
	// Duration is the audio's length in seconds.
	Duration    float64             `json:"duration,omitempty"`
	Segments    []TranscriptSegment `json:"segments,omitempty"`
	Words       []TranscriptWord    `json:"words,omitempty"`
	ErrorObject *ErrorObject        `json:"error,omitempty"`
}

// TranscriptSegment is a stretch of the audio and its text, with the
// model's confidence: a high NoSpeechProb or a low AvgLogprob marks text
// to distrust.
type TranscriptSegment struct {
	ID int `json:"id"`
	// Seek is the offset, in 10 ms frames, of the window it was decoded in.
	Seek int `json:"seek"`
	// Start and End are in seconds from the beginning of the audio.
	Start            float64 `json:"start"`
	End              float64 `json:"end"`
	Text             string  `json:"text"`
	Tokens           []int   `json:"tokens,omitempty"`
	Temperature      float64 `json:"temperature"`
	AvgLogprob       float64 `json:"avg_logprob"`
	CompressionRatio float64 `json:"compression_ratio"`
	NoSpeechProb     float64 `json:"no_speech_prob"`
}

// TranscriptWord is one word and when it is spoken, in seconds.
type TranscriptWord struct {
	Word  string  `json:"word"`
	Start float64 `json:"start"`
	End   float64 `json:"end"`
}

func readTranscript(t *Transcript, body []byte) {
	t.Text = strings.TrimRight(string(body), "\r\n")
}

// problem reports an error object in a 2xx answer.
func (t *Transcript) problem() *transport.Problem {
	if e := t.ErrorObject; e != nil {
		return &transport.Problem{Code: cmp.Or(e.Code, e.Type), Message: e.Message}
	}
	return nil
}
