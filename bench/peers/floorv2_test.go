package peers

import (
	jsonv2 "github.com/go-json-experiment/json"
)

// The v2 floors: the hand-written contenders again, writing and reading
// with go-json-experiment, the decoder conduit itself uses, into the same
// plain structs. They are the limit conduit is measured against: what is
// left between conduit and them is conduit's own work (raw bytes kept,
// checks, options), not a faster decoder.

var v2 = codec{
	marshal:   func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
	unmarshal: func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) },
}

var (
	// v2FloorStream copies each event's data before decoding it, as
	// conduit copies it to keep each chunk's RawJSON.
	v2FloorStream = floorStream(v2, true, takePlain)
	v2Complete    = complete(v2)
	v2Sunrise     = getSunrise(v2)
)
