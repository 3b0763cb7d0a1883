package chat

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// ComponentType is a message component's kind, as the platform numbers
// them.
type ComponentType int

// The component types. Action rows and the interactive components inside
// them work in any message; the layout components (section to container)
// make a message one of the platform's "components v2", which has no
// content or embeds of its own: conduit sets the message flag that says
// so.
const (
	ActionRowComponent         ComponentType = 1
	ButtonComponent            ComponentType = 2
	StringSelectComponent      ComponentType = 3
	TextInputComponent         ComponentType = 4
	UserSelectComponent        ComponentType = 5
	RoleSelectComponent        ComponentType = 6
	MentionableSelectComponent ComponentType = 7
	ChannelSelectComponent     ComponentType = 8
	SectionComponent           ComponentType = 9
	TextDisplayComponent       ComponentType = 10
	ThumbnailComponent         ComponentType = 11
	MediaGalleryComponent      ComponentType = 12
	FileComponent              ComponentType = 13
	SeparatorComponent         ComponentType = 14
	ContainerComponent         ComponentType = 17
)

// Component is one message component: an *ActionRow, *Button, a select
// menu, a *TextInput, or a layout component. Build a message's array with
// Components.
type Component interface {
	// Type is the component's kind, sent as its "type".
	Type() ComponentType
	check(op *transport.Op, field string) error
}

// ButtonStyle is a button's look, and for a link or premium button what
// it does.
type ButtonStyle int

// The button styles.
const (
	ButtonPrimary   ButtonStyle = 1
	ButtonSecondary ButtonStyle = 2
	ButtonSuccess   ButtonStyle = 3
	ButtonDanger    ButtonStyle = 4
	ButtonLink      ButtonStyle = 5 // opens URL; sends no interaction
	ButtonPremium   ButtonStyle = 6 // buys SKUID; sends no interaction
)

// Emoji is the platform's emoji object, on a button, a select option or a
// reaction: a Unicode one by Name (ID empty), a custom one by ID (and
// Name).
type Emoji struct {
	ID       Snowflake `json:"id,omitempty"`
	Name     string    `json:"name,omitempty"`
	Animated bool      `json:"animated,omitzero"`
}

// ActionRow holds up to 5 buttons, or one select menu; in a modal, one
// text input.
type ActionRow struct {
	// ID is an optional identifier of the component within the message;
	// the platform numbers those left 0.
	ID         int         `json:"id,omitzero"`
	Components []Component `json:"components"`
}

// Button is a button. Every style but ButtonLink and ButtonPremium sends
// an interaction carrying CustomID.
type Button struct {
	ID       int         `json:"id,omitzero"`
	Style    ButtonStyle `json:"style"`
	Label    string      `json:"label,omitempty"` // at most 80 characters
	Emoji    *Emoji      `json:"emoji,omitempty"`
	CustomID string      `json:"custom_id,omitempty"` // 1 to 100 characters
	SKUID    Snowflake   `json:"sku_id,omitempty"`
	URL      string      `json:"url,omitempty"`
	Disabled bool        `json:"disabled,omitzero"`
}

// SelectOption is one choice of a StringSelect.
type SelectOption struct {
	Label       string `json:"label"` // at most 100 characters
	Value       string `json:"value"` // at most 100 characters
	Description string `json:"description,omitempty"`
	Emoji       *Emoji `json:"emoji,omitempty"`
	Default     bool   `json:"default,omitzero"`
}

// StringSelect is a menu of the application's own options.
type StringSelect struct {
	ID          int            `json:"id,omitzero"`
	CustomID    string         `json:"custom_id"`
	Options     []SelectOption `json:"options"` // 1 to 25
	Placeholder string         `json:"placeholder,omitempty"`
	// MinValues (0 to 25) and MaxValues (1 to 25) bound how many options
	// are picked; nil means the platform's 1.
	MinValues *int `json:"min_values,omitempty"`
	MaxValues *int `json:"max_values,omitempty"`
	Disabled  bool `json:"disabled,omitzero"`
}

