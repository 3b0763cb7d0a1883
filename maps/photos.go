package maps

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Place Photos answers one path two ways: the image itself, or with
// skipHttpRedirect=true the JSON naming its address. Neither takes a field
// mask.
var (
	placePhotoOp = transport.DeclareDownload(service, transport.Op{Name: "PlacePhoto", Method: "GET", Base: placesURL,
		Path: "/v1/places/{place}/photos/{photo}/media", Accept: "image/*", HandsOff: true}, "image/*")
	placePhotoURIOp = transport.Declare[PhotoMedia](service, transport.Op{Name: "PlacePhotoURI", Method: "GET", Base: placesURL,
		Path: "/v1/places/{place}/photos/{photo}/media"}, nil)
)

// MaxPhotoPx is the largest width or height Place Photos serves.
const MaxPhotoPx = 4800

// PhotoParams size a place photo: at least one of the two is required, each
// 1 to MaxPhotoPx. The service scales the image down to fit, keeping its
// aspect ratio.
type PhotoParams struct {
	MaxWidthPx  int
	MaxHeightPx int
}

// Photo is a place photo's image. The caller reads and closes Body.
type Photo struct {
	Body        io.ReadCloser
	ContentType string
}

// PhotoMedia is where a place photo's image is served. RawJSON returns it
// as sent.
type PhotoMedia struct {
	raw `json:"-"`
	// Name is the photo media's resource name,
	// "places/{place}/photos/{photo}/media".
	Name string `json:"name"`
	// PhotoURI is a short-lived address of the image, fetched without the
	// key.
	PhotoURI string `json:"photoUri"`
}

// photoCall checks a photo's resource name, as a place's photos[].name
// gives it ("places/{place}/photos/{photo}"), and p, and returns the call.
func photoCall(op *transport.Op, name string, p PhotoParams) (transport.Call, error) {
	parts := strings.Split(name, "/")
	if len(parts) != 4 || parts[0] != "places" || parts[2] != "photos" || !photoSegment(parts[1]) || !photoSegment(parts[3]) {
		return transport.Call{}, op.Invalid("name", "%q is not a photo name places/{place}/photos/{photo}", name)
	}
	if p.MaxWidthPx == 0 && p.MaxHeightPx == 0 {
		return transport.Call{}, op.Invalid("maxWidthPx", "set maxWidthPx, maxHeightPx or both")
	}
	var q []string
	for _, d := range []struct {
		name string
		px   int
	}{{"maxWidthPx", p.MaxWidthPx}, {"maxHeightPx", p.MaxHeightPx}} {
		if d.px < 0 || d.px > MaxPhotoPx {
			return transport.Call{}, op.Invalid(d.name, "%d is outside 1..%d", d.px, MaxPhotoPx)
		}
		if d.px > 0 {
			q = append(q, d.name, strconv.Itoa(d.px))
		}
	}
	return transport.Call{Args: []string{parts[1], parts[3]}, Query: q}, nil
}

// photoSegment reports whether s can be one segment of a photo name.
func photoSegment(s string) bool {
	return s != "" && s != "." && s != ".." && !strings.ContainsAny(s, "?#%") && !strings.ContainsFunc(s, isSpaceOrControl)
}

// PlacePhoto returns the image of a place photo, named as a place's
// photos[].name gives it ("places/{place}/photos/{photo}"), scaled to fit
// p. Google answers with a redirect to its content host, which serves the
// image without a key: the redirect is followed over https with the key's
// header removed, so the key never leaves the places host.
func (c *Client) PlacePhoto(ctx context.Context, name string, p PhotoParams, opts ...Option) (*Photo, error) {
	call, err := photoCall(placePhotoOp.Op, name, p)
	if err != nil {
		return nil, err
	}
	body, contentType, err := placePhotoOp.Open(ctx, c.t, call, opts)
	if err != nil {
		return nil, err
	}
	return &Photo{Body: body, ContentType: contentType}, nil
}

// PlacePhotoURI returns where the image of a place photo is served, scaled
// to fit p, without the image: the same request as PlacePhoto's with
// skipHttpRedirect=true. The address needs no key.
func (c *Client) PlacePhotoURI(ctx context.Context, name string, p PhotoParams, opts ...Option) (*PhotoMedia, error) {
	call, err := photoCall(placePhotoURIOp.Op, name, p)
	if err != nil {
		return nil, err
	}
	call.Query = append(call.Query, "skipHttpRedirect", "true")
	return placePhotoURIOp.Do(ctx, c.t, call, opts)
}
