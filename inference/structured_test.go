package inference_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// review is the product review of the host's structured-output example.
type review struct {
	ProductName string   `json:"product_name" jsonschema:"the product the review is about"`
	Rating      float64  `json:"rating"`
	Sentiment   string   `json:"sentiment"`
	KeyFeatures []string `json:"key_features"`
	Pros        []string `json:"pros,omitempty"`
}

type order struct {
	ID    string `json:"id"`
	Lines []line `json:"lines"`
}

type line struct {
	SKU string `json:"sku"`
	Qty int    `json:"qty"`
}

// The schema is what hosts take: an object of the json names, required
// unless omitempty, nothing else allowed, descriptions from the tag.
func TestSchemaForAStruct(t *testing.T) {
	raw, err := inference.SchemaFor[review]()
	require.NoError(t, err)
	var s struct {
		Type                 string                     `json:"type"`
		Properties           map[string]json.RawMessage `json:"properties"`
		Required             []string                   `json:"required"`
		AdditionalProperties *bool                      `json:"additionalProperties"`
	}
	require.NoError(t, json.Unmarshal(raw, &s))
	assert.Equal(t, "object", s.Type)
	assert.ElementsMatch(t, []string{"product_name", "rating", "sentiment", "key_features", "pros"}, keys(s.Properties))
	assert.Equal(t, []string{"product_name", "rating", "sentiment", "key_features"}, s.Required)
	require.NotNil(t, s.AdditionalProperties)
	assert.False(t, *s.AdditionalProperties)
	assert.JSONEq(t, `{"type":"string","description":"the product the review is about"}`, string(s.Properties["product_name"]))
}

func keys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestSchemaForRefusesWhatIsNotAnObject(t *testing.T) {
	_, err := inference.SchemaFor[[]review]()
	assert.ErrorContains(t, err, "not an object")
	_, err = inference.ResponseFormatFor[string]("s")
	assert.Error(t, err)
	_, err = inference.FunctionToolFor[struct{ C chan int }]("f", "")
	assert.Error(t, err, "a channel has no JSON Schema")
}

// A structured output round trip: the schema sent as response_format, the
// reply decoded into the struct it came from.
func TestStructuredOutputRoundTrip(t *testing.T) {
	format, err := inference.ResponseFormatFor[review]("product_review")
	require.NoError(t, err)
	req := inference.ChatCompletionRequest{
		Model:          "moonshotai/kimi-k2-instruct",
		Messages:       []inference.Message{inference.UserMessage("I bought the UltraSound Headphones last week and I'm really impressed!")},
		ResponseFormat: format,
	}
	out, err := newReplay(t).CreateChatCompletion(context.Background(), req)
	require.NoError(t, err)
	var r review
	require.NoError(t, out.DecodeContent(&r))
	assert.Equal(t, review{ProductName: "UltraSound Headphones", Rating: 4.5, Sentiment: "positive",
		KeyFeatures: []string{"noise cancellation", "battery life"}}, r)

	srv := testkit.Start(t, fixture(t, "create_chat_completion_json_schema.json"))
	_, err = client(t, srv).CreateChatCompletion(context.Background(), req)
	require.NoError(t, err)
	sent := srv.Last(t).JSON(t)["response_format"].(map[string]any)
	assert.Equal(t, "json_schema", sent["type"])
	js := sent["json_schema"].(map[string]any)
	assert.Equal(t, "product_review", js["name"])
	assert.Equal(t, []any{"product_name", "rating", "sentiment", "key_features"}, js["schema"].(map[string]any)["required"])
}

func completionOf(content string, finish inference.FinishReason) *inference.ChatCompletion {
	return &inference.ChatCompletion{Choices: []inference.Choice{{
		Message: inference.AssistantMessage(content), FinishReason: finish,
	}}}
}

// Each way the model's JSON can miss the type is an *OutputError naming
// the path of the value at fault.
func TestDecodeContentNamesThePathThatDoesNotFit(t *testing.T) {
	for _, tc := range []struct {
		name, content string
		path, reason  string
	}{
		{"wrong type deep in a list", `{"id":"o1","lines":[{"sku":"a","qty":1},{"sku":"b","qty":"two"}]}`, "/lines/1/qty", "string"},
		{"a fraction for an int", `{"id":"o1","lines":[{"sku":"a","qty":1.5}]}`, "/lines/0/qty", "int"},
		{"unknown member", `{"id":"o1","lines":[],"note":"rush"}`, "/note", "unknown member"},
		{"missing member at the root", `{"lines":[]}`, "", `"id" is missing`},
		{"missing member in a list", `{"id":"o1","lines":[{"sku":"a","qty":1},{"qty":2}]}`, "/lines/1", `"sku" is missing`},
		{"null where a string is required", `{"id":"o1","lines":[{"sku":null,"qty":1}]}`, "/lines/0/sku", "null where a string"},
		{"not JSON", `Sure! Here is the order: {"id":"o1"}`, "", "not valid JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var o order
			err := completionOf(tc.content, inference.FinishReasonStop).DecodeContent(&o)
			var oe *inference.OutputError
			require.True(t, errors.As(err, &oe), "%v", err)
			assert.Equal(t, tc.path, oe.Path)
			assert.Contains(t, oe.Reason, tc.reason)
			assert.Contains(t, err.Error(), "inference_test.order")
		})
	}
}

func TestDecodeContentSaysWhenTheReplyWasCut(t *testing.T) {
	var o order
	err := completionOf(`{"id":"o1","lines":[{"sku":"a","q`, inference.FinishReasonLength).DecodeContent(&o)
	var oe *inference.OutputError
	require.True(t, errors.As(err, &oe))
	assert.Contains(t, oe.Reason, "max_tokens")
}

func TestDecodeContentNeedsAPointerAndAChoice(t *testing.T) {
	var o order
	assert.ErrorContains(t, completionOf(`{}`, "stop").DecodeContent(o), "non-nil pointer")
	var oe *inference.OutputError
	assert.True(t, errors.As((&inference.ChatCompletion{}).DecodeContent(&o), &oe))
}

// Tool arguments decode into the struct the tool was declared from.
func TestFunctionToolForAndDecodeArguments(t *testing.T) {
	type weatherArgs struct {
		City string `json:"city"`
		Unit string `json:"unit" jsonschema:"celsius or fahrenheit"`
	}
	tool, err := inference.FunctionToolFor[weatherArgs]("get_weather", "Current temperature in a city.")
	require.NoError(t, err)
	req := inference.ChatCompletionRequest{
		Model:    "llama-3.3-70b-versatile",
		Messages: []inference.Message{inference.UserMessage("How warm is it in Lisbon and in São Paulo?")},
		Tools:    []inference.Tool{tool},
	}
	out, err := newReplay(t).CreateChatCompletion(context.Background(), req)
	require.NoError(t, err)
	calls := out.ToolCalls()
	require.NotEmpty(t, calls)
	var args weatherArgs
	require.NoError(t, calls[0].DecodeArguments(&args))
	assert.Equal(t, weatherArgs{City: "Lisbon", Unit: "celsius"}, args)

	bad := inference.ToolCall{ID: "c", Type: "function", Function: inference.FunctionCall{Name: "get_weather", Arguments: `{"city":"Lisbon"}`}}
	var oe *inference.OutputError
	require.True(t, errors.As(bad.DecodeArguments(&args), &oe))
	assert.Contains(t, oe.Reason, `"unit" is missing`)
}
