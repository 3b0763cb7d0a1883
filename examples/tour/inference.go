package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/conduit-sdk/conduit/conduittest"
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

		single, err := c.CreateEmbeddings(ctx, inference.EmbeddingRequest{Model: "text-embedding-ada-002", Input: inference.EmbedText("fast inference")})
		if err != nil {
			return err
		}
		say("EmbedText", "one text, %d vector of %d dimensions", len(single.Data), len(single.Data[0].Embedding))
		if err := conversation(ctx, c, say); err != nil {
			return err
		}
		if err := tools(ctx, c, say); err != nil {
			return err
		}
		if err := structured(ctx, c, say); err != nil {
			return err
		}
		if err := streamDouble(c, say); err != nil {
			return err
		}
		return responses(ctx, c, say)
	})
}

// conversation replays an earlier exchange with a system prompt, an image
// beside the question, and sampling settings, each shown as it is sent.
func conversation(ctx context.Context, c *inference.Client, say func(op, format string, args ...any)) error {
	system := inference.SystemMessage("Answer in one sentence.")
	earlier := inference.AssistantMessage("Latency shapes how people use a model.")
	text, photo := inference.TextPart("What does this chart show?"), inference.ImagePart("https://example.com/latency.png", "low")
	question := inference.Message{Role: inference.RoleUser, Content: inference.PartsContent(text, photo)}
	followUp := inference.Message{Role: inference.RoleUser, Name: "ana", Content: inference.TextContent("And for voice?")}
	req := inference.ChatCompletionRequest{
		Model:       "meta-llama/llama-4-scout-17b-16e-instruct",
		Messages:    []inference.Message{system, inference.UserMessage("Why does fast inference matter?"), earlier, question, followUp},
		Temperature: inference.Float(0.2), MaxTokens: inference.Int(120), Seed: inference.Int64(42), Logprobs: inference.Bool(false),
	}
	for _, m := range []struct {
		op  string
		msg any
	}{{"SystemMessage", system}, {"AssistantMessage", earlier}, {"TextPart", text}, {"ImagePart", photo}, {"PartsContent", question}, {"TextContent", followUp}} {
		b, err := json.Marshal(m.msg)
		if err != nil {
			return err
		}
		say(m.op, "%s", b)
	}
	out, err := c.CreateChatCompletion(ctx, req)
	if err != nil {
		return err
	}
	say("Float", "temperature %v", *req.Temperature)
	say("Int", "max_tokens %d", *req.MaxTokens)
	say("Int64", "seed %d", *req.Seed)
	say("Bool", "logprobs %t", *req.Logprobs)
	say("CreateChatCompletion", "%d messages, one with an image: %.40q…", len(req.Messages), out.Content())
	return nil
}

// weatherArgs are the arguments of the get_weather tool.
type weatherArgs struct {
	City string `json:"city"`
	Unit string `json:"unit"`
}

// forecastArgs are the arguments of the get_forecast tool.
type forecastArgs struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

// tools lets the model call the caller's functions, runs them and sends
// their results back for the answer.
func tools(ctx context.Context, c *inference.Client, say func(op, format string, args ...any)) error {
	weather, err := inference.FunctionToolFor[weatherArgs]("get_weather", "Current weather in a city")
	if err != nil {
		return err
	}
	params, err := json.Marshal(weather.Function.Parameters)
	if err != nil {
		return err
	}
	say("FunctionToolFor", "%s, parameters from weatherArgs: %s", weather.Function.Name, params)
	schema, err := inference.SchemaFor[forecastArgs]()
	if err != nil {
		return err
	}
	say("SchemaFor", "forecastArgs: %s", schema)
	forecast := inference.FunctionTool("get_forecast", "Forecast for the coming days", schema)
	say("FunctionTool", "%s (%s), parameters from SchemaFor", forecast.Function.Name, forecast.Function.Description)
	req := inference.ChatCompletionRequest{
		Model:      "llama-3.3-70b-versatile",
		Messages:   []inference.Message{inference.UserMessage("How warm is it in Lisbon and São Paulo?")},
		Tools:      []inference.Tool{weather, forecast},
		ToolChoice: inference.ToolChoiceFunction("get_weather"),
	}
	asked, err := c.CreateChatCompletion(ctx, req)
	if err != nil {
		return err
	}
	calls := asked.ToolCalls()
	cities := make([]string, len(calls))
	req.Messages = append(req.Messages, asked.Choices[0].Message)
	for i, call := range calls {
		var args weatherArgs
		if err := call.DecodeArguments(&args); err != nil {
			return err
		}
		cities[i] = args.City
		req.Messages = append(req.Messages, inference.ToolMessage(call.ID, fmt.Sprintf(`{"city":%q,"temperature":21,"unit":%q}`, args.City, args.Unit)))
	}
	say("ToolChoiceFunction", "get_weather required: %d calls, for %s", len(calls), strings.Join(cities, " and "))
	answer, err := c.CreateChatCompletion(ctx, req)
	if err != nil {
		return err
	}
	say("ToolMessage", "%d results sent back; the answer: %q", len(calls), answer.Content())
	return nil
}

