package pkgstats

import (
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// checkPackage validates the two path inputs every operation shares.
func checkPackage(op *transport.Op, registryType, name string) error {
	if !isRegistryType(registryType) {
		return op.Invalid("registry_type", "%q is not a registry type such as \"npm\"", registryType)
	}
	why := checkName(name)
	if registryType == "gh" {
		why = checkRepo(name)
	}
	if why != "" {
		return op.Invalid("package", "%q %s", name, why)
	}
	return nil
}

// checkVersion validates an exact version, one path segment after "@":
// letters, digits and . - + _ (a semver version, or a GitHub tag or
// commit), never a range such as "^2".
func checkVersion(op *transport.Op, version string) error {
	ok := version != "" && version != "." && version != ".."
	for i := 0; ok && i < len(version); i++ {
		b := version[i]
		ok = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte(".-+_", b) >= 0
	}
	if !ok {
		return op.Invalid("version", "%q is not an exact version such as \"3.7.1\"", version)
	}
	return nil
}

// isRegistryType accepts one lower-case word: the sources are named "npm",
// "gh" and the like.
func isRegistryType(s string) bool { return isWord(s) && s == strings.ToLower(s) }

// checkName says what is wrong with a package name, or "" when it is a
// plain name or @scope/name: one slash at most and only in a scoped name, no
// empty or dot segments, no spaces or control characters.
func checkName(name string) string {
	if name == "" {
		return "is empty"
	}
	if strings.ContainsFunc(name, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return "contains a space or control character"
	}
	segs := strings.Split(name, "/")
	switch {
	case len(segs) > 2:
		return "has more than one slash"
	case len(segs) == 2 && !strings.HasPrefix(name, "@"):
		return "has a slash but is not a scoped @scope/name"
	case len(segs) == 1 && strings.HasPrefix(name, "@"):
		return "is a scope without a package name"
	}
	for _, s := range segs {
		if s == "" || s == "@" || transport.DotSegment(s) {
			return "has an empty or dot segment"
		}
	}
	return ""
}

// checkRepo says what is wrong with a GitHub package name, or "" when it is
// user/repo: two non-empty segments, neither a dot segment, no spaces or
// control characters, and no "@" in the user.
func checkRepo(name string) string {
	user, repo, ok := strings.Cut(name, "/")
	switch {
	case !ok || strings.Contains(repo, "/"):
		return "is not a GitHub user/repo"
	case strings.ContainsFunc(name, func(r rune) bool { return r <= ' ' || r == 0x7f }):
		return "contains a space or control character"
	case user == "" || repo == "" || strings.Contains(user, "@") || transport.DotSegment(user) || transport.DotSegment(repo):
		return "is not a GitHub user/repo"
	}
	return ""
}

// isWord accepts letters, digits and dashes.
func isWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-') {
			return false
		}
	}
	return s != ""
}

func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f })
}
