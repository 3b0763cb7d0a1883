package faults

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"net/url"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/countries"
	"github.com/conduit-sdk/conduit/cryptoprices"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/fxopen"
	"github.com/conduit-sdk/conduit/fxref"
	"github.com/conduit-sdk/conduit/imageedit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/maps"
	"github.com/conduit-sdk/conduit/media"
	"github.com/conduit-sdk/conduit/museum"
	"github.com/conduit-sdk/conduit/noderpc"
	"github.com/conduit-sdk/conduit/observability"
	"github.com/conduit-sdk/conduit/pkgstats"
	"github.com/conduit-sdk/conduit/police"
	"github.com/conduit-sdk/conduit/store"
	"github.com/conduit-sdk/conduit/sunrise"
)

// kind says what an operation hands back, which decides what some faults
// should do to it.
type kind uint8

const (
	record kind = iota // a JSON body decoded into a typed result
	stream             // a server-sent event stream, read to its end
	binary             // a body handed to the caller as an io.ReadCloser, read to its end
	none               // no result: a 2xx status is the whole answer, any body is ignored
)

// op is one row: a valid call of one operation of one package.
type op struct {
	pkg, name string
	write     bool   // changes server state: never sent twice
	dedupeKey string // a write made safe to repeat by this body member
	cred      string // where its credential sits, "" for an open call
	kind      kind
	call      func(ctx context.Context, opts []conduit.Option) error
	// bad are calls with invalid input: each must fail before any I/O.
	bad []invalid
	// adapt turns a func(context.Context, C) error on the row's own client
	// type into a call; rejects uses it.
	adapt func(fn any) func(ctx context.Context, opts []conduit.Option) error
}

// invalid is one call with bad input and the Error.Field it must name.
type invalid struct {
	field string
	call  func(ctx context.Context, opts []conduit.Option) error
}

// row builds an op from a package constructor and one call on its client.
func row[C any](pkg, name string, newClient func(...conduit.Option) (C, error), call func(context.Context, C) error) op {
	bind := func(call func(context.Context, C) error) func(context.Context, []conduit.Option) error {
		return func(ctx context.Context, opts []conduit.Option) error {
			c, err := newClient(opts...)
			if err != nil {
				return err
			}
			return call(ctx, c)
		}
	}
	return op{pkg: pkg, name: name, call: bind(call), adapt: func(fn any) func(context.Context, []conduit.Option) error {
		call, ok := fn.(func(context.Context, C) error)
		if !ok {
			panic(fmt.Sprintf("faults: %s.%s: rejects wants a func(context.Context, %T) error, got %T", pkg, name, *new(C), fn))
		}
		return bind(call)
	}}
}

// secret reports whether the call carries a secret. The filings contact
// rides in User-Agent as every request's does: it names the caller and
// authorises nothing, so it is checked neither for leaks nor for being
// kept from another host a redirect points to.
func (o op) secret() bool { return o.cred != "" && !strings.Contains(o.cred, "User-Agent") }

func (o op) writes() op { o.write = true; return o }

// dedupes marks a write the service deduplicates by the body member key
// (a message's enforced nonce): it is retried like a read, and every
// attempt must carry the same key, so the service keeps one copy.
func (o op) dedupes(key string) op { o.dedupeKey = key; return o }
func (o op) auth(where string) op  { o.cred = where; return o }
func (o op) returns(k kind) op     { o.kind = k; return o }

// rejects adds a call with invalid input, a func(context.Context, C) error
// on the row's client type, that must fail with ErrInvalidParam naming
// field before sending anything.
func (o op) rejects(field string, call any) op {
	o.bad = append(o.bad[:len(o.bad):len(o.bad)], invalid{field: field, call: o.adapt(call)})
	return o
}

func discard[T any](_ T, err error) error { return err }

// drain consumes an iterator to its end and returns its first error.
func drain[T any](seq func(func(T, error) bool)) error {
	for _, err := range seq {
		if err != nil {
			return err
		}
	}
	return nil
}

// readStream reads a stream to its end, as a caller must, and returns the
// error that ended it.
func readStream(s *inference.ChatCompletionStream, err error) error {
	if err != nil {
		return err
	}
	defer s.Close()
	return drain(s.All())
}

// readImage reads a binary result to its end and closes it, as a caller
// must; the read error is the call's.
func readImage(img *imageedit.Image, err error) error {
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, img.Body)
	if cerr := img.Body.Close(); err == nil {
		err = cerr
	}
	return err
}

// firstErr is a batch's error: the request's, else the first element's.
func firstErr(err error, calls []noderpc.BatchElem) error {
	if err != nil {
		return err
	}
	for _, c := range calls {
		if c.Error != nil {
			return c.Error
		}
	}
	return nil
}

