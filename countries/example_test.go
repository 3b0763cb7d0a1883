package countries_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/countries"
)

func ExampleClient_Cities() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := countries.New(srv.Options("countries")...)
	if err != nil {
		log.Fatal(err)
	}
	r, err := c.Cities(context.Background(), "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Msg)
	fmt.Println(len(r.Data), "cities, from", r.Data[0], "to", r.Data[len(r.Data)-1])

	// An envelope with error: true is an error carrying the service's msg.
	_, err = c.Cities(context.Background(), "Atlantis")
	var e *countries.Error
	if errors.As(err, &e) {
		fmt.Println("error:", e.Message)
	}
	// Output:
	// cities in Nigeria retrieved
	// 12 cities, from Aba to Port Harcourt
	// error: country not found
}