// SelectDefault is a value an auto-populated select menu starts with.
type SelectDefault struct {
	ID   Snowflake `json:"id"`
	Type string    `json:"type"` // "user", "role" or "channel"
}

// EntitySelect is a menu the platform fills with users, roles, both
// (mentionables) or channels: Kind says which.
type EntitySelect struct {
	Kind          ComponentType   `json:"-"` // UserSelectComponent, RoleSelectComponent, MentionableSelectComponent or ChannelSelectComponent
	ID            int             `json:"id,omitzero"`
	CustomID      string          `json:"custom_id"`
	ChannelTypes  []ChannelType   `json:"channel_types,omitempty"` // a channel select's kinds
	Placeholder   string          `json:"placeholder,omitempty"`
	DefaultValues []SelectDefault `json:"default_values,omitempty"`
	MinValues     *int            `json:"min_values,omitempty"`
	MaxValues     *int            `json:"max_values,omitempty"`
	Disabled      bool            `json:"disabled,omitzero"`
}

// TextInputStyle is a text input's size.
type TextInputStyle int

// The text input styles.
const (
	TextInputShort     TextInputStyle = 1
	TextInputParagraph TextInputStyle = 2
)

// TextInput is a text field of a modal.
type TextInput struct {
	ID          int            `json:"id,omitzero"`
	CustomID    string         `json:"custom_id"`
	Style       TextInputStyle `json:"style"`
	Label       string         `json:"label"` // at most 45 characters
	MinLength   *int           `json:"min_length,omitempty"`
	MaxLength   *int           `json:"max_length,omitempty"`
	Required    *bool          `json:"required,omitempty"` // nil: the platform's true
	Value       string         `json:"value,omitempty"`
	Placeholder string         `json:"placeholder,omitempty"`
}

// MediaItem is the media of a thumbnail, a gallery item or a file: a URL,
// or "attachment://<name>" for a file uploaded with the message.
type MediaItem struct {
	URL string `json:"url"`
}

// Section is up to 3 text displays beside an accessory: a *Thumbnail or
// a *Button.
type Section struct {
	ID         int         `json:"id,omitzero"`
	Components []Component `json:"components"`
	Accessory  Component   `json:"accessory"`
}

// TextDisplay is markdown text in a components-v2 message.
type TextDisplay struct {
	ID      int    `json:"id,omitzero"`
	Content string `json:"content"`
}

// Thumbnail is a small image, a Section's accessory.
type Thumbnail struct {
	ID          int       `json:"id,omitzero"`
	Media       MediaItem `json:"media"`
	Description string    `json:"description,omitempty"`
	Spoiler     bool      `json:"spoiler,omitzero"`
}

// GalleryItem is one image or video of a MediaGallery.
type GalleryItem struct {
	Media       MediaItem `json:"media"`
	Description string    `json:"description,omitempty"`
	Spoiler     bool      `json:"spoiler,omitzero"`
}

// MediaGallery is 1 to 10 images or videos.
type MediaGallery struct {
	ID    int           `json:"id,omitzero"`
	Items []GalleryItem `json:"items"`
}

// FileDisplay shows a file uploaded with the message, by "attachment://<name>".
type FileDisplay struct {
	ID      int       `json:"id,omitzero"`
	File    MediaItem `json:"file"`
	Spoiler bool      `json:"spoiler,omitzero"`
}

// SeparatorSpacing is the space a Separator leaves.
type SeparatorSpacing int

// The separator spacings.
const (
	SpacingSmall SeparatorSpacing = 1
	SpacingLarge SeparatorSpacing = 2
)

// Separator is space, and by default a line, between components.
type Separator struct {
	ID      int              `json:"id,omitzero"`
	Divider *bool            `json:"divider,omitempty"` // nil: the platform's true
	Spacing SeparatorSpacing `json:"spacing,omitzero"`
}

