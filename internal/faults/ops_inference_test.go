package faults

import (
	"bytes"
	"context"
	"io"
	"math"
	"os"

	"github.com/conduit-sdk/conduit/inference"
)

func init() {
	notes = append(notes,
		noted("inference", "ListModels", inference.New).auth(bearer),
		noted("inference", "Model", inference.New).auth(bearer).rejects("model", func(ctx context.Context, c *inference.Client) error {
			return discard(c.Model(ctx, ""))
		}).rejects("model", func(ctx context.Context, c *inference.Client) error {
			return discard(c.Model(ctx, "meta-llama/.."))
		}),
		noted("inference", "CreateEmbeddings", inference.New).auth(bearer).rejects("model", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateEmbeddings(ctx, inference.EmbeddingRequest{Input: embedReq.Input}))
		}).rejects("input", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateEmbeddings(ctx, inference.EmbeddingRequest{Model: embedReq.Model}))
		}).rejects("input[1]", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateEmbeddings(ctx, inference.EmbeddingRequest{Model: embedReq.Model, Input: inference.EmbedTexts("a", "")}))
		}).rejects("encoding_format", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateEmbeddings(ctx, inference.EmbeddingRequest{Model: embedReq.Model, Input: embedReq.Input, EncodingFormat: "int8"}))
		}).rejects("dimensions", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateEmbeddings(ctx, inference.EmbeddingRequest{Model: embedReq.Model, Input: embedReq.Input, Dimensions: ptr(0)}))
		}),
		noted("inference", "CreateTranscription", inference.New).auth(bearer).rejects("model", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateTranscription(ctx, inference.TranscriptionRequest{File: bytes.NewReader(clip)}))
		}).rejects("file", func(ctx context.Context, c *inference.Client) error {
			var f *os.File // what a failed os.Open returns
			return discard(c.CreateTranscription(ctx, inference.TranscriptionRequest{Model: "whisper-large-v3", File: f}))
		}).rejects("response_format", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateTranscription(ctx, inference.TranscriptionRequest{Model: "whisper-large-v3", File: bytes.NewReader(clip), ResponseFormat: "srt"}))
		}).rejects("temperature", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateTranscription(ctx, inference.TranscriptionRequest{Model: "whisper-large-v3", File: bytes.NewReader(clip), Temperature: ptr(-0.5)}))
		}).rejects("timestamp_granularities[]", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateTranscription(ctx, inference.TranscriptionRequest{Model: "whisper-large-v3", File: bytes.NewReader(clip),
				TimestampGranularities: []inference.TimestampGranularity{inference.TimestampWord}}))
		}),
		noted("inference", "CreateTranslation", inference.New).auth(bearer).rejects("model", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateTranslation(ctx, inference.TranslationRequest{File: bytes.NewReader(clip)}))
		}).rejects("file", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateTranslation(ctx, inference.TranslationRequest{Model: "whisper-large-v3"}))
		}).rejects("url", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateTranslation(ctx, inference.TranslationRequest{Model: "whisper-large-v3", File: bytes.NewReader(clip), URL: "https://cdn.example.com/clip.m4a"}))
		}).rejects("filename", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateTranslation(ctx, inference.TranslationRequest{Model: "whisper-large-v3", File: bytes.NewReader(clip), FileName: "clip\x00.m4a"}))
		}),
		noted("inference", "CreateSpeech", inference.New).auth(bearer).returns(binary).rejects("voice", func(ctx context.Context, c *inference.Client) error {
			r := speechReq
			r.Voice = ""
			return readSpeech(c.CreateSpeech(ctx, r))
		}).rejects("sample_rate", func(ctx context.Context, c *inference.Client) error {
			r := speechReq
			r.SampleRate = ptr(11025)
			return readSpeech(c.CreateSpeech(ctx, r))
		}).rejects("speed", func(ctx context.Context, c *inference.Client) error {
			r := speechReq
			r.Speed = ptr(math.Inf(1))
			return readSpeech(c.CreateSpeech(ctx, r))
		}),
		noted("inference", "CreateChatCompletion", inference.New).auth(bearer).rejects("model", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Model = "" })))
		}).rejects("messages", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Messages = nil })))
		}).rejects("messages[1].role", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) {
				r.Messages = append(r.Messages, inference.Message{Content: inference.TextContent("and?")})
			})))
		}).rejects("messages[0].content", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Messages[0].Content = inference.Content{} })))
		}).rejects("temperature", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Temperature = ptr(2.5) })))
		}).rejects("temperature", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Temperature = ptr(math.NaN()) })))
		}).rejects("top_p", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.TopP = ptr(-0.1) })))
		}).rejects("max_tokens", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.MaxTokens = ptr(0) })))
		}),
		noted("inference", "StreamChatCompletion", inference.New).auth(bearer).returns(stream).rejects("model", func(ctx context.Context, c *inference.Client) error {
			return readStream(c.StreamChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Model = "" })))
		}).rejects("messages[0].role", func(ctx context.Context, c *inference.Client) error {
			return readStream(c.StreamChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Messages[0].Role = "" })))
		}).rejects("top_p", func(ctx context.Context, c *inference.Client) error {
			return readStream(c.StreamChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.TopP = ptr(1.01) })))
		}).rejects("max_tokens", func(ctx context.Context, c *inference.Client) error {
			return readStream(c.StreamChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.MaxTokens = ptr(-1) })))
		}),
		noted("inference", "CreateResponse", inference.New).auth(bearer).rejects("model", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateResponse(ctx, inference.ResponseRequest{Input: responseReq.Input}))
		}).rejects("input", func(ctx context.Context, c *inference.Client) error {
			return discard(c.CreateResponse(ctx, inference.ResponseRequest{Model: responseReq.Model}))
		}).rejects("max_output_tokens", func(ctx context.Context, c *inference.Client) error {
			r := responseReq
			r.MaxOutputTokens = ptr(0)
			return discard(c.CreateResponse(ctx, r))
		}),
		noted("inference", "StreamResponse", inference.New).auth(bearer).returns(stream).rejects("input[0].role", func(ctx context.Context, c *inference.Client) error {
			r := responseReq
			r.Input = inference.InputItems(inference.InputItem{Type: "message", Content: "hi"})
			return readStream(c.StreamResponse(ctx, r))
		}).rejects("top_p", func(ctx context.Context, c *inference.Client) error {
			r := responseReq
			r.TopP = ptr(1.5)
			return readStream(c.StreamResponse(ctx, r))
		}),
	)
}

// embedReq is a valid embeddings request: two texts, as a search indexes
// them.
var embedReq = inference.EmbeddingRequest{
	Model: "text-embedding-ada-002",
	Input: inference.EmbedTexts("The food was delicious", "and the waiter..."),
}

// responseReq is a valid Responses API request.
var responseReq = inference.ResponseRequest{Model: "llama-3.3-70b-versatile", Input: inference.InputText("Tell me a fun fact about the moon.")}

// clip stands for a recording to upload: hosts read its bytes and name.
var clip = []byte("RIFF\x24\x00\x00\x00WAVEfmt ")

var speechReq = inference.SpeechRequest{Model: "canopylabs/orpheus-v1-english", Input: "Fast inference matters.", Voice: "autumn", ResponseFormat: inference.SpeechWAV}

// readSpeech reads generated audio to its end and closes it, as a caller
// must; the read error is the call's.
func readSpeech(sp *inference.Speech, err error) error {
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, sp.Body)
	if cerr := sp.Body.Close(); err == nil {
		err = cerr
	}
	return err
}
