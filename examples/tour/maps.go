package main

import (
	"context"

	"github.com/conduit-sdk/conduit/maps"
)

func init() {
	register("maps", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := maps.New()
		if err != nil {
			return err
		}
		const from, to = "1600 Amphitheatre Parkway, Mountain View, CA", "450 Serra Mall, Stanford, CA"
		geo, err := c.Geocode(ctx, from)
		if err != nil {
			return err
		}
		g := geo.Results[0]
		say("Geocode", "%s at %.5f,%.5f (%s)", g.FormattedAddress, g.Geometry.Location.Lat, g.Geometry.Location.Lng, g.Geometry.LocationType)
		found, err := c.SearchText(ctx, "amphitheatre in Mountain View", nil)
		if err != nil {
			return err
		}
		p := found.Places[0]
		say("SearchText", "%d places, first %q rated %.1f", len(found.Places), p.DisplayName.Text, p.Rating)
		routes, err := c.ComputeRoutes(ctx, from, to, nil)
		if err != nil {
			return err
		}
		say("ComputeRoutes", "%d m in %v by %s", routes.Routes[0].DistanceMeters, routes.Routes[0].Duration.Duration, maps.Drive)
		return nil
	})
}