// Container groups components in a box with an optional accent color.
type Container struct {
	ID          int         `json:"id,omitzero"`
	Components  []Component `json:"components"`
	AccentColor *int        `json:"accent_color,omitempty"` // 0xRRGGBB
	Spoiler     bool        `json:"spoiler,omitzero"`
}

// Type implements Component.
func (*ActionRow) Type() ComponentType { return ActionRowComponent }

// Type implements Component.
func (*Button) Type() ComponentType { return ButtonComponent }

// Type implements Component.
func (*StringSelect) Type() ComponentType { return StringSelectComponent }

// Type implements Component.
func (s *EntitySelect) Type() ComponentType { return s.Kind }

// Type implements Component.
func (*TextInput) Type() ComponentType { return TextInputComponent }

// Type implements Component.
func (*Section) Type() ComponentType { return SectionComponent }

// Type implements Component.
func (*TextDisplay) Type() ComponentType { return TextDisplayComponent }

// Type implements Component.
func (*Thumbnail) Type() ComponentType { return ThumbnailComponent }

// Type implements Component.
func (*MediaGallery) Type() ComponentType { return MediaGalleryComponent }

// Type implements Component.
func (*FileDisplay) Type() ComponentType { return FileComponent }

// Type implements Component.
func (*Separator) Type() ComponentType { return SeparatorComponent }

// Type implements Component.
func (*Container) Type() ComponentType { return ContainerComponent }

// The components' JSON: each is its members and its type. (The plain
// types have no methods, so encoding them does not come back here.)
type (
	plainRow          ActionRow
	plainButton       Button
	plainStringSelect StringSelect
	plainEntitySelect EntitySelect
	plainTextInput    TextInput
	plainSection      Section
	plainTextDisplay  TextDisplay
	plainThumbnail    Thumbnail
	plainGallery      MediaGallery
	plainFile         FileDisplay
	plainSeparator    Separator
	plainContainer    Container
)

// MarshalJSON writes the row with its type.
func (c *ActionRow) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainRow
	}{c.Type(), (*plainRow)(c)})
}

// MarshalJSON writes the button with its type.
func (c *Button) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainButton
	}{c.Type(), (*plainButton)(c)})
}

// MarshalJSON writes the menu with its type.
func (c *StringSelect) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainStringSelect
	}{c.Type(), (*plainStringSelect)(c)})
}

// MarshalJSON writes the menu with its type.
func (c *EntitySelect) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainEntitySelect
	}{c.Type(), (*plainEntitySelect)(c)})
}

// MarshalJSON writes the text input with its type.
func (c *TextInput) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainTextInput
	}{c.Type(), (*plainTextInput)(c)})
}

// MarshalJSON writes the section with its type.
func (c *Section) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainSection
	}{c.Type(), (*plainSection)(c)})
}

// MarshalJSON writes the text with its type.
func (c *TextDisplay) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainTextDisplay
	}{c.Type(), (*plainTextDisplay)(c)})
}

// MarshalJSON writes the thumbnail with its type.
func (c *Thumbnail) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainThumbnail
	}{c.Type(), (*plainThumbnail)(c)})
}

// MarshalJSON writes the gallery with its type.
func (c *MediaGallery) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainGallery
	}{c.Type(), (*plainGallery)(c)})
}

// MarshalJSON writes the file with its type.
func (c *FileDisplay) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainFile
	}{c.Type(), (*plainFile)(c)})
}

// MarshalJSON writes the separator with its type.
func (c *Separator) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainSeparator
	}{c.Type(), (*plainSeparator)(c)})
}

// MarshalJSON writes the container with its type.
func (c *Container) MarshalJSON() ([]byte, error) {
	return wire.Encode(struct {
		Type ComponentType `json:"type"`
		*plainContainer
	}{c.Type(), (*plainContainer)(c)})
}

// componentsOp names the errors of Components, which runs before any call.
var componentsOp = &transport.Op{Service: service, Name: "Components"}

