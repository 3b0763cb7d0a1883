package samples

import (
	"bytes"
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/inference"
)

// inferenceModel is the chat model the fixtures answer as.
const inferenceModel = "llama-3.3-70b-versatile"

// clip stands for a recording to upload: hosts read its bytes and name.
var clip = []byte("RIFF\x24\x00\x00\x00WAVEfmt ")

// chatRequest is a valid chat completion request; each call builds its
// own, so that no call shares another's messages.
func chatRequest() inference.ChatCompletionRequest {
	return inference.ChatCompletionRequest{
		Model:    inferenceModel,
		Messages: []inference.Message{inference.UserMessage("Why does fast inference matter?")},
	}
}

// responseRequest is a valid Responses API request.
func responseRequest() inference.ResponseRequest {
	return inference.ResponseRequest{Model: inferenceModel, Input: inference.InputText("Tell me a fun fact about the moon.")}
}

func init() {
	add("inference", inference.New, []row[*inference.Client]{
		{"ListModels", func(ctx context.Context, cl *inference.Client) (Answer, error) {
			r, err := cl.ListModels(ctx)
			return answer(r, func() any { return r.Data[0].ID }), err
		}},
		{"Model", func(ctx context.Context, cl *inference.Client) (Answer, error) {
			r, err := cl.Model(ctx, inferenceModel)
			return answer(r, func() any { return r.ContextWindow }), err
		}},
		{"CreateEmbeddings", func(ctx context.Context, cl *inference.Client) (Answer, error) {
			r, err := cl.CreateEmbeddings(ctx, inference.EmbeddingRequest{
				Model: "text-embedding-ada-002",
				Input: inference.EmbedTexts("The food was delicious", "and the waiter..."),
			})
			return answer(r, func() any { return r.Data[1].Embedding }), err
		}},
		{"CreateTranscription", func(ctx context.Context, cl *inference.Client) (Answer, error) {
			r, err := cl.CreateTranscription(ctx, inference.TranscriptionRequest{
				Model: "whisper-large-v3-turbo", File: bytes.NewReader(clip), FileName: "clip.wav",
				ResponseFormat: inference.TranscriptVerboseJSON, TimestampGranularities: []inference.TimestampGranularity{inference.TimestampWord},
			})
			return answer(r, func() any { return r.Segments[0].Text }), err
		}},
		{"CreateTranslation", func(ctx context.Context, cl *inference.Client) (Answer, error) {
			r, err := cl.CreateTranslation(ctx, inference.TranslationRequest{Model: "whisper-large-v3", File: bytes.NewReader(clip), FileName: "clip.m4a"})
			return answer(r, func() any { return r.Text }), err
		}},
		{"CreateSpeech", func(ctx context.Context, cl *inference.Client) (Answer, error) {
			sp, err := cl.CreateSpeech(ctx, inference.SpeechRequest{
				Model: "canopylabs/orpheus-v1-english", Input: "Fast inference matters.", Voice: "autumn", ResponseFormat: inference.SpeechWAV,
			})
			if err != nil {
				return Answer{}, err
			}
			a, _, err := readBody(sp.Body)
			return a, err
		}},
		{"CreateChatCompletion", func(ctx context.Context, cl *inference.Client) (Answer, error) {
			r, err := cl.CreateChatCompletion(ctx, chatRequest())
			return answer(r, func() any { return r.Content() }), err
		}},
		{"StreamChatCompletion", func(ctx context.Context, cl *inference.Client) (Answer, error) {
			s, err := cl.StreamChatCompletion(ctx, chatRequest())
			return stream(s, err, func(chunks []inference.ChatCompletionChunk) any {
				var text strings.Builder
				for _, c := range chunks {
					text.WriteString(c.Content())
				}
				return text.String()
			})
		}},
		{"CreateResponse", func(ctx context.Context, cl *inference.Client) (Answer, error) {
			r, err := cl.CreateResponse(ctx, responseRequest())
			return answer(r, func() any { return r.OutputText() }), err
		}},
		{"StreamResponse", func(ctx context.Context, cl *inference.Client) (Answer, error) {
			s, err := cl.StreamResponse(ctx, responseRequest())
			return stream(s, err, func(events []inference.ResponseStreamEvent) any {
				var acc inference.ResponseAccumulator
				for _, ev := range events {
					acc.AddEvent(ev)
				}
				return acc.Response().OutputText()
			})
		}},
	})
}
