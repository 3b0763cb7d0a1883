package replay

import "encoding/json"

// jsonString reads a top-level string member of a JSON object body.
func jsonString(body []byte, name string) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return ""
	}
	var s string
	json.Unmarshal(m[name], &s)
	return s
}
