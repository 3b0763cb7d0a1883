package observability_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/observability"
)

func TestAuthTolerant(t *testing.T) {
	rec := record(t, 200, `{"id":4711,"type":"ingest","api_key_access":{"events":true,"boards":"yes","slos":null},
		"environment":null,"team":"Solo"}`)
	a, err := client(t, rec.URL).Auth(context.Background())
	require.NoError(t, err)
	assert.Equal(t, observability.ID("4711"), a.ID)
	assert.Equal(t, observability.Access{"events": true, "boards": false, "slos": false}, a.APIKeyAccess)
	assert.Equal(t, observability.Named{}, a.Environment)
	assert.Equal(t, observability.Named{Name: "Solo"}, a.Team)

	rec = record(t, 200, `{"id":"k1","api_key_access":null,"team":{"name":"T","slug":"t","plan":"pro"}}`)
	a, err = client(t, rec.URL).Auth(context.Background())
	require.NoError(t, err)
	assert.Empty(t, a.APIKeyAccess)
	assert.Equal(t, "t", a.Team.Slug)
}

func FuzzAccess(f *testing.F) {
	for _, s := range []string{`{"events":true,"boards":false}`, `null`, `{}`, `{"a":"true"}`, `[]`, `"x"`, `{"a":{"b":true}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !json.Valid([]byte(in)) {
			return // json hands UnmarshalJSON only valid values
		}
		var a observability.Access
		if a.UnmarshalJSON([]byte(in)) != nil {
			return
		}
		var plain map[string]any
		if json.Unmarshal([]byte(in), &plain) != nil {
			t.Fatalf("accepted %q, which is not a JSON object or null", in)
		}
		for k, v := range a {
			if v != (plain[k] == true) {
				t.Fatalf("%q: %s decoded to %v", in, k, v)
			}
		}
	})
}

func FuzzNamed(f *testing.F) {
	for _, s := range []string{`{"name":"Production","slug":"production"}`, `"Solo"`, `null`, `{}`, `5`, `{"name":5}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !json.Valid([]byte(in)) {
			return // json hands UnmarshalJSON only valid values
		}
		var n observability.Named
		if n.UnmarshalJSON([]byte(in)) != nil {
			return
		}
		var s string
		if json.Unmarshal([]byte(in), &s) == nil && in != "null" && n.Name != s {
			t.Fatalf("string %q decoded to name %q", in, n.Name)
		}
	})
}

func FuzzID(f *testing.F) {
	for _, s := range []string{`"hcxik_01"`, `4711`, `null`, `1e3`, `true`, `{}`, `-0.5`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !json.Valid([]byte(in)) {
			return // json hands UnmarshalJSON only valid values
		}
		var id observability.ID
		if id.UnmarshalJSON([]byte(in)) != nil {
			return
		}
		switch c := strings.TrimSpace(in)[0]; {
		case c == '"', c == '-', c == 'n', '0' <= c && c <= '9':
		default:
			t.Fatalf("accepted %q, neither string nor number", in)
		}
	})
}
