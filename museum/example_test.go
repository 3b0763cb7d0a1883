package museum_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit"
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

// Every filter the service documents, sent before the search text.
func ExampleClient_Search_filters() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := museum.New(srv.Options("museum")...)
	if err != nil {
		log.Fatal(err)
	}
	from, to := 1880, 1890
	found, err := c.Search(context.Background(), "wheat field", &museum.SearchParams{
		IsHighlight: true, DepartmentID: 11, IsOnView: true, ArtistOrCulture: false,
		Medium: []string{"Paintings"}, HasImages: true, GeoLocation: []string{"France"},
		DateBegin: &from, DateEnd: &to,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(found.ObjectIDs)
	// Output:
	// [436535 544320]
}

func ExampleClient_Departments() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := museum.New(srv.Options("museum")...)
	if err != nil {
		log.Fatal(err)
	}
	d, err := c.Departments(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	for _, dep := range d.Departments[9:11] {
		fmt.Println(dep.DepartmentID, dep.DisplayName)
	}
	// Output:
	// 11 European Paintings
	// 12 European Sculpture and Decorative Arts
}

// The ids of every object changed since a day, in two departments.
func ExampleClient_Objects() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := museum.New(srv.Options("museum")...)
	if err != nil {
		log.Fatal(err)
	}
	since, err := conduit.ParseDate("2018-10-22")
	if err != nil {
		log.Fatal(err)
	}
	r, err := c.Objects(context.Background(), &museum.ObjectsParams{MetadataDate: &since, DepartmentIDs: []int{3, 9, 12}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Total, r.ObjectIDs)
	// Output:
	// 5 [1 2 3 4 5]
}

// Many objects at once, within the published rate, in the order asked;
// an id the collection lacks fails alone.
func ExampleClient_FetchObjects() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := museum.New(srv.Options("museum")...)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range c.FetchObjects(context.Background(), []int64{436535, 999999999, 544320}, nil) {
		if r.Err != nil {
			fmt.Println(r.ID, errors.Is(r.Err, conduit.ErrNotFound))
			continue
		}
		fmt.Println(r.ID, r.Object.Title)
	}
	// Output:
	// 436535 Wheat Field with Cypresses
	// 999999999 true
	// 544320 Statuette of Anubis
}
