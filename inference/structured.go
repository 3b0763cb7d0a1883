package inference

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/google/jsonschema-go/jsonschema"

	"github.com/conduit-sdk/conduit/internal/wire"
)

// Structured output from Go types: ResponseFormatFor and FunctionToolFor
// describe a Go struct to the model as a JSON Schema, and DecodeContent and
// DecodeArguments read the model's JSON back into it, refusing JSON that
// does not fit with an *OutputError naming where.
//
// The schema is inferred by github.com/google/jsonschema-go: every
// exported field is a property under its json name, required unless
// tagged omitempty or omitzero, no other property allowed; a jsonschema
// tag is the property's description, which the model reads:
//
//	type Order struct {
//		City string `json:"city" jsonschema:"the city the order ships to"`
//		Qty  int    `json:"qty"`
//	}

// SchemaFor returns the JSON Schema of T, an object type, for a tool's
// parameters or a response format built by hand.
func SchemaFor[T any]() (json.RawMessage, error) {
	s, err := schemaOf(reflect.TypeFor[T]())
	if err != nil {
		return nil, err
	}
	return s.raw, nil
}

// ResponseFormatFor asks for a reply that is a JSON T, named name (1 to 64
// letters, digits, _ or -). Set Strict on its JSONSchema where the host
// supports strict schemas and every field of T is required.
func ResponseFormatFor[T any](name string) (*ResponseFormat, error) {
	s, err := SchemaFor[T]()
	if err != nil {
		return nil, err
	}
	return &ResponseFormat{Type: FormatJSONSchema, JSONSchema: &JSONSchema{Name: name, Schema: s}}, nil
}

// FunctionToolFor is the tool for a function of the caller's whose
// arguments are a T; DecodeArguments reads a call's arguments into one.
func FunctionToolFor[T any](name, description string) (Tool, error) {
	s, err := SchemaFor[T]()
	if err != nil {
		return Tool{}, err
	}
	return FunctionTool(name, description, s), nil
}

// DecodeContent decodes the reply's content, a JSON document asked for with
// ResponseFormatFor, into v, a non-nil pointer. JSON that does not fit v's
// type (a member missing, unknown or of another type, a value the schema
// refuses, a reply cut short) is an *OutputError; v may then be partly
// filled.
func (c *ChatCompletion) DecodeContent(v any) error {
	if len(c.Choices) == 0 {
		return &OutputError{Reason: "the completion has no choices"}
	}
	ch := &c.Choices[0]
	err := decodeOutput([]byte(ch.Message.Content.Text()), v)
	var oe *OutputError
	if errors.As(err, &oe) && ch.FinishReason == FinishReasonLength {
		oe.Reason += " (the reply was cut at max_tokens: finish_reason length)"
	}
	return err
}

// DecodeArguments decodes the call's arguments into v, a non-nil pointer,
// as DecodeContent decodes a reply: arguments that do not fit v's type are
// an *OutputError, to send back to the model in a ToolMessage or to retry.
func (tc ToolCall) DecodeArguments(v any) error {
	return decodeOutput([]byte(tc.Function.Arguments), v)
}

// OutputError reports model output that does not fit the Go type it was
// decoded into.
type OutputError struct {
	// Type is the Go type decoded into.
	Type string
	// Path is the JSON Pointer of the value at fault ("/items/0/qty"); ""
	// is the whole document.
	Path string
	// Reason says what is wrong there.
	Reason string
	// Err is the decoder's or the validator's error, when there is one.
	Err error
}

// Error names the type, the path and the reason.
func (e *OutputError) Error() string {
	at := ""
	if e.Path != "" {
		at = " at " + e.Path
	}
	return fmt.Sprintf("inference: the model's JSON does not fit %s%s: %s", e.Type, at, e.Reason)
}

// Unwrap returns the decoder's or the validator's error.
func (e *OutputError) Unwrap() error { return e.Err }

// typeSchema is a Go type's schema, inferred once.
type typeSchema struct {
	schema   *jsonschema.Schema
	resolved *jsonschema.Resolved
	raw      json.RawMessage
}

var schemas sync.Map // reflect.Type → *typeSchema

