package conduittest

// The server answers for every package linked in; this package links them
// all, so that one import gives a test the fake of any service.
import (
	_ "github.com/conduit-sdk/conduit/animegraph"
	_ "github.com/conduit-sdk/conduit/banklink"
	_ "github.com/conduit-sdk/conduit/chat"
	_ "github.com/conduit-sdk/conduit/ci"
	_ "github.com/conduit-sdk/conduit/countries"
	_ "github.com/conduit-sdk/conduit/cryptoprices"
	_ "github.com/conduit-sdk/conduit/explorer"
	_ "github.com/conduit-sdk/conduit/filings"
	_ "github.com/conduit-sdk/conduit/fiscal"
	_ "github.com/conduit-sdk/conduit/fxopen"
	_ "github.com/conduit-sdk/conduit/fxref"
	_ "github.com/conduit-sdk/conduit/imageedit"
	_ "github.com/conduit-sdk/conduit/inference"
	_ "github.com/conduit-sdk/conduit/maps"
	_ "github.com/conduit-sdk/conduit/media"
	_ "github.com/conduit-sdk/conduit/museum"
	_ "github.com/conduit-sdk/conduit/noderpc"
	_ "github.com/conduit-sdk/conduit/observability"
	_ "github.com/conduit-sdk/conduit/pkgstats"
	_ "github.com/conduit-sdk/conduit/police"
	_ "github.com/conduit-sdk/conduit/store"
	_ "github.com/conduit-sdk/conduit/sunrise"
)