// The platform's limits on components.
const (
	maxCustomID     = 100
	maxButtonLabel  = 80
	maxRowButtons   = 5
	maxSelectOpts   = 25
	maxOptionText   = 100
	maxPlaceholder  = 150
	maxInputLabel   = 45
	maxInputLength  = 4000
	maxSectionTexts = 3
	maxGalleryItems = 10
	maxComponents   = 40
)

// Components checks components against the platform's limits, naming the
// field at fault ("components[0].components[2].custom_id",
// ErrInvalidParam), and returns them as the JSON array a message's
// Components (or an InteractionMessage's, a Modal's) carries:
//
//	row, err := chat.Components(&chat.ActionRow{Components: []chat.Component{
//		&chat.Button{Style: chat.ButtonPrimary, Label: "Approve", CustomID: "approve:42"},
//	}})
func Components(cs ...Component) (json.RawMessage, error) {
	if err := checkComponentList(componentsOp, "components", cs); err != nil {
		return nil, err
	}
	if n := countComponents(cs); n > maxComponents {
		return nil, componentsOp.Invalid("components", "holds %d components in all; the platform takes at most %d", n, maxComponents)
	}
	if cs == nil {
		cs = []Component{}
	}
	b, err := wire.Encode(cs)
	if err != nil {
		return nil, componentsOp.Invalid("components", "%v", err)
	}
	return b, nil
}

func countComponents(cs []Component) int {
	n := 0
	for _, c := range cs {
		n++
		switch c := c.(type) {
		case *ActionRow:
			n += countComponents(c.Components)
		case *Section:
			n += countComponents(c.Components) + 1
		case *Container:
			n += countComponents(c.Components)
		}
	}
	return n
}

// checkComponentList checks each component of a list.
func checkComponentList(op *transport.Op, field string, cs []Component) error {
	for i, c := range cs {
		at := indexed(field, i, "")
		if c == nil {
			return op.Invalid(elem(field, i), "is nil")
		}
		if err := c.check(op, at); err != nil {
			return err
		}
	}
	return nil
}

func checkLen(op *transport.Op, field, s string, lo, hi int) error {
	if n := utf8.RuneCountInString(s); n < lo || n > hi {
		return op.Invalid(field, "is %d characters; the platform takes %d to %d", n, lo, hi)
	}
	return nil
}

func (c *ActionRow) check(op *transport.Op, at string) error {
	buttons, others := 0, 0
	for i, in := range c.Components {
		switch in.(type) {
		case *Button:
			buttons++
		case *StringSelect, *EntitySelect, *TextInput:
			others++
		default:
			return op.Invalid(indexed(at+"components", i, "type"), "an action row holds buttons, one select menu or one text input")
		}
	}
	switch {
	case len(c.Components) == 0:
		return op.Invalid(at+"components", "an action row holds at least one component")
	case others > 1 || others == 1 && buttons > 0:
		return op.Invalid(at+"components", "a select menu or a text input fills its row alone")
	case buttons > maxRowButtons:
		return op.Invalid(at+"components", "holds %d buttons; a row takes at most %d", buttons, maxRowButtons)
	}
	return checkComponentList(op, at+"components", c.Components)
}

func (c *Button) check(op *transport.Op, at string) error {
	if err := checkLen(op, at+"label", c.Label, 0, maxButtonLabel); err != nil {
		return err
	}
	switch c.Style {
	case ButtonLink:
		if c.URL == "" || c.CustomID != "" {
			return op.Invalid(at+"url", "a link button has a URL and no custom_id")
		}
	case ButtonPremium:
		if c.SKUID == "" || c.CustomID != "" || c.URL != "" || c.Label != "" {
			return op.Invalid(at+"sku_id", "a premium button has a sku_id and no custom_id, url or label")
		}
	case ButtonPrimary, ButtonSecondary, ButtonSuccess, ButtonDanger:
		if c.URL != "" {
			return op.Invalid(at+"url", "only a link button has a URL")
		}
		return checkLen(op, at+"custom_id", c.CustomID, 1, maxCustomID)
	default:
		return op.Invalid(at+"style", "must be a button style, 1 to 6")
	}
	return nil
}

