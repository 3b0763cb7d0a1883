package inference

import (
	"cmp"
	"context"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Embedding a text changes nothing on the server: the POST is a read,
// retried like a GET.
var embeddingsOp = transport.Declare(service, transport.Op{Name: "CreateEmbeddings", Method: "POST", Path: "/embeddings"},
	(*EmbeddingList).problem)

// maxEmbeddingInputs is the most texts one request may embed (OpenAI's
// documented limit; hosts that take fewer answer 400).
const maxEmbeddingInputs = 2048

// EmbeddingRequest is the body of CreateEmbeddings. Model and Input are
// required; the optional fields are sent only when set.
type EmbeddingRequest struct {
	Model string `json:"model"`
	// Input is one text (EmbedText) or several (EmbedTexts), each embedded
	// on its own.
	Input EmbeddingInput `json:"input"`
	// EncodingFormat is how the host sends the vectors: EncodingFloat (the
	// default) or EncodingBase64, about a quarter of the bytes. Both decode
	// into Embedding.Embedding.
	EncodingFormat EncodingFormat `json:"encoding_format,omitempty"`
	// Dimensions asks models that can shorten their vectors (OpenAI's
	// text-embedding-3 family) for this many.
	Dimensions *int `json:"dimensions,omitempty"`
	// User identifies the end user to the host, for abuse monitoring.
	User string `json:"user,omitempty"`
}

// EncodingFormat is how embedding vectors travel.
type EncodingFormat string

// The encoding formats.
const (
	EncodingFloat  EncodingFormat = "float"  // a JSON array of numbers
	EncodingBase64 EncodingFormat = "base64" // little-endian float32s, base64-encoded
)

// EmbeddingInput is what to embed: one text, sent as a JSON string, or a
// list, sent as an array, whose vectors come back in the same order.
type EmbeddingInput struct {
	texts []string
	list  bool
}

// EmbedText is the input of one text.
func EmbedText(text string) EmbeddingInput { return EmbeddingInput{texts: []string{text}} }

// EmbedTexts is the input of several texts, embedded in one request.
func EmbedTexts(texts ...string) EmbeddingInput { return EmbeddingInput{texts: texts, list: true} }

// Texts returns the texts of the input.
func (in EmbeddingInput) Texts() []string { return in.texts }

// MarshalJSON sends one text as a string and a list as an array.
func (in EmbeddingInput) MarshalJSON() ([]byte, error) {
	if !in.list && len(in.texts) == 1 {
		return wire.AppendString(nil, in.texts[0]), nil
	}
	return wire.Encode(in.texts)
}

// UnmarshalJSON accepts both forms MarshalJSON sends.
func (in *EmbeddingInput) UnmarshalJSON(b []byte) error {
	*in = EmbeddingInput{}
	if wire.Kind(b) == '"' {
		s, err := wire.String(b)
		*in = EmbedText(s)
		return err
	}
	in.list = true
	return conduit.Unmarshal(b, &in.texts)
}

// EmbeddingList is the result of CreateEmbeddings. RawJSON returns it as
// sent.
type EmbeddingList struct {
	raw    `json:"-"`
	Object string      `json:"object"`
	Data   []Embedding `json:"data"`
	Model  string      `json:"model"`
	// Usage counts the input's tokens (prompt_tokens and total_tokens).
	Usage       *Usage       `json:"usage,omitempty"`
	ErrorObject *ErrorObject `json:"error,omitempty"`
}

// Embedding is the vector of one input text.
type Embedding struct {
	Object string `json:"object"`
	// Index is the position of the text in the request's input.
	Index     int    `json:"index"`
	Embedding Vector `json:"embedding"`
}

// Vector is an embedding: float32s, the precision embedding models produce
// and the base64 encoding carries. It decodes from either encoding and is
// sent as an array of numbers.
type Vector []float32

// UnmarshalJSON accepts an array of numbers, or a base64 string of
// little-endian float32s.
func (v *Vector) UnmarshalJSON(b []byte) error {
	if wire.Kind(b) != '"' {
		return conduit.Unmarshal(b, (*[]float32)(v))
	}
	s, err := wire.String(b)
	if err != nil {
		return err
	}
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return fmt.Errorf("inference: base64 embedding: %w", err)
	}
	if len(raw)%4 != 0 {
		return fmt.Errorf("inference: base64 embedding of %d bytes is not a whole number of float32s", len(raw))
	}
	out := make(Vector, len(raw)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
	}
	*v = out
	return nil
}

// problem reports a 2xx answer that holds an error object or no vector at
// all, which conduit turns into an *Error rather than an empty list.
func (l *EmbeddingList) problem() *transport.Problem {
	if e := l.ErrorObject; e != nil {
		return &transport.Problem{Code: cmp.Or(e.Code, e.Type), Message: e.Message}
	}
	if len(l.Data) == 0 {
		return &transport.Problem{Message: "the answer has no embeddings"}
	}
	return nil
}

// CreateEmbeddings returns a vector for each text of req.Input, in
// req.Input's order (Data[i].Index is i), for search, clustering and
// retrieval over hosts that serve embedding models.
func (c *Client) CreateEmbeddings(ctx context.Context, req EmbeddingRequest, opts ...Option) (*EmbeddingList, error) {
	if b := req.check(); b != nil {
		return nil, embeddingsOp.Invalid(b.field, "%s", b.reason)
	}
	return embeddingsOp.Do(ctx, c.t, transport.Call{Body: req}, opts)
}

// check refuses what hosts refuse: no model, no text, an empty text, more
// texts than one request takes, an unknown encoding, no dimensions.
func (r *EmbeddingRequest) check() *badParam {
	if r.Model == "" {
		return bad("model", "is empty")
	}
	texts := r.Input.texts
	switch {
	case len(texts) == 0:
		return bad("input", "has no text")
	case len(texts) > maxEmbeddingInputs:
		return bad("input", "has %d texts; one request takes at most %d", len(texts), maxEmbeddingInputs)
	}
	for i, t := range texts {
		if t == "" {
			if r.Input.list {
				return bad(fmt.Sprintf("input[%d]", i), "is empty")
			}
			return bad("input", "is empty")
		}
	}
	switch r.EncodingFormat {
	case "", EncodingFloat, EncodingBase64:
	default:
		return bad("encoding_format", "%q is not float or base64", r.EncodingFormat)
	}
	if d := r.Dimensions; d != nil && *d < 1 {
		return bad("dimensions", "%d is not positive", *d)
	}
	return nil
}
