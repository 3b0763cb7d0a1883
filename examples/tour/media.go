package main

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/media"
)

func init() {
	register("media", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := media.New()
		if err != nil {
			return err
		}
		tagged, err := c.ListByTag(ctx, "products")
		if err != nil {
			return err
		}
		first := tagged.Resources[0]
		say("ListByTag", "%d images tagged products, first %s.%s %dx%d, updated %s",
			len(tagged.Resources), first.PublicID, first.Format, first.Width, first.Height, tagged.UpdatedAt.Format("2006-01-02 15:04 MST"))

		list, err := c.ListImages(ctx, &media.ListImagesParams{MaxResults: 2})
		if err != nil {
			return err
		}
		last := list.Resources[len(list.Resources)-1]
		say("ListImages", "%d images, last %q v%d created %s", len(list.Resources), last.PublicID, last.Version, last.CreatedAt.Format("2006-01-02"))
		images, err := take(c.AllImages(ctx, &media.ListImagesParams{MaxResults: 2}), 10)
		if err != nil {
			return err
		}
		say("AllImages", "%d images seen over both pages, last %q", len(images), images[len(images)-1].PublicID)

		u, err := c.Usage(ctx)
		if err != nil {
			return err
		}
		var credits struct {
			Credits struct {
				Usage float64 `json:"usage"`
				Limit float64 `json:"limit"`
			} `json:"credits"`
		}
		if err := u.Decode(&credits); err != nil {
			return err
		}
		say("Usage", "plan %s, last updated %s, %.2f of %.0f credits used", u.Plan, u.LastUpdated, credits.Credits.Usage, credits.Credits.Limit)

		up, err := c.Upload(ctx, media.FromReader("teapot.jpg", strings.NewReader("JPEG bytes")), &media.UploadParams{PublicID: "products/teapot-white", Tags: []string{"products"}})
		if err != nil {
			return err
		}
		say("Upload", "signed upload stored %s v%d, %dx%d %s, %d bytes", up.PublicID, up.Version, up.Width, up.Height, up.Format, up.Bytes)
		const remote = "https://images.example.com/teapot-white.jpg"
		fetched, err := c.Upload(ctx, media.FromURL(remote), &media.UploadParams{PublicID: "products/teapot-white"})
		if err != nil {
			return err
		}
		say("FromURL", "Cloudinary fetched %s and stored %s v%d", remote, fetched.PublicID, fetched.Version)
		if err := verifyNotification(c, fetched, say); err != nil {
			return err
		}

		var resp conduit.Response
		a, err := c.Resource(ctx, "products/mug-blue", nil, conduit.WithResponse(&resp))
		if err != nil {
			return err
		}
		say("Resource", "%s is %d bytes, tags %v; admin budget %d of %d left", a.PublicID, a.Bytes, a.Tags, resp.RateLimit.Requests.Remaining, resp.RateLimit.Requests.Limit)

		found, err := c.Search(ctx, &media.SearchParams{Expression: "tags=products", MaxResults: 2})
		if err != nil {
			return err
		}
		say("Search", "%d assets match tags=products, %d on the first page, more: %t", found.TotalCount, len(found.Resources), found.NextCursor != "")
		matches, err := take(c.AllSearch(ctx, &media.SearchParams{Expression: "tags=products", MaxResults: 2}), 10)
		if err != nil {
			return err
		}
		say("AllSearch", "%d assets seen over both pages, last %q", len(matches), matches[len(matches)-1].PublicID)

		thumb, err := c.URL("products/mug-blue", &media.URLParams{
			Transformations: []media.Transformation{{Width: 300, Height: 200, Crop: "fill", Gravity: "auto"}}, Format: "webp", Sign: true,
		})
		if err != nil {
			return err
		}
		say("URL", "signed 300x200 thumbnail, nothing sent: %s", thumb)
		say("CloudName", "every call above addressed cloud %s", c.CloudName())

		ids := []string{"products/mug-blue", "products/teapot-white"}
		added, err := c.AddTag(ctx, "sale", ids, nil)
		if err != nil {
			return err
		}
		say("AddTag", "tagged sale: %v", added.PublicIDs)
		untagged, err := c.RemoveTag(ctx, "sale", ids, nil)
		if err != nil {
			return err
		}
		say("RemoveTag", "untagged sale: %v", untagged.PublicIDs)

		gone, err := c.Destroy(ctx, "products/teapot-white", nil)
		if err != nil {
			return err
		}
		say("Destroy", "products/teapot-white: %s", gone.Result)
		return nil
	})
}

// verifyNotification checks the upload notification Cloudinary would POST
// about an asset, signed as Cloudinary signs it: the SHA-1 hex digest of the
// body, the timestamp and the API secret (here the fake's).
func verifyNotification(c *media.Client, a *media.AssetDetails, say func(op, format string, args ...any)) error {
	body := []byte(fmt.Sprintf(`{"notification_type":"upload","public_id":%q,"version":%d}`, a.PublicID, a.Version))
	timestamp := strconv.FormatInt(time.Now().Unix(), 10)
	secret := conduittest.Credential("media", "api_secret")
	sum := sha1.Sum([]byte(string(body) + timestamp + secret))
	signature := hex.EncodeToString(sum[:])
	if err := c.VerifyNotification(body, timestamp, signature, 0); err != nil {
		return err
	}
	forged := c.VerifyNotification([]byte(strings.Replace(string(body), "upload", "delete", 1)), timestamp, signature, 0)
	if !errors.Is(forged, conduit.ErrInvalidParam) {
		return fmt.Errorf("a changed notification should fail its signature, got %v", forged)
	}
	say("VerifyNotification", "the notification about %s is genuine; with its body changed it is refused", a.PublicID)
	return nil
}