// schemaOf infers, checks and caches t's schema; hosts take an object
// at the root of a response format or of a tool's parameters.
func schemaOf(t reflect.Type) (*typeSchema, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s, ok := schemas.Load(t); ok {
		return s.(*typeSchema), nil
	}
	s, err := jsonschema.ForType(t, nil)
	if err != nil {
		return nil, fmt.Errorf("inference: the JSON Schema of %s: %w", t, err)
	}
	if s.Type != "object" {
		return nil, fmt.Errorf("inference: the JSON Schema of %s is not an object; hosts take a struct or a map at the root", t)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		return nil, fmt.Errorf("inference: the JSON Schema of %s: %w", t, err)
	}
	raw, err := wire.Encode(s)
	if err != nil {
		return nil, fmt.Errorf("inference: the JSON Schema of %s: %w", t, err)
	}
	ts, _ := schemas.LoadOrStore(t, &typeSchema{schema: s, resolved: r, raw: raw})
	return ts.(*typeSchema), nil
}

// decodeOutput decodes data into v strictly (no unknown member, exact
// names and types) and holds it to v's schema: the decoder names the
// path of a value of the wrong type, misfit the path of a member left out
// or null, and the validator checks the rest.
func decodeOutput(data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("inference: decoding model output needs a non-nil pointer, got %T", v)
	}
	ts, err := schemaOf(rv.Type())
	if err != nil {
		return err
	}
	name := rv.Type().Elem().String()
	var doc any
	if err := jsonv2.Unmarshal(data, &doc); err != nil {
		return outputError(name, err)
	}
	if err := jsonv2.Unmarshal(data, v, jsonv2.RejectUnknownMembers(true)); err != nil {
		return outputError(name, err)
	}
	if path, reason := misfit(ts.schema, doc, ""); reason != "" {
		return &OutputError{Type: name, Path: path, Reason: reason}
	}
	if err := ts.resolved.Validate(doc); err != nil {
		return &OutputError{Type: name, Reason: err.Error(), Err: err}
	}
	return nil
}

// outputError turns a decoder's error into an *OutputError at the path the
// decoder names.
func outputError(name string, err error) error {
	e := &OutputError{Type: name, Reason: err.Error(), Err: err}
	var se *jsonv2.SemanticError
	var syn *jsontext.SyntacticError
	switch {
	case errors.As(err, &se):
		e.Path = string(se.JSONPointer)
		e.Reason = semanticReason(se)
	case errors.As(err, &syn):
		e.Path = string(syn.JSONPointer)
		e.Reason = fmt.Sprintf("not valid JSON at byte %d: %v", syn.ByteOffset, syn.Err)
	}
	return e
}

func semanticReason(se *jsonv2.SemanticError) string {
	switch {
	case errors.Is(se.Err, jsonv2.ErrUnknownName):
		return "unknown member"
	case se.GoType != nil && se.JSONKind != 0:
		return fmt.Sprintf("a JSON %s where a Go %s is expected", se.JSONKind, se.GoType)
	case se.Err != nil:
		return se.Err.Error()
	}
	return se.Error()
}

// misfit finds what the decoder lets pass and the schema refuses, at a
// path the validator would not name: a required member absent from an
// object, or null where the schema wants one type that is not null. It
// walks the properties and items the schema describes, and returns the
// JSON Pointer of the value at fault and why; reason is "" when all fits.
func misfit(s *jsonschema.Schema, doc any, at string) (path, reason string) {
	switch d := doc.(type) {
	case nil:
		if s.Type != "" && s.Type != "null" {
			return at, "null where a " + s.Type + " is required"
		}
	case map[string]any:
		for _, name := range s.Required {
			if _, ok := d[name]; !ok {
				return at, fmt.Sprintf("member %q is missing", name)
			}
		}
		names := make([]string, 0, len(s.Properties))
		for name := range s.Properties {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			if v, ok := d[name]; ok {
				if p, r := misfit(s.Properties[name], v, at+"/"+escapePointer(name)); r != "" {
					return p, r
				}
			}
		}
	case []any:
		if s.Items != nil {
			for i, v := range d {
				if p, r := misfit(s.Items, v, at+"/"+strconv.Itoa(i)); r != "" {
					return p, r
				}
			}
		}
	}
	return "", ""
}

// escapePointer escapes a member name as a JSON Pointer token (RFC 6901).
func escapePointer(name string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(name)
}
