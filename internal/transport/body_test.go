package transport

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/internal/config"
)

// A body a package encoded itself is sent as it is, and takes the body
// credentials and the caller's extra members like an encoded value.
func TestJSONBodySentAsEncoded(t *testing.T) {
	fields := []config.Field{{Name: "user", Value: []byte(`"u1"`)}, {Name: "n", Value: []byte(`2`)}}
	creds := []string{"key", "s3cret"}
	for _, tc := range []struct {
		fields []config.Field
		creds  []string
		want   string
	}{
		{nil, nil, `{"model":"m","n":1}`},
		{fields, creds, `{"key":"s3cret","model":"m","user":"u1","n":2}`},
	} {
		got, err := jsonBody(JSON(`{"model":"m","n":1}`), tc.fields, tc.creds)
		require.NoError(t, err)
		assert.Equal(t, tc.want, string(got))
		typed, err := jsonBody(struct {
			Model string `json:"model"`
			N     int    `json:"n"`
		}{"m", 1}, tc.fields, tc.creds)
		require.NoError(t, err)
		assert.Equal(t, string(typed), string(got), "the same value encoded by encoding/json")
	}
}
