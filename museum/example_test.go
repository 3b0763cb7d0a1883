package museum_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/museum"
)

func ExampleClient_Search() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := museum.New(srv.Options("museum")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	found, err := c.Search(ctx, "wheat field", &museum.SearchParams{HasImages: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(found.Total, "objects")
	obj, err := c.Object(ctx, 436535)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s by %s (%s)\n", obj.Title, obj.Constituents[0].Name, obj.Department)
	// Output:
	// 2 objects
	// Wheat Field with Cypresses by Vincent van Gogh (European Paintings)
}
