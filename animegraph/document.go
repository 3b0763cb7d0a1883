package animegraph

// isMutation reports whether a GraphQL document defines a mutation: an
// operation whose type, the first word of a top-level definition, is
// "mutation", whatever comes before it (comments, fragments, other named
// operations). Only that word counts: strings, block strings and comments
// are skipped, and the word elsewhere (a field, an alias, an argument, an
// operation, fragment or directive name) is not an operation type.
func isMutation(doc string) bool {
	depth := 0
	definitionStart := true // the next name at depth 0 is a definition's first word
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
			if depth == 0 && c == '{' {
				definitionStart = false // a query's shorthand: { field }
			}
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
			if depth == 0 && c == '}' {
				definitionStart = true
			}
		case isNameStart(c):
			j := i
			for j < len(doc) && isNameChar(doc[j]) {
				j++
			}
			if depth == 0 && definitionStart {
				if doc[i:j] == "mutation" {
					return true
				}
				definitionStart = false
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
