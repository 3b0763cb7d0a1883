// Command countries prints a few capitals and the cities of a country.
//
//	go run ./examples/countries -fake  # against conduittest's fake of the service
//	go run ./examples/countries -country Ghana
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/countries"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	country := flag.String("country", "Nigeria", "country whose cities to list")
	capitals := flag.Int("capitals", 5, "how many capitals to print")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := countries.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	caps, err := c.Capitals(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s (%d countries)\n", caps.Msg, len(caps.Data))
	for _, cp := range caps.Data[:min(*capitals, len(caps.Data))] {
		fmt.Printf("  %s %s  %-20s %s\n", cp.ISO2, cp.ISO3, cp.Name, cp.Capital)
	}

	cities, err := c.Cities(ctx, *country)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %s\n", cities.Msg, strings.Join(cities.Data, ", "))
}
