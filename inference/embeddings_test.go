package inference_test

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func embedReq(in inference.EmbeddingInput) inference.EmbeddingRequest {
	return inference.EmbeddingRequest{Model: "text-embedding-ada-002", Input: in}
}

func TestCreateEmbeddings(t *testing.T) {
	l, err := newReplay(t).CreateEmbeddings(context.Background(), embedReq(inference.EmbedText("The food was delicious and the waiter...")))
	require.NoError(t, err)
	assert.Equal(t, "list", l.Object)
	assert.Equal(t, "text-embedding-ada-002", l.Model)
	require.Len(t, l.Data, 1)
	assert.Equal(t, inference.Vector{0.0023064255, -0.009327292, -0.0028842222}, l.Data[0].Embedding)
	require.NotNil(t, l.Usage)
	assert.Equal(t, int64(8), l.Usage.PromptTokens)
	assert.Contains(t, string(l.RawJSON()), `"object": "embedding"`)
}

// The base64 vectors are built here from float32 bits, apart from the
// decoder, and must decode to exactly those floats.
func TestEmbeddingBase64DecodesToTheSameFloats(t *testing.T) {
	want := inference.Vector{0.0023064255, -0.009327292, float32(math.Inf(-1)), 1e-38}
	raw := make([]byte, 0, 4*len(want))
	for _, f := range want {
		raw = binary.LittleEndian.AppendUint32(raw, math.Float32bits(f))
	}
	body := `{"object":"list","model":"m","data":[{"object":"embedding","index":0,"embedding":"` + base64.StdEncoding.EncodeToString(raw) + `"}]}`
	srv := testkit.Start(t, testkit.Reply{Body: body})
	l, err := client(t, srv).CreateEmbeddings(context.Background(), inference.EmbeddingRequest{
		Model: "m", Input: inference.EmbedText("x"), EncodingFormat: inference.EncodingBase64,
	})
	require.NoError(t, err)
	assert.Equal(t, want, l.Data[0].Embedding)
	assert.Equal(t, "base64", srv.Last(t).JSON(t)["encoding_format"])
}

func TestEmbeddingBase64FromTheFakeMatchesTheFloats(t *testing.T) {
	c := newReplay(t)
	req := embedReq(inference.EmbedText("The food was delicious and the waiter..."))
	floats, err := c.CreateEmbeddings(context.Background(), req)
	require.NoError(t, err)
	req.EncodingFormat = inference.EncodingBase64
	packed, err := c.CreateEmbeddings(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, floats.Data[0].Embedding, packed.Data[0].Embedding)
}

func TestEmbeddingBadBase64IsMalformed(t *testing.T) {
	for name, v := range map[string]string{"not base64": "%%%", "a partial float": "AAAAAAA="} {
		t.Run(name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Body: `{"object":"list","data":[{"index":0,"embedding":"` + v + `"}]}`})
			_, err := client(t, srv).CreateEmbeddings(context.Background(), embedReq(inference.EmbedText("x")))
			assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
		})
	}
}

// One text goes as a JSON string, a list as an array even of one.
func TestEmbeddingRequestShape(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "create_embeddings.json"), fixture(t, "create_embeddings.json"))
	c := client(t, srv)
	_, err := c.CreateEmbeddings(context.Background(), embedReq(inference.EmbedText("hello")))
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/v1/embeddings", got.Path)
	assert.JSONEq(t, `{"model":"text-embedding-ada-002","input":"hello"}`, string(got.Body))
	assertAuth(t, got)

	req := embedReq(inference.EmbedTexts("hello"))
	req.Dimensions, req.User, req.EncodingFormat = ptr(256), "u-1", inference.EncodingFloat
	_, err = c.CreateEmbeddings(context.Background(), req)
	require.NoError(t, err)
	assert.JSONEq(t, `{"model":"text-embedding-ada-002","input":["hello"],"dimensions":256,"user":"u-1","encoding_format":"float"}`, string(srv.Last(t).Body))
}

func TestEmbeddingsOfAListKeepTheirOrder(t *testing.T) {
	l, err := newReplay(t).CreateEmbeddings(context.Background(), embedReq(inference.EmbedTexts("first", "second")))
	require.NoError(t, err)
	require.Len(t, l.Data, 2)
	for i, e := range l.Data {
		assert.Equal(t, i, e.Index)
		assert.Len(t, e.Embedding, 3)
	}
}

func TestEmbeddingsRefuseBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := client(t, srv)
	many := make([]string, 2049)
	for i := range many {
		many[i] = "x"
	}
	for field, req := range map[string]inference.EmbeddingRequest{
		"model":           {Input: inference.EmbedText("x")},
		"input":           embedReq(inference.EmbeddingInput{}),
		"input[1]":        embedReq(inference.EmbedTexts("a", "")),
		"encoding_format": {Model: "m", Input: inference.EmbedText("x"), EncodingFormat: "int8"},
		"dimensions":      {Model: "m", Input: inference.EmbedText("x"), Dimensions: ptr(0)},
	} {
		_, err := c.CreateEmbeddings(context.Background(), req)
		testkit.InvalidParam(t, err, field)
	}
	_, err := c.CreateEmbeddings(context.Background(), embedReq(inference.EmbedTexts(many...)))
	testkit.InvalidParam(t, err, "input")
	_, err = c.CreateEmbeddings(context.Background(), embedReq(inference.EmbedText("")))
	testkit.InvalidParam(t, err, "input")
	assert.Zero(t, srv.Hits())
}

func TestEmbeddingsWithNoDataFail(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"object":"list","data":[],"model":"m"}`})
	_, err := client(t, srv).CreateEmbeddings(context.Background(), embedReq(inference.EmbedText("x")))
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Status: 200})
	assert.True(t, strings.Contains(e.Message, "no embeddings"), e.Message)
}

// An input read back from JSON (a recorded request) keeps its form: a
// string stays one text, an array stays a list, even of one.
func TestEmbeddingInputKeepsItsForm(t *testing.T) {
	for _, in := range []inference.EmbeddingInput{inference.EmbedText("a"), inference.EmbedTexts("a"), inference.EmbedTexts("a", "b")} {
		b, err := in.MarshalJSON()
		require.NoError(t, err)
		var back inference.EmbeddingInput
		require.NoError(t, back.UnmarshalJSON(b))
		assert.Equal(t, in, back, string(b))
	}
}
