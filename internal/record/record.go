// Package record lets the result types of conduit's packages note where
// each record starts in the answer being decoded, so that its RawJSON can
// be cut from the answer later.
//
// A record marks itself: each package's raw type, embedded in every result
// type, has an UnmarshalJSONFrom (Start) that notes the offset and hands
// the record's fields back to the decoder. Before, one hook given to the
// decoder did the noting for every type, which made the decoder look the
// hook up for every value it read, strings and numbers included: most of
// the difference between conduit and hand-written code decoding the same
// answer with the same decoder.
package record

import (
	"errors"

	"github.com/go-json-experiment/json/jsontext"
)

// Mark notes that the record whose *conduit.Raw is rec starts at dec's
// next value, when dec is one of conduit's decoders; package conduit sets
// it. A type with an UnmarshalJSONFrom of its own, which hides the
// raw type's, calls Mark before reading anything.
var Mark func(dec *jsontext.Decoder, rec any)

// Marked reports whether the record whose *conduit.Raw is rec was marked:
// whether a value, not null, was decoded into it. Package conduit sets it.
var Marked func(rec any) bool

// Start marks rec and returns errors.ErrUnsupported, which tells the
// decoder to decode the record's fields as it would without the method.
func Start(dec *jsontext.Decoder, rec any) error {
	Mark(dec, rec)
	return errors.ErrUnsupported
}
