package peers

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// The hand-written contenders: net/http and encoding/json as a careful
// programmer writes them, sending what conduit sends (the same body and the
// same four headers) and checking what conduit checks on the happy path
// (the status, the end of the stream, an error object in the body).

type wireMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type wireRequest struct {
	Model    string        `json:"model"`
	Messages []wireMessage `json:"messages"`
	Stream   bool          `json:"stream,omitempty"`
}

// plainUsage holds every usage field conduit types.
type plainUsage struct {
	PromptTokens     int64   `json:"prompt_tokens"`
	CompletionTokens int64   `json:"completion_tokens"`
	TotalTokens      int64   `json:"total_tokens"`
	QueueTime        float64 `json:"queue_time"`
	PromptTime       float64 `json:"prompt_time"`
	CompletionTime   float64 `json:"completion_time"`
	TotalTime        float64 `json:"total_time"`
}

func (u *plainUsage) tokens() [3]int64 {
	return [3]int64{u.PromptTokens, u.CompletionTokens, u.TotalTokens}
}

// minimalChunk holds only what a caller printing the reply needs.
type minimalChunk struct {
	Choices []struct {
		Delta struct {
			Content string `json:"content"`
		} `json:"delta"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
}

// plainHead is the fields a chunk and a completion share.
type plainHead struct {
	ID                string `json:"id"`
	Object            string `json:"object"`
	Created           int64  `json:"created"`
	Model             string `json:"model"`
	SystemFingerprint string `json:"system_fingerprint"`
}

// plainChunk holds every field conduit's ChatCompletionChunk types,
// including the usage inside "x_groq", as a plain struct: no raw bytes, no
// methods.
type plainChunk struct {
	plainHead
	Choices []struct {
		Index int `json:"index"`
		Delta struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"delta"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *plainUsage `json:"usage"`
	XGroq *struct {
		Usage *plainUsage `json:"usage"`
	} `json:"x_groq"`
}

// plainCompletion holds every field conduit's ChatCompletion types.
type plainCompletion struct {
	plainHead
	Choices []struct {
		Index        int         `json:"index"`
		Message      wireMessage `json:"message"`
		FinishReason string      `json:"finish_reason"`
	} `json:"choices"`
	Usage *plainUsage `json:"usage"`
	Error *struct {
		Message string `json:"message"`
		Type    string `json:"type"`
		Code    string `json:"code"`
	} `json:"error"`
}

// codec is the JSON package a hand-written contender writes and reads
// with: encoding/json (v1), or go-json-experiment (v2), the decoder conduit
// uses, for the floors that show how close conduit comes to its own limit.
type codec struct {
	marshal   func(any) ([]byte, error)
	unmarshal func([]byte, any) error
}

var v1 = codec{marshal: json.Marshal, unmarshal: json.Unmarshal}

// postChat sends the chat request and returns the response of a 200.
func postChat(ctx context.Context, hc *http.Client, url string, in *wireRequest, accept string, js codec) (*http.Response, error) {
	body, err := js.marshal(in)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", accept)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+apiKey)
	req.Header.Set("User-Agent", conduitUserAgent)
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	return resp, nil
}

func handwrittenRequest(stream bool) *wireRequest {
	return &wireRequest{
		Model:    model,
		Messages: []wireMessage{{Role: "system", Content: systemMsg}, {Role: "user", Content: userMsg}},
		Stream:   stream,
	}
}

var dataField = []byte("data: ")

// floorStream is a hand-written stream reader: bufio lines, the "data: "
// field, "[DONE]" at the end (a body that ends before it is an error), and
// each event's data unmarshalled by js into a fresh T, which take folds
// into the result. With keep, each event's data is first copied out of the
// scanner's buffer, as conduit copies it to keep it as the chunk's RawJSON.
func floorStream[T any](js codec, keep bool, take func(*T, *chatResult)) func(*http.Client, string) (call[chatResult], error) {
	return func(hc *http.Client, base string) (call[chatResult], error) {
		in, url := handwrittenRequest(true), base+"/chat/completions"
		return func(ctx context.Context) (chatResult, error) {
			var r chatResult
			resp, err := postChat(ctx, hc, url, in, "text/event-stream", js)
			if err != nil {
				return r, err
			}
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
				data, ok := bytes.CutPrefix(sc.Bytes(), dataField)
				if !ok {
					continue
				}
				if string(data) == "[DONE]" {
					return r, nil
				}
				if keep {
					data = bytes.Clone(data)
				}
				var chunk T
				if err := js.unmarshal(data, &chunk); err != nil {
					return r, err
				}
				take(&chunk, &r)
			}
			if err := sc.Err(); err != nil {
				return r, err
			}
			return r, io.ErrUnexpectedEOF
		}, nil
	}
}

var minimalFloorStream = floorStream(v1, false, func(c *minimalChunk, r *chatResult) {
	content, finish := "", ""
	if len(c.Choices) > 0 {
		content, finish = c.Choices[0].Delta.Content, c.Choices[0].FinishReason
	}
	r.add(content, finish)
})

var plainFloorStream = floorStream(v1, false, takePlain)

func takePlain(c *plainChunk, r *chatResult) {
	content, finish := "", ""
	if len(c.Choices) > 0 {
		content, finish = c.Choices[0].Delta.Content, c.Choices[0].FinishReason
	}
	r.add(content, finish)
	u := c.Usage
	if u == nil && c.XGroq != nil {
		u = c.XGroq.Usage
	}
	if u != nil {
		r.Usage = u.tokens()
	}
}

var rawComplete = complete(v1)

// complete is the hand-written completion: the body read whole (and kept,
// as conduit keeps it for RawJSON) and unmarshalled by js.
func complete(js codec) func(*http.Client, string) (call[chatResult], error) {
	return func(hc *http.Client, base string) (call[chatResult], error) {
		in, url := handwrittenRequest(false), base+"/chat/completions"
		return func(ctx context.Context) (chatResult, error) {
			var r chatResult
			resp, err := postChat(ctx, hc, url, in, "application/json", js)
			if err != nil {
				return r, err
			}
			data, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				return r, err
			}
			var out plainCompletion
			if err := js.unmarshal(data, &out); err != nil {
				return r, err
			}
			if out.Error != nil || len(out.Choices) == 0 {
				return r, errors.New("the completion holds no reply")
			}
			for _, ch := range out.Choices {
				r.add(ch.Message.Content, ch.FinishReason)
			}
			if out.Usage != nil {
				r.Usage = out.Usage.tokens()
			}
			return r, nil
		}, nil
	}
}

// The sunrise query every sunrise contender sends.
const (
	sunLat  = 51.4779
	sunLng  = -0.0015
	sunDate = "2024-06-21"
)

type plainSunrise struct {
	Results struct {
		Sunrise                   time.Time `json:"sunrise"`
		Sunset                    time.Time `json:"sunset"`
		SolarNoon                 time.Time `json:"solar_noon"`
		DayLength                 int64     `json:"day_length"`
		CivilTwilightBegin        time.Time `json:"civil_twilight_begin"`
		CivilTwilightEnd          time.Time `json:"civil_twilight_end"`
		NauticalTwilightBegin     time.Time `json:"nautical_twilight_begin"`
		NauticalTwilightEnd       time.Time `json:"nautical_twilight_end"`
		AstronomicalTwilightBegin time.Time `json:"astronomical_twilight_begin"`
		AstronomicalTwilightEnd   time.Time `json:"astronomical_twilight_end"`
	} `json:"results"`
	Status string `json:"status"`
	TZID   string `json:"tzid"`
}

var rawSunrise = getSunrise(v1)

// getSunrise is the hand-written sunrise GET, the body read whole and
// unmarshalled by js.
func getSunrise(js codec) func(*http.Client, string) (call[sunResult], error) {
	return func(hc *http.Client, base string) (call[sunResult], error) {
		return func(ctx context.Context) (sunResult, error) {
			var r sunResult
			url := base + "/json?lat=" + strconv.FormatFloat(sunLat, 'f', -1, 64) +
				"&lng=" + strconv.FormatFloat(sunLng, 'f', -1, 64) + "&date=" + sunDate + "&formatted=0"
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
			if err != nil {
				return r, err
			}
			req.Header.Set("Accept", "application/json")
			req.Header.Set("User-Agent", conduitUserAgent)
			resp, err := hc.Do(req)
			if err != nil {
				return r, err
			}
			data, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				return r, err
			}
			if resp.StatusCode != http.StatusOK {
				return r, fmt.Errorf("status %d", resp.StatusCode)
			}
			var out plainSunrise
			if err := js.unmarshal(data, &out); err != nil {
				return r, err
			}
			if out.Status != "OK" {
				return r, fmt.Errorf("status %q", out.Status)
			}
			x := &out.Results
			for i, t := range []time.Time{x.Sunrise, x.Sunset, x.SolarNoon, x.CivilTwilightBegin, x.CivilTwilightEnd,
				x.NauticalTwilightBegin, x.NauticalTwilightEnd, x.AstronomicalTwilightBegin, x.AstronomicalTwilightEnd} {
				r.Times[i] = t.Unix()
			}
			r.Status, r.DayLength = out.Status, x.DayLength
			return r, nil
		}, nil
	}
}
