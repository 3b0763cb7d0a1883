package animegraph

import (
	"context"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// The token owner's account and lists: each call carries the token, as
// SaveMediaListEntry does, since a private list and the viewer's own
// settings are only shown to their owner.
var (
	bearerToken = &transport.Auth{Scheme: transport.Bearer, Values: []string{"token"}}

	viewerOp = transport.Declare(service, transport.Op{Name: "Viewer", Method: "POST", Fixed: []string{"query"}, Auth: bearerToken},
		func(r *root[Viewer]) *transport.Problem { return r.Errors.problem() })
	listCollectionOp = transport.Declare(service, transport.Op{Name: "MediaListCollection", Method: "POST", Fixed: []string{"query"}, Auth: bearerToken},
		func(r *root[MediaListCollection]) *transport.Problem { return r.Errors.problem() })
	// Both mutations are writes: a second delete of an entry fails, and a
	// second toggle undoes the first.
	deleteEntryOp = transport.Declare(service, transport.Op{Name: "DeleteMediaListEntry", Method: "POST", Fixed: []string{"query"}, Write: true, Auth: bearerToken},
		func(r *root[Deleted]) *transport.Problem { return r.Errors.problem() })
	toggleFavouriteOp = transport.Declare(service, transport.Op{Name: "ToggleFavourite", Method: "POST", Fixed: []string{"query"}, Write: true, Auth: bearerToken},
		func(r *root[Favourites]) *transport.Problem { return r.Errors.problem() })
)

// Viewer returns the account of the user whose token the client holds
// (WithToken), with the settings a tracker reads before it shows a list:
// the title language and the score format. Without a token it fails
// before any I/O with ErrMissingCredential.
func (c *Client) Viewer(ctx context.Context, opts ...Option) (*Viewer, error) {
	return read(ctx, c, viewerOp, "Viewer", ViewerDocument, nil, opts)
}

// maxPerChunk is the most entries a chunk of MediaListCollection holds.
const maxPerChunk = 500

// MediaListCollectionParams choose whose list MediaListCollection reads and
// which part of it. The service requires the user, by UserID or UserName,
// and Type.
type MediaListCollectionParams struct {
	UserID   int64
	UserName string
	// Type is "ANIME" or "MANGA".
	Type string
	// Status keeps the entries of these list statuses (the Status
	// constants); none keeps every entry.
	Status []string
	// Sort lists MediaListSort values, first deciding most
	// ("UPDATED_TIME_DESC", "SCORE_DESC").
	Sort []string
	// Chunk counts from 1; 0 is the first.
	Chunk int
	// PerChunk is 1 to 500; 0 leaves the service's default (500).
	PerChunk int
}

// vars checks p and returns MediaListCollectionDocument's variables.
func (p MediaListCollectionParams) vars() (map[string]any, error) {
	op := listCollectionOp.Op
	v := map[string]any{}
	switch {
	case p.UserID < 0:
		return nil, op.Invalid("userId", "%d is negative", p.UserID)
	case p.UserID > 0 && p.UserName != "":
		return nil, op.Invalid("userName", "name the user by userId or userName, not both")
	case p.UserID > 0:
		v["userId"] = p.UserID
	case strings.TrimSpace(p.UserName) == "" || !utf8.ValidString(p.UserName):
		return nil, op.Invalid("userName", "%q is not a user name, and no userId is given", p.UserName)
	default:
		v["userName"] = p.UserName
	}
	switch p.Type {
	case "ANIME", "MANGA":
		v["type"] = p.Type
	default:
		return nil, op.Invalid("type", "%q is neither ANIME nor MANGA", p.Type)
	}
	for _, s := range p.Status {
		if !listStatus(s) {
			return nil, op.Invalid("status_in", "%q is not a list status such as %q", s, StatusCurrent)
		}
	}
	if len(p.Status) > 0 {
		v["status_in"] = p.Status
	}
	for _, s := range p.Sort {
		if !isName(s) || strings.ToUpper(s) != s {
			return nil, op.Invalid("sort", "%q is not a MediaListSort value such as \"UPDATED_TIME_DESC\"", s)
		}
	}
	if len(p.Sort) > 0 {
		v["sort"] = p.Sort
	}
	if p.Chunk < 0 {
		return nil, op.Invalid("chunk", "%d is negative", p.Chunk)
	}
	if p.Chunk > 0 {
		v["chunk"] = p.Chunk
	}
	if p.PerChunk < 0 || p.PerChunk > maxPerChunk {
		return nil, op.Invalid("perChunk", "%d is outside 1..%d", p.PerChunk, maxPerChunk)
	}
	if p.PerChunk > 0 {
		v["perChunk"] = p.PerChunk
	}
	return v, nil
}

// listStatus reports whether s is a MediaListStatus.
func listStatus(s string) bool {
	switch s {
	case StatusCurrent, StatusPlanning, StatusCompleted, StatusDropped, StatusPaused, StatusRepeating:
		return true
	}
	return false
}

// MediaListCollection returns one chunk of a user's anime or manga list,
// grouped as the service groups it: a list per status, and the user's
// custom lists. An entry on a custom list appears in it too. A chunk holds
// at most 500 entries; HasNextChunk says whether another follows, and
// AllMediaListEntries walks them all. The call carries the token
// (WithToken), which also shows the owner's private entries; without one
// it fails before any I/O with ErrMissingCredential.
func (c *Client) MediaListCollection(ctx context.Context, p MediaListCollectionParams, opts ...Option) (*MediaListCollection, error) {
	v, err := p.vars()
	if err != nil {
		return nil, err
	}
	return read(ctx, c, listCollectionOp, "MediaListCollection", MediaListCollectionDocument, v, opts)
}

// AllMediaListEntries yields every entry of the list p names, chunk after
// chunk from p.Chunk, each entry once even when it is on custom lists as
// well as its status's. It stops at the first error, yielding it once; a
// chunk that brings no entry not already yielded (a service that ignores
// the chunk number) ends the walk with ErrMalformedResponse.
func (c *Client) AllMediaListEntries(ctx context.Context, p MediaListCollectionParams, opts ...Option) iter.Seq2[MediaListEntry, error] {
	if _, err := p.vars(); err != nil {
		return transport.Refuse[MediaListEntry](err)
	}
	return func(yield func(MediaListEntry, error) bool) {
		seen := map[int64]bool{} // each walk its own
		for e, err := range c.entryChunks(ctx, p, seen, opts) {
			if !yield(e, err) {
				return
			}
		}
	}
}

// entryChunks walks the chunks of AllMediaListEntries, yielding the entries
// not in seen.
func (c *Client) entryChunks(ctx context.Context, p MediaListCollectionParams, seen map[int64]bool, opts []Option) iter.Seq2[MediaListEntry, error] {
	return transport.Pages(ctx, c.t, listCollectionOp.Op, strconv.Itoa(max(p.Chunk, 1)), func(token string) ([]MediaListEntry, string, error) {
		n, _ := strconv.Atoi(token) // the iterator's own tokens
		p.Chunk = n
		col, err := c.MediaListCollection(ctx, p, opts...)
		if err != nil {
			return nil, "", err
		}
		var fresh []MediaListEntry
		sent := 0
		for _, g := range col.Lists {
			for _, e := range g.Entries {
				sent++
				if !seen[e.ID] {
					seen[e.ID] = true
					fresh = append(fresh, e)
				}
			}
		}
		if sent > 0 && len(fresh) == 0 {
			return nil, "", listCollectionOp.Fail(c.t, transport.Call{}, transport.Problem{Kind: conduit.ErrMalformedResponse,
				Message: "chunk " + token + " repeats entries already read"})
		}
		if !col.HasNextChunk || sent == 0 {
			return fresh, "", nil
		}
		return fresh, strconv.Itoa(n + 1), nil
	})
}

// DeleteMediaListEntry removes an entry, named by its own id (not its
// media's), from the token owner's list, and reports what the service
// answered. Without a token it fails before any I/O with
// ErrMissingCredential.
func (c *Client) DeleteMediaListEntry(ctx context.Context, id int64, opts ...Option) (*Deleted, error) {
	if err := positiveID(deleteEntryOp.Op, id); err != nil {
		return nil, err
	}
	return read(ctx, c, deleteEntryOp, "DeleteMediaListEntry", DeleteMediaListEntryDocument, map[string]any{"id": id}, opts)
}

// FavouriteTarget names what ToggleFavourite toggles: exactly one of its
// ids is set.
type FavouriteTarget struct {
	AnimeID, MangaID, CharacterID, StaffID, StudioID int64
}

// vars checks f and returns ToggleFavouriteDocument's variables.
func (f FavouriteTarget) vars() (map[string]any, error) {
	op := toggleFavouriteOp.Op
	v := map[string]any{}
	for _, t := range []struct {
		name string
		id   int64
	}{{"animeId", f.AnimeID}, {"mangaId", f.MangaID}, {"characterId", f.CharacterID}, {"staffId", f.StaffID}, {"studioId", f.StudioID}} {
		switch {
		case t.id < 0:
			return nil, op.Invalid(t.name, "%d is negative", t.id)
		case t.id > 0 && len(v) > 0:
			return nil, op.Invalid(t.name, "toggle one favourite a call")
		case t.id > 0:
			v[t.name] = t.id
		}
	}
	if len(v) == 0 {
		return nil, op.Invalid("animeId", "name an anime, manga, character, staff or studio id")
	}
	return v, nil
}

// ToggleFavourite adds what f names to the token owner's favourites, or
// removes it when it is already one, and returns the first page of each
// kind of favourite as it now stands. Sent twice, it undoes itself, so it
// is never sent again once it may have reached the server. Without a
// token it fails before any I/O with ErrMissingCredential.
func (c *Client) ToggleFavourite(ctx context.Context, f FavouriteTarget, opts ...Option) (*Favourites, error) {
	v, err := f.vars()
	if err != nil {
		return nil, err
	}
	return read(ctx, c, toggleFavouriteOp, "ToggleFavourite", ToggleFavouriteDocument, v, opts)
}
