// Package conduittest fakes every service conduit speaks to, for the tests
// of code that uses conduit: one loopback server answers every operation of
// all 22 packages from fixtures embedded in this package, checking
// credentials exactly where each service's documentation puts them, so a
// test needs no network, no keys and no knowledge of wire paths.
//
//	func TestReport(t *testing.T) {
//		srv := conduittest.NewServer(t)
//		sun, _ := sunrise.New(srv.Options("sunrise")...)
//		chat, _ := chat.New(srv.Options("chat")...)
//
//		srv.On("chat", "CreateMessage").ReplyN(1, conduittest.Reply{Status: 429, Header: http.Header{"Retry-After": {"0"}}})
//		if err := myapp.Report(ctx, sun, chat); err != nil { // retried after the 429
//			t.Fatal(err)
//		}
//		sent := srv.Requests("chat", "CreateMessage")
//		// sent[1].Body holds what the code posted
//	}
//
// Each client is pointed at the server in one line: srv.Options(pkg) gives
// a package's base URLs and the fake credentials the server accepts, or
// srv.Setenv(t) sets every package's CONDUIT_* variables for the rest of
// the test, so clients built with no options find the server.
//
// Scripting, per operation (On): answer with a given status, headers and
// body; fail N times and then answer normally (ReplyN); delay; reset the
// connection; cut a stream after N events. Requests lists what the code
// sent to an operation: method, path, query, headers and body.
//
// Caching: the fakes of Frankfurter (fxref), jsDelivr (pkgstats) and
// mempool.space (explorer) send the caching headers those services send
// (Cache-Control max-age, Expires, an ETag answered with 304), so a client
// with conduit.WithCache is served from its store on a second call. The
// other fakes send none, and every call is fetched, until a script gives the
// normal answer headers of its own:
//
//	srv.On("museum", "Object").Reply(conduittest.Reply{
//		Header: http.Header{"Cache-Control": {"max-age=3600"}, "ETag": {`"v1"`}},
//	})
//
// An endpoint a package does not type, reached with the client's Do, is
// faked with Handle: srv.Handle("inference", "POST /embeddings", Reply{…}).
// Its requests are recorded and its credentials checked like any other.
//
// For a stream built without any server, conduit.NewStream reads one from
// any io.Reader.
//
// # Push fakes
//
// Every push channel's fake is on the Server: ChatGateway (the chat
// gateway, on the Server's own address, which GatewayBot points at),
// NodeSocket (eth_subscribe over WebSocket, with noderpc's JSON-RPC) and
// MempoolSocket (mempool.space's live feed). The last two listen on
// addresses of their own, started on first use and closed with the
// Server; their Options point a client at them. StartNodeSocket and
// StartMempoolSocket start one alone, outside a Server. Each scripts the
// hostile cases: drops, close codes, bad frames, refused handshakes.
//
// # What the fakes answer
//
// Every answer is a fixture under testdata/<pkg>/ (Fixture reads it), drawn
// from the service's documented examples. The lists below say what each
// operation gets, so a test can assert on it without reading the files.
// Listings are one short page unless they say otherwise, so the All…
// iterators end after it. A wrong or missing credential is answered as the
// service answers it, whatever the operation.
//
// animegraph: a typed operation is known by its fixed document; any other
// document is Query.
//
//	Media               "Cowboy Bebop" (id 1); "Sousou no Frieren 2nd Season" (id 182255,
//	                    NOT_YET_RELEASED); any other search: 404 "Not Found."
//	MediaByID           id 1, Cowboy Bebop, whatever the id
//	SearchMedia         one page of 2 (ids 1 and 5), hasNextPage false
//	Character           id 1, Spike Spiegel
//	Staff               id 95011, Kouichi Yamadera
//	Studio              id 14, Sunrise, with Cowboy Bebop among its media
//	AiringSchedule      one page of 2 entries (episodes 17 and 5)
//	User                id 1, "Josh"
//	SaveMediaListEntry  entry 4 for media 1: CURRENT, progress 5 (needs the token)
//	Viewer              id 5730417, "spiegel", scores POINT_10_DECIMAL (needs the token)
//	MediaListCollection one chunk, hasNextChunk false: Watching (entry 4), Completed
//	                    (entry 9), and the custom list "Favourites of 1998" (entry 4
//	                    again) (needs the token)
//	DeleteMediaListEntry  deleted: true (needs the token)
//	ToggleFavourite     anime 1 and 5, character 1, studio 14 (needs the token)
//	Query               a document naming Page: 3 media, hasNextPage true; naming Staff:
//	                    partial data with a 404 error; naming Media( with $search as for
//	                    Media; a field "Nope": 400 validation error; no query: 400
//
// banklink: the item calls take the fake's access token (Credential
// "access_token"), which ExchangePublicToken hands out; any other is 400
// INVALID_ACCESS_TOKEN. BanklinkWebhookHeader signs a webhook body that
// VerifyWebhook accepts.
//
//	CreateLinkToken           link-sandbox-af1a0311-…
//	SandboxCreatePublicToken  public-sandbox-b0e2c4ee-…
//	ExchangePublicToken       for that public token, the fake's access token and item
//	                          M5eVJqLnv3tbzdngLDp9FL5OlDNxlNhlE55op; any other: 400
//	                          INVALID_PUBLIC_TOKEN
//	Accounts                  3 accounts: Plaid Checking, Plaid 401k, Plaid Student Loan
//	GetBalance                2 accounts: Platypus Checking (available 100, current
//	                          110.25), Platypus Credit Card (current 9007199254740993.27)
//	Item                      item Ed6bjNrDLJfGvZWwnkQlfxwoNz54B5C97ejBr at ins_109508
//	RemoveItem                a request id
//	SyncTransactions          1 added (PURCHASE WM SUPERCENTER #1700, 72.1), 1 modified,
//	                          1 removed, has_more false: AllTransactionUpdates has one page;
//	                          EachTransactionUpdate sends the same request, recorded as it
//	SearchInstitutions        ins_109508 First Platypus Bank, ins_109511 Platypus OAuth Bank
//	InstitutionByID           ins_109512 Houndstooth Bank, whatever the id
//	WebhookVerificationKey    the ES256 key (kid bfbd5111-…) BanklinkWebhookHeader signs with
//
// chat: messages have ids 1180000000000005001 (the bot's) and
// 1180000000000005002 (the webhook's). A webhook call with another id than
// the fake's is 404 Unknown Webhook, another token 401.
// ChatInteractionHeader signs an interaction body that chat.VerifyInteraction
// accepts with the key ChatPublicKey.
//
//	CurrentUser           user 1180000000000000042, "deploy-bot"
//	GatewayBot            9 shards, 999 of 1000 session starts, url the fake gateway
//	                      (Server.ChatGateway: HELLO, READY, replay on RESUME)
//	CreateMessage         message …5001, "Deploy 2024.06.21-3 finished in 4m12s"
//	Message               the same message, with one reaction
//	EditMessage           the same, content "… (rolled back)"
//	ChannelMessages       3 messages, newest first: one page for AllChannelMessages;
//	                      EachChannelMessage sends the same request, recorded as it
//	DeleteMessage, CreateReaction, DeleteOwnReaction  204
//	Channel               channel 1180000000000000101, "general"
//	GuildChannels         4 channels: Text Channels, general, deploys, Standup
//	Guild                 guild 1180000000000000007, "Acme Engineering"
//	GuildMembers          3 members: deploy-bot, ana.ops, ben.dev (one page)
//	CreateDM              DM channel 1180000000000000301 with user 1180000000000000201
//	ExecuteWebhook        204; a message with no content, embeds, components or files:
//	                      400 "Cannot send an empty message"
//	ExecuteWebhookWait    message …5002, "Build #130 passed on main"
//	WebhookMessage        the same message
//	EditWebhookMessage    the same, content "… (re-run of #129)"
//	DeleteWebhookMessage  204
//
// ci: pipelines come in two pages.
//
//	Me                 octo-dev
//	ListPipelines      page 1: pipelines 130 (created) and 129 (errored) and a
//	                   next_page_token; page 2: pipeline 128, no token. AllPipelines
//	                   yields 3
//	TriggerPipeline    201: pipeline 131, pending
//	Pipeline, PipelineByNumber  pipeline 130, created, whatever the id or number
//	PipelineWorkflows  build-and-test (success), deploy (failed)
//	Workflow           deploy, failed
//	WorkflowJobs       build, hold-for-release (success), deploy-production (failed)
//	Job                deploy-production, failed
//	JobArtifacts       test-results/junit.xml, deploy/plan.txt
//	CancelWorkflow     202 "Accepted."
//	RerunWorkflow      202, workflow 4d9a1e6c-2f7b-4b3d-8e5a-6c1f9b2d7e04
//
// countries: the lookups know one country, Nigeria (the city Lagos for
// CityPopulation, the state Lagos for StateCities); any other is the
// service's 404 envelope. Cities of another country answers error: true
// under status 200, as the service does.
//
//	Capitals            6 countries (Afghanistan, Åland Islands, Bolivia, Côte d'Ivoire,
//	                    Nigeria, Antarctica)
//	Countries, Currencies, FlagImages, FlagUnicodes, ISOCodes, Positions, DialCodes,
//	States              2 countries: Afghanistan, Nigeria
//	Populations         Arab World, Nigeria
//	CityPopulations     Mariehamn (Åland Islands), Lagos
//	Cities              Nigeria: 12 cities, Aba to Port Harcourt
//	Capital             Abuja        Currency   NGN        DialCode  +234
//	FlagImage           the Wikimedia SVG                  FlagUnicode  🇳🇬
//	ISOCode             NG, NGA      Position   lat 10, long 8
//	Population          Nigeria's yearly counts; CityPopulation: Lagos's
//	CountryStates       Nigeria's states (Abia, …)
//	StateCities         8 cities of Lagos state (Apapa to Makoko)
//
// cryptoprices: every answer carries CF-RAY 8a00000000000001-EWR (the
// Error.RequestID of a failure). A pair or currency containing XYZ is a 400
// invalid_request.
//
//	SpotPrice      BTC-USD 64123.4500000001; with a date (SpotPriceOn): 1015.00
//	BuyPrice       1020.25              SellPrice  1010.25
//	ExchangeRates  10 rates from USD (AED 3.6725, BTC 0.0000155948, …)
//	Currencies     AED, AFN, EUR, USD   CryptoCurrencies  BTC, ETH
//	Time           2015-06-23T18:02:51Z (epoch 1435082571)
//
// explorer: the text answers (hashes, heights, hex) are text/plain, as the
// service sends them.
//
//	RecommendedFees      fastest 14, half hour 11, hour 9, economy 4, minimum 2 sat/vB
//	Mempool              48213 transactions, 7 fee histogram buckets
//	Blocks               3 blocks: 871420, 871419, 871418
//	Block                height 363366, in the best chain (BlockStatus); BlockHeader: hex
//	BlockTransactions    2 transactions (one page for AllBlockTransactions)
//	BlockHash            000000000000000015dc777b3ff2611091336355d3f0ee9766a2cf3be8e4b1ce
//	TipHeight            871420     TipHash  0000000000000000000165e6…a9b4
//	Address              1wiz18xYmhRX6xStj2b9t1rwWX4GKUgpv, 7 transactions
//	AddressTransactions  2 (one page for AllAddressTransactions)
//	AddressMempoolTransactions  1         AddressUTXOs  2
//	Transaction          15e10745f15593a8…, confirmed at height 363348 (TransactionStatus)
//	TransactionHex (hex), TransactionOutspends (2), TransactionMerkleProof (3 hashes)
//	BroadcastTransaction its txid, 15e10745f15593a8…
//	MempoolRecent 2, MempoolTxids 3, MempoolBlocks 2; EachBlock and EachMempoolTxid
//	send the requests of Blocks and MempoolTxids and are recorded under them
//	DifficultyAdjustment, Prices (USD 43753, EUR 40545, …), HistoricalPrice (1 price),
//	Hashrate (2 points), MiningPools (3 pools, Foundry USA first)
//
// filings: one company, Apple Inc., CIK 320193; any other file is the
// object store's XML 404 (NoSuchKey).
//
//	CompanyConcept   us-gaap AccountsPayableCurrent: 6 USD facts
//	CompanyFacts     1 dei and 2 us-gaap concepts
//	Frames           us-gaap/AccountsPayableCurrent/USD/CY2019Q1I: 2 companies;
//	                 EachFrameFact sends the same request, recorded as Frames
//	Submissions      4 recent filings and one older file,
//	                 CIK0000320193-submissions-001.json
//	SubmissionsFile  number 001: 2 filings, so AllFilings yields 6
//	Tickers          12 companies (AAPL first)   TickersExchange  7 rows
//	FullTextSearch   any search: 2 hits of one 10-K (Apple's, filed 2020-10-30),
//	                 total 2, so AllSearchHits reads one page
//
// fiscal: a page and its iterator send the same request, so the server
// records both under the page's name. Pages follow page[number]; a sort on
// -record_dat is the service's 400; any other dataset path (Query of a
// dataset not typed here) is its 404.
//
//	DebtToPenny       3 pages (3, 3, 1 records; 7 in all), newest 2024-06-28
//	AvgInterestRates  2 pages (4, 2)
//	RatesOfExchange   2 pages (2, 2)
//	DebtOutstanding   1 page of 3         MTSSummary  1 page of 3
//	Query             a typed dataset's path answers as that dataset
//	Each…             a page's iterator (EachDebtToPennyRecord, EachQueryRow, …)
//	                  sends the page's request and is recorded under it
//
// fxopen: base USD: 17 rates (EUR 0.948217), provider
// https://www.exchangerate-api.com; any other base: result "error",
// unsupported-code, under status 200.
//
// fxref: Latest: base EUR on 2024-06-07, 4 rates; base or symbols XYZ: 404;
// the base as the only symbol: 422. Historical: 2023-12-29, GBP and USD.
// Range: 2024-05-31 to 2024-06-07, 6 days. Currencies: 8.
//
// imageedit: Edit takes an absolute imageUrl, EditFile a file in the
// imageFile field and Segment one in image_file; Edit and EditFile also
// want removeBackground true or false. Anything else is the service's 400.
//
//	Edit, EditFile  a 93-byte PNG; with background.prompt, also the header
//	                pr-ai-background-seed: 123456
//	Segment         a 92-byte PNG
//	Account         97.75 of 100 credits, plan "plus"
//
// inference: chat completions answer as the request asks. The model is
// llama-3.3-70b-versatile unless a fixture says otherwise.
//
//	CreateChatCompletion  plain: "Fast inference keeps conversations natural: replies
//	                      arrive before the user loses their train of thought." (stop)
//	                      with Tools: finish_reason tool_calls and two calls of
//	                      get_weather, call_7h2kq9vx {"city":"Lisbon","unit":"celsius"}
//	                      and call_m4t8zr1c {"city":"São Paulo","unit":"celsius"}
//	                      with Tools and a last message of role tool: "It is 19 °C in
//	                      Lisbon and 24 °C in São Paulo."
//	                      with a json_schema response format: a review of "UltraSound
//	                      Headphones", rating 4.5 (model moonshotai/kimi-k2-instruct)
//	StreamChatCompletion  plain: 6 chunks, "Streaming shows each word as it arrives."
//	                      with Tools: 12 chunks whose fragments make the same two
//	                      get_weather calls (ids call_lx3k9w2p and call_q8m2v7rd),
//	                      finish_reason tool_calls
//	                      with ReasoningFormat: reasoning first, then "Yes: 1013 is prime."
//	CreateResponse        "The Moon drifts about 3.8 centimeters farther from Earth
//	                      every year." (completed, 64 tokens)
//	StreamResponse        18 events: the message "Let me check the weather in Paris."
//	                      then get_weather call_7mzq2d4k {"city":"Paris"}, ending
//	                      with response.completed
//	ListModels            llama-3.3-70b-versatile, llama-3.1-8b-instant,
//	                      whisper-large-v3, gemma2-9b-it
//	Model                 llama-3.3-70b-versatile, whatever the id
//	CreateEmbeddings      one text: 1 vector of 3 floats; a list: 2; base64 encoding:
//	                      1 encoded vector
//	CreateTranscription   "The beach was a popular spot on a hot summer day. …"
//	CreateTranslation     "Hello, my name is Wolfgang and I come from Germany. …"
//	                      Both want a multipart form with a model and a file or url
//	                      (else 400), and answer text, json or verbose_json as asked.
//	CreateSpeech          a 204-byte WAV, given a model, a voice and input (else 400)
//
// maps: places and routes answers need the X-Provider-FieldMask header,
// else 400.
//
//	Geocode             1600 Amphitheatre Pkwy, Mountain View (37.4224428, -122.0842467);
//	                    the address "Atlantis": ZERO_RESULTS
//	ReverseGeocode      2 results: 277 Bedford Ave, Brooklyn; Williamsburg
//	SearchText          3 places (Googleplex, Shoreline Amphitheatre, Charleston Park);
//	                    when the mask asks for nextPageToken, the same 3 and a token
//	                    whose page holds 1 more (Computer History Museum): 4 in all
//	SearchNearby        5 restaurants (La Mar Cocina Peruana first)
//	Autocomplete        3 suggestions
//	PlaceDetails        ChIJj61dQgK6j4AR4GeTYWZsKWw, Googleplex, whatever the id
//	ComputeRoutes       1 route, 12794 m, 1096s
//	ComputeRouteMatrix  4 elements (2 origins by 2 destinations), streamed
//
// media: every path must carry the fake's cloud name; Upload API forms
// must be signed with the fake's secret (a wrong signature is 401 Invalid
// Signature). The assets are products/mug-blue, products/teapot-white and
// "banners/summer sale". Admin answers carry the hourly budget headers
// (500, 499 left).
//
//	ListImages  page 1: mug-blue, "summer sale" and a next_cursor; page 2:
//	            teapot-white. AllImages yields 3
//	Search      page 1: teapot-white, "summer sale" and a next_cursor; page 2:
//	            mug-blue. AllSearch yields 3
//	Resource    image/upload/products/mug-blue; any other: 404
//	ListByTag   tag "products": mug-blue, teapot-white (no credentials sent); any
//	            other tag: 404
//	Upload      products/teapot-white, version 1719307544
//	Destroy     "ok" for the three assets, "not found" (status 200) for others
//	AddTag, RemoveTag  public ids mug-blue and teapot-white
//	Usage       plan Free, 142337 requests, 5052 resources
//
// museum: Object answers any id the same way, but for the two below.
//
//	Departments  19        Objects  5 ids (1 to 5)
//	Search       ids 436535 and 544320; q "no such thing": none; q "too many
//	             requests": the edge's 403 HTML page (ErrRateLimited)
//	Object       436535, Wheat Field with Cypresses (Vincent van Gogh), for any id
//	             but: 544320, Statuette of Anubis (no constituents); 855340 and
//	             999999999: 404 with the service's messages
//
// noderpc: each call is answered from testdata/noderpc/<method>.json with
// the call's own id; a method without a fixture is -32601 method not
// found. A batch is answered in reverse order, so pairing answers by
// position rather than id fails.
//
//	BlockNumber        0x13a642e          ChainID  0x1 (Call "net_version": "1")
//	GetBalance         0x14ea15b59d438e864000 wei
//	GasPrice, MaxPriorityFeePerGas, FeeHistory, EstimateGas (0x5208),
//	TransactionCount (1), Code, StorageAt  fixed answers
//	BlockByNumber, BlockByHash  block 0x13a642e with 2 transactions
//	TransactionByHash, TransactionReceipt  fixed answers
//	CallContract       data calling balanceOf (selector 70a08231): a 32-byte answer;
//	                   any other data: reverted, code 3, "Ownable: caller is not the owner"
//	Logs               1 log
//	SendRawTransaction 0xb1770efb…559e
//	TokenBalances      99 balances, no pageKey: AllTokenBalances has one page
//	AssetTransfers     10 transfers, no pageKey: AllAssetTransfers has one page
//
// observability: events must be flat objects of strings and numbers, else
// 400.
//
//	Auth           team Acme Payments, environment Production (EU host: Production EU)
//	ListDatasets   checkout, "edge proxy/eu"     Dataset  "My Dataset!"
//	CreateDataset  201, "MyDataset!"
//	ListColumns    my_column, other_column
//	SendEvent      200, empty object
//	SendBatch      one status an event, in order: 202, or 400 with the service's
//	               reason for an empty or nested event; gzip bodies are read
//	CreateMarker   201, marker d1c84ec0 "backend deploy #123"
//	ListMarkers    d1c84ec0, c2b52fa0          UpdateMarker, DeleteMarker  d1c84ec0
//
// pkgstats: every answer carries CF-RAY 8f00000000000001-FRA.
//
//	Stats        @babel/core: rank 112; any other package: rank null; period
//	             "decade": 400
//	Package      @babel/core, 4 versions, tags latest 7.24.7; is-even@1.99.0: 404;
//	             huge-monorepo@2.0.0: 403
//	Resolve      7.24.7 for ^7.20; a specifier starting ^9: version null
//	Files        a tree (or flat list, structure=flat) of 2 files, default
//	             /dist/jquery.min.js; gh packages: a GitHub tree; same 404 and 403
//	Entrypoints  js /dist/jquery.min.js
//	VersionStats, Network  fixed totals
//	TopPackages  page 1: prebid/currency-file, prebid-universal-creative; page 2:
//	             jquery; later pages empty. AllTopPackages with Limit 2 yields 3
//	             (a page shorter than the limit ends it)
//	TopVersions  page 1: 3.6.0; later pages empty
//
// police: operations sharing a path are told apart by their query (poly,
// location_id, or a point).
//
//	Forces          7 forces        Force  leicestershire, Leicestershire Police
//	SeniorOfficers  Rob Nixon, Julia Debenham
//	CrimeCategories 15              LastUpdated  2024-03-01    Availability  3 months
//	StreetCrimes, StreetCrimesInArea  4 crimes (anti-social-behaviour first); date
//	                2010-11: none. EachStreetCrime and EachStreetCrimeInArea send
//	                the same requests and are recorded under these two
//	CrimesAtLocation, CrimesAtNearestLocation, CrimesNoLocation  2 crimes each
//	OutcomesForCrime  2 outcomes    StreetOutcomes (point, area, location)  2 each
//	Neighbourhoods  NC04, NC66, NC67, NE09     Neighbourhood  NC04, City Centre
//	NeighbourhoodBoundary 4 points; NeighbourhoodTeam Andy Cooper, Kelly Smith;
//	NeighbourhoodEvents 2; NeighbourhoodPriorities 2
//	LocateNeighbourhood  leicestershire, NC04
//	StopSearches (and InArea, AtLocation, ByForce), StopSearchesNoLocation  2 each
//
// store: id 1 is the one record of each kind; any other id is the
// service's literal null with status 200. Writes echo what was sent with
// an id and store nothing.
//
//	Products             3 (ids 1 to 3, Trailhead 20L Daypack first)
//	Product, DeleteProduct  id 1, Trailhead 20L Daypack
//	ProductsByCategory   "men's clothing": 3; any other category: none
//	Categories           4
//	CreateProduct        the fields sent, id 21   UpdateProduct, PatchProduct  the path's id
//	Carts                3; with startdate or enddate: 2     Cart, DeleteCart  id 1, user 1
//	UserCarts            user 1: 2 carts; others: none       AddCart  id 11
//	Users                johnd, mor_2314      User, DeleteUser  johnd    AddUser  id 11
//	Login                mor_2314 / 83r5^_ (the documented demo account): a token;
//	                     anything else: 401 "username or password is incorrect"
//
// sunrise: Get answers for 2024-06-21 whatever the point and date: sunrise
// 2024-06-21T03:43:32+00:00 with formatted=0, which the client sends, and
// the service's formatted answer ("4:43:32 AM", day length 16:38:09)
// without it.
package conduittest