// photo is a small PNG to upload.
var photo = func() []byte {
	img := image.NewGray(image.Rect(0, 0, 16, 12))
	img.SetGray(8, 6, color.Gray{Y: 200})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}()

// hook is the webhook the fake accepts; its token is a credential.
func hook() chat.Webhook {
	return chat.NewWebhook(chat.Snowflake(cred("chat", "webhook_id")), cred("chat", "webhook_token"))
}

var (
	slug       = ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api"}
	wallet     = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"
	fxParams   = &fxref.RatesParams{Base: "EUR", Symbols: []string{"USD", "GBP"}}
	pageParams = &fiscal.PageParams{Sort: "-record_date", PageSize: 3}
	chatReq    = inference.ChatCompletionRequest{
		Model:    "llama-3.3-70b-versatile",
		Messages: []inference.Message{inference.UserMessage("Why does fast inference matter?")},
	}
	seasonDoc = `query ($year: Int) { Page(perPage: 3) { media(seasonYear: $year, type: ANIME, sort: SCORE_DESC) { id title { romaji } averageScore } } }`
)

// Where each package puts its credential, for the auth column.
const (
	botHeader  = "header Authorization: Bot"
	webhookKey = "path webhook id and token"
	ciHeader   = "header Ci-Token"
	rpcKey     = "path key"
	obsHeader  = "header X-Service-Team"
	imageKey   = "header x-api-key"
	mediaBasic = "Basic api_key:api_secret (user and password)"
	bearer     = "header Authorization: Bearer"
	contact    = "header User-Agent (a contact, not a secret)"
)

// badChat returns chatReq changed by edit, for the invalid calls.
func badChat(edit func(r *inference.ChatCompletionRequest)) inference.ChatCompletionRequest {
	r := chatReq
	r.Messages = append([]inference.Message(nil), chatReq.Messages...)
	edit(&r)
	return r
}

func ptr[T any](v T) *T { return &v }

