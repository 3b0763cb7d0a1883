package animegraph

// isMutation reports whether a GraphQL document defines a mutation: an
// operation of type mutation at the top level, whatever comes before it
// (comments, fragments, other named operations). Strings, block strings and
// comments are skipped, so text that merely mentions the word does not
// count, and a selection's fields named "mutation" are nested, not at the
// top level.
func isMutation(doc string) bool {
	depth := 0
	for i := 0; i < len(doc); {
		c := doc[i]
		switch {
		case c == '#':
			for i < len(doc) && doc[i] != '\n' && doc[i] != '\r' {
				i++
			}
			continue
		case c == '"' && len(doc) >= i+3 && doc[i:i+3] == `"""`:
			i += 3
			for i < len(doc) && !(len(doc) >= i+3 && doc[i:i+3] == `"""` && doc[i-1] != '\\') {
				i++
			}
			i += 3
			continue
		case c == '"':
			for i++; i < len(doc) && doc[i] != '"' && doc[i] != '\n'; i++ {
				if doc[i] == '\\' {
					i++
				}
			}
			i++
			continue
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		case isNameStart(c):
			j := i
			for j < len(doc) && isNameChar(doc[j]) {
				j++
			}
			if depth == 0 && doc[i:j] == "mutation" {
				return true
			}
			i = j
			continue
		}
		i++
	}
	return false
}

func isNameStart(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isNameChar(c byte) bool  { return isNameStart(c) || '0' <= c && c <= '9' }
