package media

import (
	"context"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	explicitOp = transport.Declare(service, transport.Op{Name: "Explicit", Method: "POST", Path: "/v1_1/{cloud}/{resource_type}/explicit",
		Write: true, Auth: signedAuth}, (*AssetDetails).problem)
	renameOp = transport.Declare(service, transport.Op{Name: "Rename", Method: "POST", Path: "/v1_1/{cloud}/{resource_type}/rename",
		Write: true, Auth: signedAuth}, (*AssetDetails).problem)
	addContextOp = transport.Declare(service, transport.Op{Name: "AddContext", Method: "POST", Path: "/v1_1/{cloud}/{resource_type}/context",
		Write: true, Auth: signedAuth}, (*UpdateResult).problem)
	removeAllContextOp = transport.Declare(service, transport.Op{Name: "RemoveAllContext", Method: "POST", Path: "/v1_1/{cloud}/{resource_type}/context",
		Write: true, Auth: signedAuth}, (*UpdateResult).problem)
	updateMetadataOp = transport.Declare(service, transport.Op{Name: "UpdateMetadata", Method: "POST", Path: "/v1_1/{cloud}/{resource_type}/metadata",
		Write: true, Auth: signedAuth}, (*UpdateResult).problem)
)

// UpdateResult is the answer of AddContext, RemoveAllContext and
// UpdateMetadata: the public ids the call changed.
type UpdateResult struct {
	raw `json:"-"`
	failure
	PublicIDs []string `json:"public_ids"`
}

// ExplicitParams are the optional inputs of Explicit: what to apply to an
// asset already stored. A field left zero is not sent and leaves the asset
// as it is.
type ExplicitParams struct {
	// ResourceType is the path segment: Image when empty, Video or Raw.
	ResourceType ResourceType
	// Type is the delivery type (type): "upload" when empty.
	Type string
	// Eager are transformations to derive now rather than on first
	// delivery (eager), each in URL syntax ("c_fill,w_300,h_200"); they are
	// sent joined by '|', so none may hold one.
	Eager []string
	// EagerAsync derives them in the background (eager_async).
	EagerAsync bool
	// Tags replace the asset's tags (tags, sent comma-separated).
	Tags []string
	// Context replaces the asset's contextual metadata (context), key to
	// value.
	Context map[string]string
	// Metadata sets structured metadata fields (metadata), external id to
	// value; an empty value clears the field.
	Metadata map[string]string
	// Invalidate asks the CDN to drop cached copies (invalidate).
	Invalidate bool
}

// Explicit applies actions to an asset already stored, through the signed
// Upload API: derives eager transformations, replaces its tags or context,
// sets its structured metadata. It answers with the asset, its derived
// versions under "eager" in RawJSON. It is a write.
func (c *Client) Explicit(ctx context.Context, publicID string, p *ExplicitParams, opts ...Option) (*AssetDetails, error) {
	op := explicitOp.Op
	if p == nil {
		p = &ExplicitParams{}
	}
	rt, err := resourceType(op, p.ResourceType, false)
	if err != nil {
		return nil, err
	}
	if bad := publicIDProblem(publicID); bad != "" {
		return nil, op.Invalid("public_id", "%s", bad)
	}
	params := []string{"public_id", publicID}
	if params, err = appendText(op, params, "type", p.Type); err != nil {
		return nil, err
	}
	for _, e := range p.Eager {
		if e == "" || strings.Contains(e, "|") || controlChar(e) {
			return nil, op.Invalid("eager", "%.40q: a transformation is not empty and holds no '|' or control character", e)
		}
	}
	if len(p.Eager) > 0 {
		params = append(params, "eager", strings.Join(p.Eager, "|"))
	}
	if p.EagerAsync {
		params = append(params, "eager_async", "true")
	}
	if len(p.Tags) > 0 {
		if err := checkTags(op, p.Tags); err != nil {
			return nil, err
		}
		params = append(params, "tags", strings.Join(p.Tags, ","))
	}
	for _, m := range []struct {
		field string
		pairs map[string]string
	}{{"context", p.Context}, {"metadata", p.Metadata}} {
		if len(m.pairs) == 0 {
			continue
		}
		v, err := pairList(op, m.field, m.pairs)
		if err != nil {
			return nil, err
		}
		params = append(params, m.field, v)
	}
	if p.Invalidate {
		params = append(params, "invalidate", "true")
	}
	return signedCall(ctx, c, explicitOp, rt, params, opts)
}