func checkValues(op *transport.Op, at string, lo, hi *int, most int) error {
	if lo != nil && (*lo < 0 || *lo > most) {
		return op.Invalid(at+"min_values", "must be 0 to %d", most)
	}
	if hi != nil && (*hi < 1 || *hi > most) {
		return op.Invalid(at+"max_values", "must be 1 to %d", most)
	}
	if lo != nil && hi != nil && *lo > *hi {
		return op.Invalid(at+"min_values", "is above max_values")
	}
	return nil
}

func (c *StringSelect) check(op *transport.Op, at string) error {
	if err := checkLen(op, at+"custom_id", c.CustomID, 1, maxCustomID); err != nil {
		return err
	}
	if err := checkLen(op, at+"placeholder", c.Placeholder, 0, maxPlaceholder); err != nil {
		return err
	}
	if n := len(c.Options); n == 0 || n > maxSelectOpts {
		return op.Invalid(at+"options", "has %d options; the platform takes 1 to %d", n, maxSelectOpts)
	}
	for i, o := range c.Options {
		if err := checkLen(op, indexed(at+"options", i, "label"), o.Label, 1, maxOptionText); err != nil {
			return err
		}
		if err := checkLen(op, indexed(at+"options", i, "value"), o.Value, 1, maxOptionText); err != nil {
			return err
		}
	}
	return checkValues(op, at, c.MinValues, c.MaxValues, maxSelectOpts)
}

func (c *EntitySelect) check(op *transport.Op, at string) error {
	if c.Kind < UserSelectComponent || c.Kind > ChannelSelectComponent {
		return op.Invalid(at+"type", "an entity select is a user, role, mentionable or channel select (5 to 8)")
	}
	if len(c.ChannelTypes) > 0 && c.Kind != ChannelSelectComponent {
		return op.Invalid(at+"channel_types", "only a channel select has channel types")
	}
	if err := checkLen(op, at+"custom_id", c.CustomID, 1, maxCustomID); err != nil {
		return err
	}
	if err := checkLen(op, at+"placeholder", c.Placeholder, 0, maxPlaceholder); err != nil {
		return err
	}
	return checkValues(op, at, c.MinValues, c.MaxValues, maxSelectOpts)
}

func (c *TextInput) check(op *transport.Op, at string) error {
	if err := checkLen(op, at+"custom_id", c.CustomID, 1, maxCustomID); err != nil {
		return err
	}
	if c.Style != TextInputShort && c.Style != TextInputParagraph {
		return op.Invalid(at+"style", "must be 1 (short) or 2 (paragraph)")
	}
	if err := checkLen(op, at+"label", c.Label, 1, maxInputLabel); err != nil {
		return err
	}
	if c.MinLength != nil && (*c.MinLength < 0 || *c.MinLength > maxInputLength) {
		return op.Invalid(at+"min_length", "must be 0 to %d", maxInputLength)
	}
	if c.MaxLength != nil && (*c.MaxLength < 1 || *c.MaxLength > maxInputLength) {
		return op.Invalid(at+"max_length", "must be 1 to %d", maxInputLength)
	}
	return checkLen(op, at+"value", c.Value, 0, maxInputLength)
}

func (c *Section) check(op *transport.Op, at string) error {
	if n := len(c.Components); n == 0 || n > maxSectionTexts {
		return op.Invalid(at+"components", "holds %d text displays; a section takes 1 to %d", n, maxSectionTexts)
	}
	for i, in := range c.Components {
		if _, ok := in.(*TextDisplay); !ok {
			return op.Invalid(indexed(at+"components", i, "type"), "a section holds text displays")
		}
	}
	switch c.Accessory.(type) {
	case *Thumbnail, *Button:
		if err := c.Accessory.check(op, at+"accessory."); err != nil {
			return err
		}
	default:
		return op.Invalid(at+"accessory", "must be a thumbnail or a button")
	}
	return checkComponentList(op, at+"components", c.Components)
}