// ops is every operation of every package.
var ops = []op{
	row("sunrise", "Get", sunrise.New, func(ctx context.Context, c *sunrise.Client) error {
		return discard(c.Get(ctx, 51.4779, -0.0015, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.June, Day: 21}}))
	}).rejects("lat", func(ctx context.Context, c *sunrise.Client) error {
		return discard(c.Get(ctx, 90.5, 0, nil))
	}).rejects("lat", func(ctx context.Context, c *sunrise.Client) error {
		return discard(c.Get(ctx, math.NaN(), 0, nil))
	}).rejects("lng", func(ctx context.Context, c *sunrise.Client) error {
		return discard(c.Get(ctx, 0, -180.5, nil))
	}).rejects("date", func(ctx context.Context, c *sunrise.Client) error {
		return discard(c.Get(ctx, 0, 0, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.February, Day: 30}}))
	}).rejects("tzid", func(ctx context.Context, c *sunrise.Client) error {
		return discard(c.Get(ctx, 0, 0, &sunrise.GetParams{TZID: "Mars/Olympus_Mons"}))
	}),

	row("banklink", "SearchInstitutions", banklink.New, func(ctx context.Context, c *banklink.Client) error {
		return discard(c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{banklink.CountryUS}}))
	}).auth("body client_id, secret").rejects("query", func(ctx context.Context, c *banklink.Client) error {
		return discard(c.SearchInstitutions(ctx, " ", nil))
	}).rejects("products", func(ctx context.Context, c *banklink.Client) error {
		return discard(c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{Products: []banklink.Product{banklink.ProductAuth, ""}}))
	}).rejects("country_codes", func(ctx context.Context, c *banklink.Client) error {
		return discard(c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{"us"}}))
	}),
	row("banklink", "GetBalance", banklink.New, func(ctx context.Context, c *banklink.Client) error {
		return discard(c.GetBalance(ctx, cred("banklink", "access_token")))
	}).auth("body client_id, secret, access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
		return discard(c.GetBalance(ctx, ""))
	}).rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
		return discard(c.GetBalance(ctx, "access-sandbox 123"))
	}),

	row("maps", "Geocode", maps.New, func(ctx context.Context, c *maps.Client) error {
		return discard(c.Geocode(ctx, "1600 Amphitheatre Parkway, Mountain View, CA"))
	}).auth("query key").rejects("address", func(ctx context.Context, c *maps.Client) error {
		return discard(c.Geocode(ctx, ""))
	}),
	row("maps", "SearchText", maps.New, func(ctx context.Context, c *maps.Client) error {
		return discard(c.SearchText(ctx, "pizza in New York", nil))
	}).auth("header X-Provider-Api-Key").rejects("textQuery", func(ctx context.Context, c *maps.Client) error {
		return discard(c.SearchText(ctx, "\t", nil))
	}).rejects("field_mask", func(ctx context.Context, c *maps.Client) error {
		return discard(c.SearchText(ctx, "pizza", &maps.SearchTextParams{FieldMask: maps.FieldMask{}}))
	}).rejects("field_mask", func(ctx context.Context, c *maps.Client) error {
		return discard(c.SearchText(ctx, "pizza", &maps.SearchTextParams{FieldMask: maps.FieldMask{"places.id,places.name"}}))
	}),
	row("maps", "ComputeRoutes", maps.New, func(ctx context.Context, c *maps.Client) error {
		return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", nil))
	}).auth("header X-Provider-Api-Key").rejects("origin", func(ctx context.Context, c *maps.Client) error {
		return discard(c.ComputeRoutes(ctx, "", "Lyon, France", nil))
	}).rejects("destination", func(ctx context.Context, c *maps.Client) error {
		return discard(c.ComputeRoutes(ctx, "Paris, France", " ", nil))
	}).rejects("travelMode", func(ctx context.Context, c *maps.Client) error {
		return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", &maps.ComputeRoutesParams{TravelMode: "drive"}))
	}).rejects("field_mask", func(ctx context.Context, c *maps.Client) error {
		return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", &maps.ComputeRoutesParams{FieldMask: maps.FieldMask{""}}))
	}),

	row("chat", "CurrentUser", chat.New, func(ctx context.Context, c *chat.Client) error {
		return discard(c.CurrentUser(ctx))
	}).auth(botHeader),
	row("chat", "CreateMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
		return discard(c.CreateMessage(ctx, "1180000000000000101", "Deploy 2024.06.21-3 finished in 4m12s", nil))
	}).dedupes("nonce").auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
		return discard(c.CreateMessage(ctx, " ", "hello", nil))
	}).rejects("content", func(ctx context.Context, c *chat.Client) error {
		return discard(c.CreateMessage(ctx, "1180000000000000101", "\n", nil))
	}),
	row("chat", "GuildChannels", chat.New, func(ctx context.Context, c *chat.Client) error {
		return discard(c.GuildChannels(ctx, "1180000000000000007"))
	}).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
		return discard(c.GuildChannels(ctx, ""))
	}),
	row("chat", "ExecuteWebhook", chat.New, func(ctx context.Context, c *chat.Client) error {
		return c.ExecuteWebhook(ctx, hook(), chat.WebhookMessage{Content: "Build #130 passed on main", Username: "ci"})
	}).writes().auth(webhookKey).returns(none).rejects("webhook_id", func(ctx context.Context, c *chat.Client) error {
		return c.ExecuteWebhook(ctx, chat.NewWebhook("not-a-number", hook().Token()), chat.WebhookMessage{Content: "hi"})
	}).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
		return c.ExecuteWebhook(ctx, chat.NewWebhook(hook().ID, "../../users/@me"), chat.WebhookMessage{Content: "hi"})
	}).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
		return c.ExecuteWebhook(ctx, chat.NewWebhook(hook().ID, ""), chat.WebhookMessage{Content: "hi"})
	}).rejects("content", func(ctx context.Context, c *chat.Client) error {
		return c.ExecuteWebhook(ctx, hook(), chat.WebhookMessage{Username: "ci"})
	}),
	row("chat", "ExecuteWebhookWait", chat.New, func(ctx context.Context, c *chat.Client) error {
		return discard(c.ExecuteWebhookWait(ctx, hook(), chat.WebhookMessage{Content: "Build #130 passed on main", Username: "ci"}))
	}).writes().auth(webhookKey).rejects("webhook_id", func(ctx context.Context, c *chat.Client) error {
		return discard(c.ExecuteWebhookWait(ctx, chat.NewWebhook("", hook().Token()), chat.WebhookMessage{Content: "hi"}))
	}).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
		return discard(c.ExecuteWebhookWait(ctx, chat.NewWebhook(hook().ID, "tok?wait=false"), chat.WebhookMessage{Content: "hi"}))
	}).rejects("content", func(ctx context.Context, c *chat.Client) error {
		return discard(c.ExecuteWebhookWait(ctx, hook(), chat.WebhookMessage{Content: " \t"}))
	}),

	row("ci", "Me", ci.New, func(ctx context.Context, c *ci.Client) error {
		return discard(c.Me(ctx))
	}).auth(ciHeader),
	row("ci", "ListPipelines", ci.New, func(ctx context.Context, c *ci.Client) error {
		return discard(c.ListPipelines(ctx, slug, nil))
	}).auth(ciHeader).rejects("vcs_prefix", func(ctx context.Context, c *ci.Client) error {
		return discard(c.ListPipelines(ctx, ci.ProjectSlug{Org: "acme", Repo: "api"}, nil))
	}).rejects("org", func(ctx context.Context, c *ci.Client) error {
		return discard(c.ListPipelines(ctx, ci.ProjectSlug{VCS: "gh", Org: "..", Repo: "api"}, nil))
	}).rejects("repo", func(ctx context.Context, c *ci.Client) error {
		return discard(c.ListPipelines(ctx, ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api/pipeline"}, nil))
	}),
	row("ci", "TriggerPipeline", ci.New, func(ctx context.Context, c *ci.Client) error {
		return discard(c.TriggerPipeline(ctx, slug, "main"))
	}).writes().auth(ciHeader).rejects("branch", func(ctx context.Context, c *ci.Client) error {
		return discard(c.TriggerPipeline(ctx, slug, " "))
	}).rejects("repo", func(ctx context.Context, c *ci.Client) error {
		return discard(c.TriggerPipeline(ctx, ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "a pi"}, "main"))
	}),

	row("noderpc", "BlockNumber", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
		return discard(c.BlockNumber(ctx))
	}).auth(rpcKey),
	row("noderpc", "GetBalance", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
		return discard(c.GetBalance(ctx, wallet, noderpc.Block{}))
	}).auth(rpcKey).rejects("address", func(ctx context.Context, c *noderpc.Client) error {
		return discard(c.GetBalance(ctx, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA9604", noderpc.Block{}))
	}).rejects("address", func(ctx context.Context, c *noderpc.Client) error {
		return discard(c.GetBalance(ctx, "vitalik.eth", noderpc.BlockTag("latest")))
	}).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
		return discard(c.GetBalance(ctx, wallet, noderpc.BlockTag("newest")))
	}),
	row("noderpc", "Call", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
		var block struct {
			Timestamp    noderpc.Quantity `json:"timestamp"`
			Transactions []string         `json:"transactions"`
		}
		return c.Call(ctx, "eth_getBlockByNumber", []any{"latest", false}, &block)
	}).auth(rpcKey).rejects("method", func(ctx context.Context, c *noderpc.Client) error {
		return c.Call(ctx, "", nil, nil)
	}).rejects("result", func(ctx context.Context, c *noderpc.Client) error {
		var n noderpc.Quantity
		return c.Call(ctx, "eth_blockNumber", nil, n)
	}),
	row("noderpc", "BatchCall", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
		var chain, height noderpc.Quantity
		calls := []noderpc.BatchElem{{Method: "eth_chainId", Result: &chain}, {Method: "eth_blockNumber", Result: &height}}
		return firstErr(c.BatchCall(ctx, calls), calls)
	}).auth(rpcKey).rejects("calls", func(ctx context.Context, c *noderpc.Client) error {
		return c.BatchCall(ctx, nil)
	}).rejects("method", func(ctx context.Context, c *noderpc.Client) error {
		return c.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId"}, {}})
	}).rejects("result", func(ctx context.Context, c *noderpc.Client) error {
		var out *noderpc.Quantity
		return c.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId", Result: out}})
	}),

	row("observability", "Auth", observability.New, func(ctx context.Context, c *observability.Client) error {
		return discard(c.Auth(ctx))
	}).auth(obsHeader),
	row("observability", "ListDatasets", observability.New, func(ctx context.Context, c *observability.Client) error {
		return discard(c.ListDatasets(ctx))
	}).auth(obsHeader),
	row("observability", "SendEvent", observability.New, func(ctx context.Context, c *observability.Client) error {
		return c.SendEvent(ctx, "checkout", observability.Event{"route": "/cart", "status": 200, "duration_ms": 41.5})
	}).writes().auth(obsHeader).returns(none).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
		return c.SendEvent(ctx, "", observability.Event{"status": 200})
	}).rejects("event", func(ctx context.Context, c *observability.Client) error {
		return c.SendEvent(ctx, "checkout", observability.Event{})
	}).rejects("user", func(ctx context.Context, c *observability.Client) error {
		return c.SendEvent(ctx, "checkout", observability.Event{"status": 200, "user": map[string]any{"id": 1}})
	}).rejects("duration_ms", func(ctx context.Context, c *observability.Client) error {
		return c.SendEvent(ctx, "checkout", observability.Event{"duration_ms": math.Inf(1)})
	}).rejects("ok", func(ctx context.Context, c *observability.Client) error {
		return c.SendEvent(ctx, "checkout", observability.Event{"ok": true})
	}).rejects("status", func(ctx context.Context, c *observability.Client) error {
		return c.SendEvent(ctx, "checkout", observability.Event{"status": json.Number("2e")})
	}),

	row("imageedit", "Edit", imageedit.New, func(ctx context.Context, c *imageedit.Client) error {
		return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{
			RemoveBackground: true, Extra: url.Values{"background.color": {"FFFFFF"}},
		}))
	}).auth(imageKey).returns(binary).rejects("imageUrl", func(ctx context.Context, c *imageedit.Client) error {
		return readImage(c.Edit(ctx, "shoe.jpg", nil))
	}).rejects("imageUrl", func(ctx context.Context, c *imageedit.Client) error {
		return readImage(c.Edit(ctx, "ftp://cdn.example.com/shoe.jpg", nil))
	}).rejects("Extra", func(ctx context.Context, c *imageedit.Client) error {
		return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Extra: url.Values{"": {"x"}}}))
	}).rejects("removeBackground", func(ctx context.Context, c *imageedit.Client) error {
		return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Extra: url.Values{"removeBackground": {"false"}}}))
	}),
	row("imageedit", "Account", imageedit.New, func(ctx context.Context, c *imageedit.Client) error {
		return discard(c.Account(ctx))
	}).auth(imageKey),
	row("imageedit", "Segment", imageedit.New, func(ctx context.Context, c *imageedit.Client) error {
		return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{FileName: "photo.png"}))
	}).writes().auth(imageKey).returns(binary).rejects(imageedit.DefaultSegmentField, func(ctx context.Context, c *imageedit.Client) error {
		return readImage(c.Segment(ctx, nil, nil))
	}).rejects("name", func(ctx context.Context, c *imageedit.Client) error {
		return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{FieldName: "image\r\nfile"}))
	}).rejects("filename", func(ctx context.Context, c *imageedit.Client) error {
		return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{FileName: "photo\x00.png"}))
	}).rejects("Content-Type", func(ctx context.Context, c *imageedit.Client) error {
		return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{ContentType: "png image"}))
	}),

	row("media", "ListImages", media.New, func(ctx context.Context, c *media.Client) error {
		return discard(c.ListImages(ctx, &media.ListImagesParams{MaxResults: 2}))
	}).auth(mediaBasic).rejects("max_results", func(ctx context.Context, c *media.Client) error {
		return discard(c.ListImages(ctx, &media.ListImagesParams{MaxResults: -1}))
	}),
	row("media", "Usage", media.New, func(ctx context.Context, c *media.Client) error {
		return discard(c.Usage(ctx))
	}).auth(mediaBasic),
	row("media", "ListByTag", media.New, func(ctx context.Context, c *media.Client) error {
		return discard(c.ListByTag(ctx, "products"))
	}).rejects("tag", func(ctx context.Context, c *media.Client) error {
		return discard(c.ListByTag(ctx, ""))
	}).rejects("tag", func(ctx context.Context, c *media.Client) error {
		return discard(c.ListByTag(ctx, "../usage"))
	}).rejects("tag", func(ctx context.Context, c *media.Client) error {
		return discard(c.ListByTag(ctx, "products\n"))
	}),

	row("store", "Product", store.New, func(ctx context.Context, c *store.Client) error {
		return discard(c.Product(ctx, 1))
	}).rejects("id", func(ctx context.Context, c *store.Client) error {
		return discard(c.Product(ctx, 0))
	}).rejects("id", func(ctx context.Context, c *store.Client) error {
		return discard(c.Product(ctx, -7))
	}),
	row("store", "ProductsByCategory", store.New, func(ctx context.Context, c *store.Client) error {
		return discard(c.ProductsByCategory(ctx, "men's clothing", &store.ProductsByCategoryParams{Limit: 3}))
	}).rejects("category", func(ctx context.Context, c *store.Client) error {
		return discard(c.ProductsByCategory(ctx, " ", nil))
	}).rejects("limit", func(ctx context.Context, c *store.Client) error {
		return discard(c.ProductsByCategory(ctx, "jewelery", &store.ProductsByCategoryParams{Limit: -1}))
	}),
	row("store", "CreateProduct", store.New, func(ctx context.Context, c *store.Client) error {
		return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Linen camp-collar shirt", Price: conduit.MustParseDecimal("39.90"), Category: "men's clothing"}))
	}).writes().rejects("title", func(ctx context.Context, c *store.Client) error {
		return discard(c.CreateProduct(ctx, store.NewProduct{Price: conduit.MustParseDecimal("39.90"), Category: "men's clothing"}))
	}).rejects("price", func(ctx context.Context, c *store.Client) error {
		return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Shirt", Price: conduit.MustParseDecimal("-1"), Category: "men's clothing"}))
	}).rejects("price", func(ctx context.Context, c *store.Client) error {
		return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Shirt", Category: "men's clothing"}))
	}).rejects("category", func(ctx context.Context, c *store.Client) error {
		return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Shirt", Price: conduit.MustParseDecimal("39.90")}))
	}),

	row("countries", "Capitals", countries.New, func(ctx context.Context, c *countries.Client) error {
		return discard(c.Capitals(ctx))
	}),
	row("countries", "Cities", countries.New, func(ctx context.Context, c *countries.Client) error {
		return discard(c.Cities(ctx, "Nigeria"))
	}).rejects("country", func(ctx context.Context, c *countries.Client) error {
		return discard(c.Cities(ctx, ""))
	}),

	row("pkgstats", "Stats", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Stats(ctx, "npm", "@babel/core", &pkgstats.StatsParams{Period: "week"}))
	}).rejects("registry_type", func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Stats(ctx, "NPM", "@babel/core", nil))
	}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Stats(ctx, "npm", "babel/core", nil))
	}).rejects("period", func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Stats(ctx, "npm", "@babel/core", &pkgstats.StatsParams{Period: "last week"}))
	}),
	row("pkgstats", "Package", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Package(ctx, "npm", "@babel/core"))
	}).rejects("registry_type", func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Package(ctx, "", "react"))
	}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Package(ctx, "npm", "@babel"))
	}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Package(ctx, "npm", "@babel/../core"))
	}),
	row("pkgstats", "Resolve", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Resolve(ctx, "npm", "@babel/core", "^7.20"))
	}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Resolve(ctx, "npm", "", "^7.20"))
	}).rejects("specifier", func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Resolve(ctx, "npm", "react", " "))
	}),

	row("fxref", "Latest", fxref.New, func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Latest(ctx, fxParams))
	}).rejects("base", func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Latest(ctx, &fxref.RatesParams{Base: "eur"}))
	}).rejects("symbols", func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Latest(ctx, &fxref.RatesParams{Symbols: []string{"USD", "GBP,CHF"}}))
	}),
	row("fxref", "Historical", fxref.New, func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Historical(ctx, conduit.Date{Year: 2024, Month: time.January, Day: 1}, fxParams))
	}).rejects("date", func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Historical(ctx, conduit.Date{Year: 2023, Month: time.February, Day: 29}, nil))
	}).rejects("date", func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Historical(ctx, conduit.Date{}, nil))
	}).rejects("symbols", func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Historical(ctx, conduit.Date{Year: 2024, Month: time.January, Day: 2}, &fxref.RatesParams{Symbols: []string{"usd"}}))
	}),
	row("fxref", "Range", fxref.New, func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Range(ctx, conduit.Date{Year: 2024, Month: time.June, Day: 1}, conduit.Date{Year: 2024, Month: time.June, Day: 7}, fxParams))
	}).rejects("start_date", func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Range(ctx, conduit.Date{Year: 2024, Month: 13, Day: 1}, conduit.Date{Year: 2024, Month: time.June, Day: 7}, nil))
	}).rejects("end_date", func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Range(ctx, conduit.Date{Year: 2024, Month: time.June, Day: 1}, conduit.Date{Year: 2024, Month: time.June, Day: 31}, nil))
	}).rejects("end_date", func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Range(ctx, conduit.Date{Year: 2024, Month: time.June, Day: 7}, conduit.Date{Year: 2024, Month: time.June, Day: 1}, nil))
	}).rejects("base", func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Range(ctx, conduit.Date{Year: 2024, Month: time.June, Day: 1}, conduit.Date{Year: 2024, Month: time.June, Day: 7}, &fxref.RatesParams{Base: "EURO"}))
	}),
	row("fxref", "Currencies", fxref.New, func(ctx context.Context, c *fxref.Client) error {
		return discard(c.Currencies(ctx))
	}),

	row("cryptoprices", "SpotPrice", cryptoprices.New, func(ctx context.Context, c *cryptoprices.Client) error {
		return discard(c.SpotPrice(ctx, "BTC", "USD"))
	}).rejects("base", func(ctx context.Context, c *cryptoprices.Client) error {
		return discard(c.SpotPrice(ctx, "B", "USD"))
	}).rejects("base", func(ctx context.Context, c *cryptoprices.Client) error {
		return discard(c.SpotPrice(ctx, "BTC-EUR", "USD"))
	}).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
		return discard(c.SpotPrice(ctx, "BTC", "USD/../x"))
	}),
	row("cryptoprices", "ExchangeRates", cryptoprices.New, func(ctx context.Context, c *cryptoprices.Client) error {
		return discard(c.ExchangeRates(ctx, "USD"))
	}).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
		return discard(c.ExchangeRates(ctx, ""))
	}).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
		return discard(c.ExchangeRates(ctx, "ABCDEFGHIJK"))
	}),

	row("fiscal", "DebtToPenny", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
		return discard(c.DebtToPenny(ctx, pageParams))
	}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
		return discard(c.DebtToPenny(ctx, &fiscal.PageParams{Sort: "record_date,-src_line_nbr"}))
	}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
		return discard(c.DebtToPenny(ctx, &fiscal.PageParams{Sort: "-"}))
	}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
		return discard(c.DebtToPenny(ctx, &fiscal.PageParams{PageSize: -1}))
	}).rejects("page[number]", func(ctx context.Context, c *fiscal.Client) error {
		return discard(c.DebtToPenny(ctx, &fiscal.PageParams{PageNumber: -2}))
	}),
	row("fiscal", "AvgInterestRates", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
		return discard(c.AvgInterestRates(ctx, pageParams))
	}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
		return discard(c.AvgInterestRates(ctx, &fiscal.PageParams{Sort: "Record_Date"}))
	}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
		return discard(c.AvgInterestRates(ctx, &fiscal.PageParams{PageSize: -100}))
	}),
	row("fiscal", "AllDebtToPenny", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
		return drain(c.AllDebtToPenny(ctx, pageParams))
	}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
		return drain(c.AllDebtToPenny(ctx, &fiscal.PageParams{Sort: "record date"}))
	}).rejects("page[number]", func(ctx context.Context, c *fiscal.Client) error {
		return drain(c.AllDebtToPenny(ctx, &fiscal.PageParams{PageNumber: -1}))
	}),
	row("fiscal", "AllAvgInterestRates", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
		return drain(c.AllAvgInterestRates(ctx, pageParams))
	}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
		return drain(c.AllAvgInterestRates(ctx, &fiscal.PageParams{PageSize: -3}))
	}),

	row("museum", "Search", museum.New, func(ctx context.Context, c *museum.Client) error {
		return discard(c.Search(ctx, "sunflowers", &museum.SearchParams{HasImages: true}))
	}).rejects("q", func(ctx context.Context, c *museum.Client) error {
		return discard(c.Search(ctx, "  ", nil))
	}),
	row("museum", "Object", museum.New, func(ctx context.Context, c *museum.Client) error {
		return discard(c.Object(ctx, 436535))
	}).rejects("objectID", func(ctx context.Context, c *museum.Client) error {
		return discard(c.Object(ctx, 0))
	}),

	row("police", "Forces", police.New, func(ctx context.Context, c *police.Client) error {
		return discard(c.Forces(ctx))
	}),
	row("police", "StreetCrimes", police.New, func(ctx context.Context, c *police.Client) error {
		return discard(c.StreetCrimes(ctx, 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"}))
	}).rejects("lat", func(ctx context.Context, c *police.Client) error {
		return discard(c.StreetCrimes(ctx, -91, 0, nil))
	}).rejects("lng", func(ctx context.Context, c *police.Client) error {
		return discard(c.StreetCrimes(ctx, 52.6, math.Inf(-1), nil))
	}).rejects("date", func(ctx context.Context, c *police.Client) error {
		return discard(c.StreetCrimes(ctx, 52.6, -1.1, &police.StreetCrimesParams{Month: "2024-13"}))
	}).rejects("date", func(ctx context.Context, c *police.Client) error {
		return discard(c.StreetCrimes(ctx, 52.6, -1.1, &police.StreetCrimesParams{Month: "2024-01-15"}))
	}),

	row("animegraph", "Query", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
		var season struct {
			Page struct {
				Media []animegraph.Media `json:"media"`
			} `json:"Page"`
		}
		return c.Query(ctx, seasonDoc, map[string]any{"year": 2023}, &season)
	}).rejects("query", func(ctx context.Context, c *animegraph.Client) error {
		return c.Query(ctx, " \n", nil, nil)
	}).rejects("out", func(ctx context.Context, c *animegraph.Client) error {
		var out struct{}
		return c.Query(ctx, seasonDoc, nil, out)
	}).rejects("variables", func(ctx context.Context, c *animegraph.Client) error {
		return c.Query(ctx, seasonDoc, map[string]any{"season-year": 2023}, nil)
	}).rejects("variables", func(ctx context.Context, c *animegraph.Client) error {
		return c.Query(ctx, seasonDoc, map[string]any{"year": math.NaN()}, nil)
	}),
	row("animegraph", "Media", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
		return discard(c.Media(ctx, "Cowboy Bebop"))
	}).rejects("search", func(ctx context.Context, c *animegraph.Client) error {
		return discard(c.Media(ctx, ""))
	}).rejects("search", func(ctx context.Context, c *animegraph.Client) error {
		return discard(c.Media(ctx, "Cowboy \xff Bebop"))
	}),

	row("fxopen", "Latest", fxopen.New, func(ctx context.Context, c *fxopen.Client) error {
		return discard(c.Latest(ctx, "USD"))
	}).rejects("base_code", func(ctx context.Context, c *fxopen.Client) error {
		return discard(c.Latest(ctx, "usd"))
	}).rejects("base_code", func(ctx context.Context, c *fxopen.Client) error {
		return discard(c.Latest(ctx, "US/D"))
	}),

	row("inference", "ListModels", inference.New, func(ctx context.Context, c *inference.Client) error {
		return discard(c.ListModels(ctx))
	}).auth(bearer),
	row("inference", "CreateChatCompletion", inference.New, func(ctx context.Context, c *inference.Client) error {
		return discard(c.CreateChatCompletion(ctx, chatReq))
	}).auth(bearer).rejects("model", func(ctx context.Context, c *inference.Client) error {
		return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Model = "" })))
	}).rejects("messages", func(ctx context.Context, c *inference.Client) error {
		return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Messages = nil })))
	}).rejects("messages[1].role", func(ctx context.Context, c *inference.Client) error {
		return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) {
			r.Messages = append(r.Messages, inference.Message{Content: inference.TextContent("and?")})
		})))
	}).rejects("messages[0].content", func(ctx context.Context, c *inference.Client) error {
		return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Messages[0].Content = inference.Content{} })))
	}).rejects("temperature", func(ctx context.Context, c *inference.Client) error {
		return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Temperature = ptr(2.5) })))
	}).rejects("temperature", func(ctx context.Context, c *inference.Client) error {
		return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Temperature = ptr(math.NaN()) })))
	}).rejects("top_p", func(ctx context.Context, c *inference.Client) error {
		return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.TopP = ptr(-0.1) })))
	}).rejects("max_tokens", func(ctx context.Context, c *inference.Client) error {
		return discard(c.CreateChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.MaxTokens = ptr(0) })))
	}),
	row("inference", "StreamChatCompletion", inference.New, func(ctx context.Context, c *inference.Client) error {
		return readStream(c.StreamChatCompletion(ctx, chatReq))
	}).auth(bearer).returns(stream).rejects("model", func(ctx context.Context, c *inference.Client) error {
		return readStream(c.StreamChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Model = "" })))
	}).rejects("messages[0].role", func(ctx context.Context, c *inference.Client) error {
		return readStream(c.StreamChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.Messages[0].Role = "" })))
	}).rejects("top_p", func(ctx context.Context, c *inference.Client) error {
		return readStream(c.StreamChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.TopP = ptr(1.01) })))
	}).rejects("max_tokens", func(ctx context.Context, c *inference.Client) error {
		return readStream(c.StreamChatCompletion(ctx, badChat(func(r *inference.ChatCompletionRequest) { r.MaxTokens = ptr(-1) })))
	}),

	row("filings", "CompanyConcept", filings.New, func(ctx context.Context, c *filings.Client) error {
		return discard(c.CompanyConcept(ctx, 320193, "us-gaap", "AccountsPayableCurrent"))
	}).auth(contact).rejects("cik", func(ctx context.Context, c *filings.Client) error {
		return discard(c.CompanyConcept(ctx, 0, "us-gaap", "AccountsPayableCurrent"))
	}).rejects("cik", func(ctx context.Context, c *filings.Client) error {
		return discard(c.CompanyConcept(ctx, 10_000_000_000, "us-gaap", "AccountsPayableCurrent"))
	}).rejects("taxonomy", func(ctx context.Context, c *filings.Client) error {
		return discard(c.CompanyConcept(ctx, 320193, " ", "AccountsPayableCurrent"))
	}).rejects("tag", func(ctx context.Context, c *filings.Client) error {
		return discard(c.CompanyConcept(ctx, 320193, "us-gaap", ""))
	}),
	row("filings", "Submissions", filings.New, func(ctx context.Context, c *filings.Client) error {
		return discard(c.Submissions(ctx, 320193))
	}).auth(contact).rejects("cik", func(ctx context.Context, c *filings.Client) error {
		return discard(c.Submissions(ctx, -320193))
	}),

	row("explorer", "RecommendedFees", explorer.New, func(ctx context.Context, c *explorer.Client) error {
		return discard(c.RecommendedFees(ctx))
	}),
	row("explorer", "Mempool", explorer.New, func(ctx context.Context, c *explorer.Client) error {
		return discard(c.Mempool(ctx))
	}),
	row("explorer", "Blocks", explorer.New, func(ctx context.Context, c *explorer.Client) error {
		return discard(c.Blocks(ctx))
	}),
}