// RenameParams are the optional inputs of Rename.
type RenameParams struct {
	// ResourceType is the path segment: Image when empty, Video or Raw.
	ResourceType ResourceType
	// Type is the asset's delivery type (type): "upload" when empty.
	Type string
	// ToType moves the asset to another delivery type (to_type).
	ToType string
	// Overwrite replaces an asset already named to_public_id (overwrite).
	Overwrite bool
	// Invalidate asks the CDN to drop cached copies of the old name
	// (invalidate).
	Invalidate bool
}

// Rename gives an asset a new public id through the signed Upload API and
// answers with the asset under it. The old delivery URLs stop working. It
// is a write.
func (c *Client) Rename(ctx context.Context, fromPublicID, toPublicID string, p *RenameParams, opts ...Option) (*AssetDetails, error) {
	op := renameOp.Op
	if p == nil {
		p = &RenameParams{}
	}
	rt, err := resourceType(op, p.ResourceType, false)
	if err != nil {
		return nil, err
	}
	for _, id := range [][2]string{{"from_public_id", fromPublicID}, {"to_public_id", toPublicID}} {
		if bad := publicIDProblem(id[1]); bad != "" {
			return nil, op.Invalid(id[0], "%s", bad)
		}
	}
	params := []string{"from_public_id", fromPublicID, "to_public_id", toPublicID}
	if params, err = appendText(op, params, "type", p.Type); err != nil {
		return nil, err
	}
	if params, err = appendText(op, params, "to_type", p.ToType); err != nil {
		return nil, err
	}
	if p.Overwrite {
		params = append(params, "overwrite", "true")
	}
	if p.Invalidate {
		params = append(params, "invalidate", "true")
	}
	return signedCall(ctx, c, renameOp, rt, params, opts)
}

// UpdateParams are the optional inputs of AddContext, RemoveAllContext and
// UpdateMetadata.
type UpdateParams struct {
	// ResourceType is the path segment: Image when empty, Video or Raw.
	ResourceType ResourceType
	// Type is the delivery type of the assets (type): "upload" when empty.
	Type string
}

// AddContext adds contextual metadata, key to value, to the assets named
// by publicIDs (at most 1000) through the signed Upload API, replacing the
// values of keys they have. It answers with the public ids it changed.
func (c *Client) AddContext(ctx context.Context, context map[string]string, publicIDs []string, p *UpdateParams, opts ...Option) (*UpdateResult, error) {
	if len(context) == 0 {
		return nil, addContextOp.Invalid("context", "is empty: name at least one key")
	}
	v, err := pairList(addContextOp.Op, "context", context)
	if err != nil {
		return nil, err
	}
	return c.update(ctx, addContextOp, []string{"command", "add", "context", v}, publicIDs, p, opts)
}

// RemoveAllContext removes every key of contextual metadata from the
// assets named by publicIDs (at most 1000) through the signed Upload API.
func (c *Client) RemoveAllContext(ctx context.Context, publicIDs []string, p *UpdateParams, opts ...Option) (*UpdateResult, error) {
	return c.update(ctx, removeAllContextOp, []string{"command", "remove_all"}, publicIDs, p, opts)
}