func (c *TextDisplay) check(op *transport.Op, at string) error {
	return checkLen(op, at+"content", c.Content, 1, maxContent)
}

func (c *Thumbnail) check(op *transport.Op, at string) error {
	if c.Media.URL == "" {
		return op.Invalid(at+"media.url", "must not be empty")
	}
	return nil
}

func (c *MediaGallery) check(op *transport.Op, at string) error {
	if n := len(c.Items); n == 0 || n > maxGalleryItems {
		return op.Invalid(at+"items", "has %d items; a gallery takes 1 to %d", n, maxGalleryItems)
	}
	for i, it := range c.Items {
		if it.Media.URL == "" {
			return op.Invalid(indexed(at+"items", i, "media.url"), "must not be empty")
		}
	}
	return nil
}

func (c *FileDisplay) check(op *transport.Op, at string) error {
	if !bytes.HasPrefix([]byte(c.File.URL), []byte("attachment://")) {
		return op.Invalid(at+"file.url", "must name an uploaded file: attachment://<name>")
	}
	return nil
}

func (c *Separator) check(op *transport.Op, at string) error {
	if c.Spacing != 0 && c.Spacing != SpacingSmall && c.Spacing != SpacingLarge {
		return op.Invalid(at+"spacing", "must be 1 (small) or 2 (large)")
	}
	return nil
}

func (c *Container) check(op *transport.Op, at string) error {
	for i, in := range c.Components {
		switch in.(type) {
		case *ActionRow, *TextDisplay, *Section, *MediaGallery, *Separator, *FileDisplay:
		default:
			return op.Invalid(indexed(at+"components", i, "type"), "a container holds rows, text, sections, galleries, separators and files")
		}
	}
	return checkComponentList(op, at+"components", c.Components)
}

// flagComponentsV2 is the message flag that says a message is laid out
// with components v2.
const flagComponentsV2 = 1 << 15

// layoutFlags returns the flag a message with these components needs:
// components v2 when a top-level component is anything but an action row,
// which is all the first generation allows there.
func layoutFlags(components json.RawMessage) int {
	if components == nil {
		return 0
	}
	v2 := false
	wire.Elements(bytes.NewReader(components), func(v jsontext.Value) bool {
		t, ok := wire.Member(v, "type")
		if ok && string(t) != "1" {
			v2 = true
		}
		return !v2
	})
	if v2 {
		return flagComponentsV2
	}
	return 0
}

// layout returns the flags of a message with these components, refusing
// text or embeds beside a components-v2 layout, which the platform does.
func layout(op *transport.Op, components json.RawMessage, content string, embeds []Embed) (int, error) {
	flags := layoutFlags(components)
	if flags != 0 && (content != "" || len(embeds) > 0) {
		return 0, op.Invalid("content", "a message laid out with components carries its text in TextDisplay components, and no embeds")
	}
	return flags, nil
}

// checkMessage holds a message without files to the platform's rules: it
// shows something, its content and embeds are within limits, its
// components are an array, and a components-v2 layout stands alone. It
// returns the layout's flags. prefix places the message in its body
// ("message." in a forum post).
func checkMessage(op *transport.Op, prefix, content string, embeds []Embed, components json.RawMessage) (int, error) {
	if content == "" && len(embeds) == 0 && components == nil {
		return 0, op.Invalid(prefix+"content", "must not be empty unless the message has embeds or components")
	}
	if err := checkContent(op, content); err != nil {
		return 0, err
	}
	if err := checkEmbeds(op, embeds); err != nil {
		return 0, err
	}
	if err := checkComponents(op, components); err != nil {
		return 0, err
	}
	return layout(op, components, content, embeds)
}
