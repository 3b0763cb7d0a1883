package ci_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/ci"
)

func TestParseProjectSlug(t *testing.T) {
	for in, want := range map[string]ci.ProjectSlug{
		"gh/acme/api":                 {VCS: "gh", Org: "acme", Repo: "api"},
		"  bb/my-team/web.app\n":      {VCS: "bb", Org: "my-team", Repo: "web.app"},
		"circleci/6f2a91c4/0b7e3d58a": {VCS: "circleci", Org: "6f2a91c4", Repo: "0b7e3d58a"},
		"github/Acme_Inc/répo":        {VCS: "github", Org: "Acme_Inc", Repo: "répo"},
	} {
		got, err := ci.ParseProjectSlug(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
		assert.Equal(t, strings.TrimSpace(in), got.String())
	}
	_, err := ci.ParseProjectSlug("gh/acme")
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Contains(t, err.Error(), `"gh/acme"`, "the slug is no secret: it is quoted")
}

func FuzzParseProjectSlug(f *testing.F) {
	for _, s := range []string{"gh/acme/api", "bb/a/b", " gh/a/b ", "gh//b", "a/b/c/d", "gh/./b", "gh/a\x00/b", "gh/a b/c", "gh/a/\xff", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, err := ci.ParseProjectSlug(in)
		if err != nil {
			var e *ci.Error
			if !assert.ErrorAs(t, err, &e) || e.Field == "" || !assert.ErrorIs(t, err, conduit.ErrInvalidParam) {
				t.Fatalf("%q: unexpected error %v", in, err)
			}
			return
		}
		for _, part := range []string{p.VCS, p.Org, p.Repo} {
			if part == "" || part == "." || part == ".." || strings.ContainsAny(part, "/ \t\r\n") {
				t.Fatalf("%q parsed to unusable %+v", in, p)
			}
		}
		if p.String() != strings.TrimSpace(in) {
			t.Fatalf("%q: String() = %q", in, p.String())
		}
		again, err := ci.ParseProjectSlug(p.String())
		if err != nil || again != p {
			t.Fatalf("%q: does not survive a round trip: %+v, %v", in, again, err)
		}
	})
}
