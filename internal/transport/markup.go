package transport

import (
	"bytes"
	"encoding/xml"
	"mime"
	"strings"
)

// BlockPage is a failure page in markup that a service sends instead of a JSON
// body: an edge's HTML block page, known by a phrase it always holds.
type BlockPage struct {
	// Phrase identifies the page; it is matched without regard to case.
	Phrase string
	// Meaning is what the page means, whatever the status it came with; its
	// Message is the error's message, as the page's own text is markup.
	Meaning Meaning
	// Reason becomes Error.Reason: a hint at the cause the page names.
	Reason string
	// RequestID is the label the page puts before its reference
	// ("Reference ID:"); the word after it becomes Error.RequestID.
	RequestID string
}

// blockPage returns the first of the profile's block pages that body, a non-JSON
// answer, holds, or nil.
func (p *Profile) blockPage(contentType string, body []byte) *BlockPage {
	if len(p.BlockPages) == 0 || isJSON(contentType, body) {
		return nil
	}
	lower := bytes.ToLower(body)
	for i := range p.BlockPages {
		if bytes.Contains(lower, []byte(strings.ToLower(p.BlockPages[i].Phrase))) {
			return &p.BlockPages[i]
		}
	}
	return nil
}

// requestID returns the word that follows the page's request id label,
// past any tags ("Ray ID: <strong>8f2c…</strong>"), or "".
func (pg *BlockPage) requestID(body []byte) string {
	if pg.RequestID == "" {
		return ""
	}
	i := bytes.Index(bytes.ToLower(body), []byte(strings.ToLower(pg.RequestID)))
	if i < 0 {
		return ""
	}
	rest := body[i+len(pg.RequestID):]
	for {
		rest = bytes.TrimLeft(rest, " \t\r\n")
		if len(rest) == 0 || rest[0] != '<' {
			break
		}
		end := bytes.IndexByte(rest, '>')
		if end < 0 {
			return ""
		}
		rest = rest[end+1:]
	}
	end := bytes.IndexAny(rest, " \t\r\n<\"'")
	if end < 0 {
		end = len(rest)
	}
	return string(rest[:end])
}

// isXML reports whether a failure body is XML (an object store's error
// document), by its type or its declaration.
func isXML(contentType string, b []byte) bool {
	mt, _, _ := mime.ParseMediaType(contentType)
	return strings.HasSuffix(mt, "/xml") || strings.HasSuffix(mt, "+xml") || bytes.HasPrefix(bytes.TrimSpace(b), []byte("<?xml"))
}

// parseXML turns an XML document into the shape parseJSON gives, so that
// the profile's paths read both: an element is a map of its children by
// name (a repeated name collects a list), or its text when it has none.
// "<Error><Code>NoSuchKey</Code></Error>" reads as Error.Code. It returns
// nil for a body that is not well-formed.
func parseXML(b []byte) any {
	d := xml.NewDecoder(bytes.NewReader(b))
	var root struct {
		XMLName xml.Name
		node
	}
	if d.Decode(&root) != nil {
		return nil
	}
	return map[string]any{root.XMLName.Local: root.value()}
}

// node is one element while an XML document is read.
type node struct {
	Text  string `xml:",chardata"`
	Nodes []struct {
		XMLName xml.Name
		node
	} `xml:",any"`
}

func (n *node) value() any {
	if len(n.Nodes) == 0 {
		return strings.TrimSpace(n.Text)
	}
	m := make(map[string]any, len(n.Nodes))
	for i := range n.Nodes {
		c := &n.Nodes[i]
		name, v := c.XMLName.Local, c.value()
		switch prev := m[name].(type) {
		case nil:
			m[name] = v
		case []any:
			m[name] = append(prev, v)
		default:
			m[name] = []any{prev, v}
		}
	}
	return m
}