// review is the JSON document structured asks the model for.
type review struct {
	ProductName string   `json:"product_name"`
	Rating      float64  `json:"rating"`
	Sentiment   string   `json:"sentiment"`
	KeyFeatures []string `json:"key_features"`
}

// structured asks for a reply that is a JSON review and decodes it.
func structured(ctx context.Context, c *inference.Client, say func(op, format string, args ...any)) error {
	format, err := inference.ResponseFormatFor[review]("review")
	if err != nil {
		return err
	}
	out, err := c.CreateChatCompletion(ctx, inference.ChatCompletionRequest{
		Model:          "moonshotai/kimi-k2-instruct",
		Messages:       []inference.Message{inference.UserMessage("Review: the UltraSound Headphones cancel noise well and last all week.")},
		ResponseFormat: format,
	})
	if err != nil {
		return err
	}
	var r review
	if err := out.DecodeContent(&r); err != nil {
		return err
	}
	say("ResponseFormatFor", "%s %s: %s, %.1f stars, praised for %s", format.Type, format.JSONSchema.Name, r.ProductName, r.Rating, strings.Join(r.KeyFeatures, " and "))
	return nil
}

// streamDouble reads a recorded stream as StreamChatCompletion reads the
// service's: what a test of code that consumes streams feeds it.
func streamDouble(c *inference.Client, say func(op, format string, args ...any)) error {
	body, err := conduittest.Fixture("inference", "chat_completion_stream.sse")
	if err != nil {
		return err
	}
	var text strings.Builder
	n := 0
	for chunk, err := range c.NewChatCompletionStream(bytes.NewReader(body)).All() {
		if err != nil {
			return err
		}
		n++
		text.WriteString(chunk.Content())
	}
	say("NewChatCompletionStream", "%d chunks from %d recorded bytes: %q", n, len(body), text.String())
	return nil
}

// responses asks the Responses API whole, then streamed with a tool call
// whose result goes back as the next input, then reads a recorded stream.
func responses(ctx context.Context, c *inference.Client, say func(op, format string, args ...any)) error {
	r, err := c.CreateResponse(ctx, inference.ResponseRequest{
		Model: "llama-3.3-70b-versatile",
		Input: inference.InputText("Tell me a fun fact about the moon in one sentence."),
	})
	if err != nil {
		return err
	}
	say("CreateResponse", "%s, %d tokens: %q", r.Status, r.Usage.TotalTokens, r.OutputText())
	s, err := c.StreamResponse(ctx, inference.ResponseRequest{
		Model: "llama-3.3-70b-versatile",
		Input: inference.InputItems(inference.InputMessage(inference.RoleUser, "What is the weather in Paris?")),
	})
	if err != nil {
		return err
	}
	var acc inference.ResponseAccumulator
	for ev, err := range s.All() {
		if err != nil {
			return err
		}
		acc.AddEvent(ev)
	}
	streamed := acc.Response()
	calls := streamed.FunctionCalls()
	say("StreamResponse", "%s: %q, then %d call of %s(%s)", streamed.Status, streamed.OutputText(), len(calls), calls[0].Name, calls[0].Arguments)
	next := inference.InputItems(calls[0].AsInput(), inference.FunctionCallOutput(calls[0].CallID, `{"temperature_c":18}`))
	if _, err := c.CreateResponse(ctx, inference.ResponseRequest{Model: "llama-3.3-70b-versatile", Input: next}); err != nil {
		return err
	}
	body, err := conduittest.Fixture("inference", "response_stream.sse")
	if err != nil {
		return err
	}
	events := 0
	for _, err := range c.NewResponseStream(bytes.NewReader(body)).All() {
		if err != nil {
			return err
		}
		events++
	}
	say("NewResponseStream", "%d events from %d recorded bytes", events, len(body))
	return nil
}
