package peers

import (
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	goopenai "github.com/sashabaranov/go-openai"
)

func newGoOpenAI(hc *http.Client, base string) (*goopenai.Client, goopenai.ChatCompletionRequest) {
	cfg := goopenai.DefaultConfig(apiKey)
	cfg.BaseURL, cfg.HTTPClient = base, hc
	req := goopenai.ChatCompletionRequest{
		Model: model,
		Messages: []goopenai.ChatCompletionMessage{
			{Role: goopenai.ChatMessageRoleSystem, Content: systemMsg},
			{Role: goopenai.ChatMessageRoleUser, Content: userMsg},
		},
	}
	return goopenai.NewClientWithConfig(cfg), req
}

func goOpenAIUsage(u *goopenai.Usage) [3]int64 {
	return [3]int64{int64(u.PromptTokens), int64(u.CompletionTokens), int64(u.TotalTokens)}
}

func goOpenAIStream(hc *http.Client, base string) (call[chatResult], error) {
	c, req := newGoOpenAI(hc, base)
	return func(ctx context.Context) (chatResult, error) {
		var r chatResult
		s, err := c.CreateChatCompletionStream(ctx, req)
		if err != nil {
			return r, err
		}
		defer s.Close()
		for {
			ch, err := s.Recv()
			if errors.Is(err, io.EOF) {
				return r, nil
			}
			if err != nil {
				return r, err
			}
			content, finish := "", ""
			if len(ch.Choices) > 0 {
				content, finish = ch.Choices[0].Delta.Content, string(ch.Choices[0].FinishReason)
			}
			r.add(content, finish)
			if ch.Usage != nil {
				r.Usage = goOpenAIUsage(ch.Usage)
			}
		}
	}, nil
}

func goOpenAIComplete(hc *http.Client, base string) (call[chatResult], error) {
	c, req := newGoOpenAI(hc, base)
	return func(ctx context.Context) (chatResult, error) {
		var r chatResult
		out, err := c.CreateChatCompletion(ctx, req)
		if err != nil {
			return r, err
		}
		for _, ch := range out.Choices {
			r.add(ch.Message.Content, string(ch.FinishReason))
		}
		r.Usage = goOpenAIUsage(&out.Usage)
		return r, nil
	}, nil
}

func newOpenAIGo(hc *http.Client, base string) (openai.Client, openai.ChatCompletionNewParams) {
	c := openai.NewClient(option.WithAPIKey(apiKey), option.WithBaseURL(base), option.WithHTTPClient(hc))
	params := openai.ChatCompletionNewParams{
		Model:    model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(systemMsg), openai.UserMessage(userMsg)},
	}
	return c, params
}

func openAIGoUsage(u *openai.CompletionUsage) [3]int64 {
	return [3]int64{u.PromptTokens, u.CompletionTokens, u.TotalTokens}
}

func openAIGoStream(hc *http.Client, base string) (call[chatResult], error) {
	c, params := newOpenAIGo(hc, base)
	return func(ctx context.Context) (chatResult, error) {
		var r chatResult
		s := c.Chat.Completions.NewStreaming(ctx, params)
		defer s.Close()
		for s.Next() {
			ch := s.Current()
			content, finish := "", ""
			if len(ch.Choices) > 0 {
				content, finish = ch.Choices[0].Delta.Content, ch.Choices[0].FinishReason
			}
			r.add(content, finish)
			if ch.JSON.Usage.Valid() {
				r.Usage = openAIGoUsage(&ch.Usage)
			}
		}
		return r, s.Err()
	}, nil
}

func openAIGoComplete(hc *http.Client, base string) (call[chatResult], error) {
	c, params := newOpenAIGo(hc, base)
	return func(ctx context.Context) (chatResult, error) {
		var r chatResult
		out, err := c.Chat.Completions.New(ctx, params)
		if err != nil {
			return r, err
		}
		for _, ch := range out.Choices {
			r.add(ch.Message.Content, ch.FinishReason)
		}
		r.Usage = openAIGoUsage(&out.Usage)
		return r, nil
	}, nil
}