// UpdateMetadata sets structured metadata fields, external id to value, on
// the assets named by publicIDs (at most 1000) through the signed Upload
// API; an empty value clears the field. Fields not named keep their value.
func (c *Client) UpdateMetadata(ctx context.Context, metadata map[string]string, publicIDs []string, p *UpdateParams, opts ...Option) (*UpdateResult, error) {
	if len(metadata) == 0 {
		return nil, updateMetadataOp.Invalid("metadata", "is empty: name at least one field")
	}
	v, err := pairList(updateMetadataOp.Op, "metadata", metadata)
	if err != nil {
		return nil, err
	}
	return c.update(ctx, updateMetadataOp, []string{"metadata", v}, publicIDs, p, opts)
}

// update sends params with the public ids and the delivery type of p.
func (c *Client) update(ctx context.Context, op *transport.Endpoint[UpdateResult], params, ids []string, p *UpdateParams, opts []Option) (*UpdateResult, error) {
	if p == nil {
		p = &UpdateParams{}
	}
	rt, err := resourceType(op.Op, p.ResourceType, false)
	if err != nil {
		return nil, err
	}
	if params, err = appendIDs(op.Op, params, ids); err != nil {
		return nil, err
	}
	if params, err = appendText(op.Op, params, "type", p.Type); err != nil {
		return nil, err
	}
	return signedCall(ctx, c, op, rt, params, opts)
}

// appendIDs appends ids as public_ids[], between 1 and maxTagged of them,
// each a valid public id.
func appendIDs(op *transport.Op, params, ids []string) ([]string, error) {
	if len(ids) == 0 || len(ids) > maxTagged {
		return nil, op.Invalid("public_ids", "%d public ids: between 1 and %d", len(ids), maxTagged)
	}
	for _, id := range ids {
		if bad := publicIDProblem(id); bad != "" {
			return nil, op.Invalid("public_ids", "%.40q %s", id, bad)
		}
		params = append(params, "public_ids[]", id)
	}
	return params, nil
}

// appendText appends name=value when value is set, refusing a control
// character.
func appendText(op *transport.Op, params []string, name, value string) ([]string, error) {
	if controlChar(value) {
		return nil, op.Invalid(name, "contains a control character")
	}
	if value != "" {
		params = append(params, name, value)
	}
	return params, nil
}

// checkTags refuses a tag that is empty or holds a comma (tags are sent
// comma-separated) or a control character.
func checkTags(op *transport.Op, tags []string) error {
	for _, tag := range tags {
		if tag == "" || strings.Contains(tag, ",") || controlChar(tag) {
			return op.Invalid("tags", "%.40q: a tag is not empty and holds no comma or control character", tag)
		}
	}
	return nil
}

// pairEscaper escapes '=' and '|' in a value as Cloudinary reads them in a
// list of pairs.
var pairEscaper = strings.NewReplacer("=", `\=`, "|", `\|`)

// pairList writes pairs as Cloudinary's key=value|key=value list, sorted by
// key, '=' and '|' in a value escaped with a backslash. A key may hold
// neither, nor a control character; field names the list in errors.
func pairList(op *transport.Op, field string, pairs map[string]string) (string, error) {
	keys := slices.Sorted(maps.Keys(pairs))
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if k == "" || strings.ContainsAny(k, `=|\`) || controlChar(k) {
			return "", op.Invalid(field, "key %.40q: a key is not empty and holds no '=', '|', '\\' or control character", k)
		}
		if controlChar(pairs[k]) {
			return "", op.Invalid(field, "the value of %.40q contains a control character", k)
		}
		out = append(out, k+"="+pairEscaper.Replace(pairs[k]))
	}
	return strings.Join(out, "|"), nil
}

// signedCall signs params and sends them as op's form, for the cloud and
// the resource type rt.
func signedCall[T any](ctx context.Context, c *Client, op *transport.Endpoint[T], rt string, params []string, opts []Option) (*T, error) {
	params, err := c.signed(op.Op, params, time.Now())
	if err != nil {
		return nil, err
	}
	return op.Do(ctx, c.t, transport.Call{Args: []string{c.cloud, rt}, Upload: transport.MultipartForm(formParts(params)...)}, opts)
}
