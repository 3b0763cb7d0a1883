package countries_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/internal/golden"
)

// The documented population, city population and states answers decode
// into these.
func TestPopulationAndStatesGoldens(t *testing.T) {
	c := fromReplay(t)
	ctx := context.Background()
	pop, err := c.Population(ctx, "Nigeria")
	require.NoError(t, err)
	golden.JSON(t, "countries", "population", pop)
	city, err := c.CityPopulation(ctx, "Lagos")
	require.NoError(t, err)
	golden.JSON(t, "countries", "city_population", city)
	states, err := c.States(ctx)
	require.NoError(t, err)
	golden.JSON(t, "countries", "states", states)
}
