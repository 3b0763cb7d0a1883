package transport

import "strconv"

// LatLng checks a latitude and longitude in decimal degrees (NaN and
// infinities included) and returns them as the query pair lat, lng that the
// coordinate-taking interfaces share. The error is this service's
// ErrInvalidParam naming the field.
func (c *Client) LatLng(op string, lat, lng float64) ([]string, error) {
	if !(lat >= -90 && lat <= 90) {
		return nil, c.InvalidParam(op, "lat", "%v is outside -90..90", lat)
	}
	if !(lng >= -180 && lng <= 180) {
		return nil, c.InvalidParam(op, "lng", "%v is outside -180..180", lng)
	}
	return []string{"lat", strconv.FormatFloat(lat, 'f', -1, 64), "lng", strconv.FormatFloat(lng, 'f', -1, 64)}, nil
}
