package inference_test

import (
	"context"
	"encoding/binary"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func speak() inference.SpeechRequest {
	return inference.SpeechRequest{Model: "canopylabs/orpheus-v1-english", Input: "I love building and shipping new features for our users!", Voice: "autumn"}
}

func TestCreateSpeech(t *testing.T) {
	sp, err := newReplay(t).CreateSpeech(context.Background(), speak())
	require.NoError(t, err)
	defer sp.Body.Close()
	assert.Equal(t, "audio/wav", sp.ContentType)
	wav, err := io.ReadAll(sp.Body)
	require.NoError(t, err)
	require.Greater(t, len(wav), 44)
	assert.Equal(t, "RIFF", string(wav[:4]))
	assert.Equal(t, "WAVE", string(wav[8:12]))
	assert.Equal(t, uint32(len(wav)-8), binary.LittleEndian.Uint32(wav[4:8]), "the whole file arrived")
}

func TestSpeechRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{ContentType: "audio/mpeg", Body: "ID3"})
	req := speak()
	req.ResponseFormat, req.SampleRate, req.Speed = inference.SpeechMP3, ptr(24000), ptr(1.25)
	sp, err := client(t, srv).CreateSpeech(context.Background(), req)
	require.NoError(t, err)
	b, err := io.ReadAll(sp.Body)
	require.NoError(t, err)
	require.NoError(t, sp.Body.Close())
	assert.Equal(t, "ID3", string(b))
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/v1/audio/speech", got.Path)
	assert.Equal(t, "audio/*", got.Header.Get("Accept"))
	assert.JSONEq(t, `{"model":"canopylabs/orpheus-v1-english","input":"I love building and shipping new features for our users!",
		"voice":"autumn","response_format":"mp3","sample_rate":24000,"speed":1.25}`, string(got.Body))
	assertAuth(t, got)
}

// A JSON error under status 200, where audio was expected, is an error,
// never audio bytes handed to a player.
func TestSpeechJSONInsteadOfAudioFails(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"error":{"message":"voice not found","type":"invalid_request_error","code":"model_terms_required"}}`})
	_, err := client(t, srv).CreateSpeech(context.Background(), speak())
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "model_terms_required", Message: "voice not found"})
}

func TestSpeechRefusesBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := client(t, srv)
	for field, edit := range map[string]func(r *inference.SpeechRequest){
		"model":           func(r *inference.SpeechRequest) { r.Model = "" },
		"input":           func(r *inference.SpeechRequest) { r.Input = "" },
		"voice":           func(r *inference.SpeechRequest) { r.Voice = "" },
		"response_format": func(r *inference.SpeechRequest) { r.ResponseFormat = "m4a" },
		"sample_rate":     func(r *inference.SpeechRequest) { r.SampleRate = ptr(11025) },
		"speed":           func(r *inference.SpeechRequest) { r.Speed = ptr(0.1) },
	} {
		req := speak()
		edit(&req)
		_, err := c.CreateSpeech(context.Background(), req)
		testkit.InvalidParam(t, err, field)
	}
	assert.Zero(t, srv.Hits())
}
