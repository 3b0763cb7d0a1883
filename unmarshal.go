package conduit

// Unmarshal decodes JSON the way conduit decodes answers: leniently, as
// services send it, and filling the Raw of every record in v, nested ones
// included. Use it to decode an answer kept from earlier (a cache, a
// recording) into the same types the methods return. The records keep
// slices of data: do not modify it afterwards.
func Unmarshal(data []byte, v any) error { return decodeJSON(data, v) }
