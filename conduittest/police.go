package conduittest

import (
	"net/http"
	"strings"
)

func init() {
	stops := answer{fixture: "stop_searches.json"}
	fakes["police"] = &fake{
		answers: map[string]answer{
			"StreetCrimes": {pick: func(r *http.Request, _ []byte) string {
				if r.URL.Query().Get("date") == "2010-11" {
					return "street_crimes_empty.json" // before the data starts
				}
				return "street_crimes.json"
			}},
			"StreetCrimesInArea":       {fixture: "street_crimes.json"},
			"CrimesAtNearestLocation":  {fixture: "crimes_at_location.json"},
			"StreetOutcomesInArea":     {fixture: "street_outcomes.json"},
			"StreetOutcomesAtLocation": {fixture: "street_outcomes.json"},
			"StopSearchesInArea":       stops,
			"StopSearchesAtLocation":   stops,
			"StopSearchesByForce":      stops,
		},
		which: policeWhich,
	}
}

// policeWhich tells apart the operations that share a path by the query
// each sends: a polygon, a location id, or a point.
func policeWhich(r *http.Request, _ []byte) string {
	q := r.URL.Query()
	path := r.URL.Path
	switch {
	case strings.Contains(path, "/crimes-street/"):
		if q.Has("poly") {
			return "StreetCrimesInArea"
		}
		return "StreetCrimes"
	case strings.HasSuffix(path, "/outcomes-at-location"):
		switch {
		case q.Has("poly"):
			return "StreetOutcomesInArea"
		case q.Has("location_id"):
			return "StreetOutcomesAtLocation"
		}
		return "StreetOutcomes"
	case strings.HasSuffix(path, "/crimes-at-location"):
		if q.Has("location_id") {
			return "CrimesAtLocation"
		}
		return "CrimesAtNearestLocation"
	case strings.HasSuffix(path, "/stops-street"):
		if q.Has("poly") {
			return "StopSearchesInArea"
		}
		return "StopSearches"
	}
	return ""
}
