package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/conduit-sdk/conduit/inference"
)

func init() {
	register("inference", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := inference.New()
		if err != nil {
			return err
		}
		req := inference.ChatCompletionRequest{
			Model:    "llama-3.3-70b-versatile",
			Messages: []inference.Message{inference.UserMessage("Why does fast inference matter?")},
		}
		out, err := c.CreateChatCompletion(ctx, req)
		if err != nil {
			return err
		}
		say("CreateChatCompletion", "%.40q… %d tokens in %.3fs", out.Content(), out.Usage.TotalTokens, out.Usage.TotalTime)

		s, err := c.StreamChatCompletion(ctx, req)
		if err != nil {
			return err
		}
		var text strings.Builder
		var n int
		var usage *inference.Usage
		for chunk, err := range s.All() {
			if err != nil {
				return err
			}
			n++
			text.WriteString(chunk.Content())
			if chunk.Usage != nil {
				usage = chunk.Usage
			}
		}
		if usage == nil {
			return fmt.Errorf("the stream reported no usage")
		}
		say("StreamChatCompletion", "%d chunks %q, %d tokens in %.3fs", n, text.String(), usage.TotalTokens, usage.TotalTime)

		models, err := c.ListModels(ctx)
		if err != nil {
			return err
		}
		m := models.Data[0]
		say("ListModels", "%d models; %s has a %d-token context window", len(models.Data), m.ID, m.ContextWindow)

		one, err := c.Model(ctx, m.ID)
		if err != nil {
			return err
		}
		say("Model", "%s, owned by %s", one.ID, one.OwnedBy)

		emb, err := c.CreateEmbeddings(ctx, inference.EmbeddingRequest{
			Model: "text-embedding-ada-002",
			Input: inference.EmbedTexts("fast inference", "slow inference"),
		})
		if err != nil {
			return err
		}
		say("CreateEmbeddings", "%d vectors of %d dimensions", len(emb.Data), len(emb.Data[0].Embedding))

		tr, err := c.CreateTranscription(ctx, inference.TranscriptionRequest{
			Model: "whisper-large-v3-turbo", File: strings.NewReader("RIFF"), FileName: "beach.wav",
			ResponseFormat: inference.TranscriptVerboseJSON,
		})
		if err != nil {
			return err
		}
		say("CreateTranscription", "%.1fs of %s in %d segments: %.40q…", tr.Duration, tr.Language, len(tr.Segments), tr.Text)

		en, err := c.CreateTranslation(ctx, inference.TranslationRequest{
			Model: "whisper-large-v3", File: strings.NewReader("ID3"), FileName: "gruss.mp3", ResponseFormat: inference.TranscriptText,
		})
		if err != nil {
			return err
		}
		say("CreateTranslation", "%q", en.Text)

		sp, err := c.CreateSpeech(ctx, inference.SpeechRequest{
			Model: "canopylabs/orpheus-v1-english", Input: "Fast inference matters.", Voice: "autumn", ResponseFormat: inference.SpeechWAV,
		})
		if err != nil {
			return err
		}
		defer sp.Body.Close()
		size, err := io.Copy(io.Discard, sp.Body)
		if err != nil {
			return err
		}
		say("CreateSpeech", "%d bytes of %s", size, sp.ContentType)
		return nil
	})
}
