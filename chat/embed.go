package chat

import (
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Embed is a rich block of a message: a title, a description, fields, an
// image. The platform refuses a message whose embeds pass its limits
// (checked before sending: see checkEmbeds) with a 400 that names only the
// first problem, so conduit says which embed and which part.
type Embed struct {
	raw         `json:"-"`
	Title       string       `json:"title,omitempty"`
	Description string       `json:"description,omitempty"`
	URL         string       `json:"url,omitempty"`
	Timestamp   *time.Time   `json:"timestamp,omitempty"`
	Color       int          `json:"color,omitempty"`
	Footer      *EmbedFooter `json:"footer,omitempty"`
	Image       *EmbedMedia  `json:"image,omitempty"`
	Thumbnail   *EmbedMedia  `json:"thumbnail,omitempty"`
	Author      *EmbedAuthor `json:"author,omitempty"`
	Fields      []EmbedField `json:"fields,omitempty"`
}

// EmbedFooter is the small text under an embed.
type EmbedFooter struct {
	Text    string `json:"text"`
	IconURL string `json:"icon_url,omitempty"`
}

// EmbedMedia is an embed's image or thumbnail; URL may be an uploaded
// file's "attachment://<name>".
type EmbedMedia struct {
	URL    string `json:"url"`
	Height int    `json:"height,omitempty"`
	Width  int    `json:"width,omitempty"`
}

// EmbedAuthor is the line above an embed's title.
type EmbedAuthor struct {
	Name    string `json:"name"`
	URL     string `json:"url,omitempty"`
	IconURL string `json:"icon_url,omitempty"`
}

// EmbedField is one name and value pair of an embed.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
}

// The platform's documented limits, in characters (code points).
const (
	maxEmbeds          = 10
	maxEmbedFields     = 25
	maxEmbedTitle      = 256
	maxEmbedDesc       = 4096
	maxEmbedFieldName  = 256
	maxEmbedFieldValue = 1024
	maxEmbedFooter     = 2048
	maxEmbedAuthor     = 256
	maxEmbedsTotal     = 6000 // across every embed of one message
	maxContent         = 2000
)

// limited is one text of an embed and the platform's limit on it.
type limited struct {
	field, text string
	max         int
}

// checkEmbeds holds embeds to the platform's limits, naming the part that
// passes one ("embeds[1].fields[3].value"), so that a message the platform
// would refuse is never sent.
func checkEmbeds(op *transport.Op, embeds []Embed) error {
	if len(embeds) > maxEmbeds {
		return op.Invalid("embeds", "holds %d embeds; a message takes at most %d", len(embeds), maxEmbeds)
	}
	total := 0
	for i, e := range embeds {
		name := fmt.Sprintf("embeds[%d]", i)
		if len(e.Fields) > maxEmbedFields {
			return op.Invalid(name+".fields", "holds %d fields; an embed takes at most %d", len(e.Fields), maxEmbedFields)
		}
		texts := []limited{{".title", e.Title, maxEmbedTitle}, {".description", e.Description, maxEmbedDesc}}
		if e.Footer != nil {
			texts = append(texts, limited{".footer.text", e.Footer.Text, maxEmbedFooter})
		}
		if e.Author != nil {
			texts = append(texts, limited{".author.name", e.Author.Name, maxEmbedAuthor})
		}
		for j, f := range e.Fields {
			if f.Name == "" || f.Value == "" {
				return op.Invalid(fmt.Sprintf("%s.fields[%d]", name, j), "needs both a name and a value")
			}
			texts = append(texts, limited{fmt.Sprintf(".fields[%d].name", j), f.Name, maxEmbedFieldName},
				limited{fmt.Sprintf(".fields[%d].value", j), f.Value, maxEmbedFieldValue})
		}
		for _, t := range texts {
			n := utf8.RuneCountInString(t.text)
			if n > t.max {
				return op.Invalid(name+t.field, "is %d characters; the platform takes at most %d", n, t.max)
			}
			total += n
		}
	}
	if total > maxEmbedsTotal {
		return op.Invalid("embeds", "hold %d characters of text in all; a message takes at most %d", total, maxEmbedsTotal)
	}
	return nil
}
