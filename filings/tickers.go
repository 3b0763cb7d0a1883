package filings

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// The ticker files live on the SEC's www host, under the same contact rule
// and budget as data.sec.gov.
var (
	tickersOp = transport.Declare[tickerFile](service, transport.Op{Name: "Tickers", Method: "GET",
		Base: wwwURL, Path: "/files/company_tickers.json"}, nil)
	exchangeOp = transport.Declare[exchangeFile](service, transport.Op{Name: "TickersExchange", Method: "GET",
		Base: wwwURL, Path: "/files/company_tickers_exchange.json"}, checkExchange)
)

// Ticker is one traded security of a company: its ticker symbol, the
// company's key number and name, and (from TickersExchange only) the
// exchange it trades on.
type Ticker struct {
	CIK    CIK    `json:"cik_str"`
	Ticker string `json:"ticker"`
	// Title is the company's name as EDGAR holds it ("Apple Inc.").
	Title string `json:"title"`
	// Exchange is "Nasdaq", "NYSE", "OTC", "CBOE"…; empty from Tickers,
	// and where the file has null.
	Exchange string `json:"-"`
}

// Directory is the result of Tickers and TickersExchange: the SEC's list
// of tickers with the key number of each, and lookups by ticker, name and
// key number. RawJSON returns the file as sent.
type Directory struct {
	raw `json:"-"`
	// Tickers are in the file's order, which the SEC sorts by market
	// value, largest first.
	Tickers []Ticker

	byTicker map[string]int
	byName   map[string][]int
	byCIK    map[CIK][]int
}

// ByTicker returns the entry of a ticker symbol, ignoring case ("aapl"
// finds AAPL), and whether there is one. Class shares are written with a
// dash, as the SEC does: "BRK-B".
func (d *Directory) ByTicker(symbol string) (Ticker, bool) {
	i, ok := d.byTicker[strings.ToUpper(strings.TrimSpace(symbol))]
	if !ok {
		return Ticker{}, false
	}
	return d.Tickers[i], true
}

// ByName returns the entries of a company name, compared without case and
// with runs of spaces as one, so that "apple inc." finds Apple's; a company
// with several share classes has one entry per ticker.
func (d *Directory) ByName(name string) []Ticker { return d.pick(d.byName[nameKey(name)]) }

// ByCIK returns every ticker of a company's key number, in file order.
func (d *Directory) ByCIK(cik CIK) []Ticker { return d.pick(d.byCIK[cik]) }

func (d *Directory) pick(idx []int) []Ticker {
	out := make([]Ticker, len(idx))
	for i, j := range idx {
		out[i] = d.Tickers[j]
	}
	return out
}

func nameKey(name string) string { return strings.ToLower(strings.Join(strings.Fields(name), " ")) }

// newDirectory indexes list, which keeps the answer's raw bytes in r.
func newDirectory(r raw, list []Ticker) *Directory {
	d := &Directory{raw: r, Tickers: list, byTicker: make(map[string]int, len(list)),
		byName: map[string][]int{}, byCIK: map[CIK][]int{}}
	for i, t := range list {
		if _, dup := d.byTicker[strings.ToUpper(t.Ticker)]; !dup {
			d.byTicker[strings.ToUpper(t.Ticker)] = i
		}
		k := nameKey(t.Title)
		d.byName[k] = append(d.byName[k], i)
		d.byCIK[t.CIK] = append(d.byCIK[t.CIK], i)
	}
	return d
}

// tickerFile is company_tickers.json: an object whose members are the row
// numbers "0", "1", … of each entry.
type tickerFile struct {
	raw  `json:"-"`
	Rows map[string]Ticker
}

// UnmarshalJSON reads the numbered members into Rows; the file's own raw
// bytes are kept by the decoder as for every result.
func (f *tickerFile) UnmarshalJSON(b []byte) error { return conduit.Unmarshal(b, &f.Rows) }

// exchangeFile is company_tickers_exchange.json: the column names, then one
// array of values a row.
type exchangeFile struct {
	raw    `json:"-"`
	Fields []string         `json:"fields"`
	Data   [][]conduit.Text `json:"data"`
}

// exchangeColumns are the columns TickersExchange reads, by the names the
// file gives them.
var exchangeColumns = []string{"cik", "name", "ticker", "exchange"}

// checkExchange refuses a file whose columns Tickers could not be read
// from, rather than returning entries with empty fields.
func checkExchange(f *exchangeFile) *transport.Problem {
	for _, name := range exchangeColumns {
		if !contains(f.Fields, name) {
			return &transport.Problem{Kind: conduit.ErrMalformedResponse, Message: fmt.Sprintf("decoding the response: fields %q lack %q", f.Fields, name)}
		}
	}
	for i, row := range f.Data {
		if len(row) != len(f.Fields) {
			return &transport.Problem{Kind: conduit.ErrMalformedResponse, Message: fmt.Sprintf("decoding the response: row %d has %d values for %d fields", i, len(row), len(f.Fields))}
		}
		col := column(f.Fields, row)
		if _, err := strconv.ParseInt(col("cik"), 10, 64); err != nil {
			return &transport.Problem{Kind: conduit.ErrMalformedResponse, Message: fmt.Sprintf("decoding the response: row %d has cik %.20q", i, col("cik"))}
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// column returns the value of a named field in row.
func column(fields []string, row []conduit.Text) func(name string) string {
	return func(name string) string {
		for i, f := range fields {
			if f == name {
				return string(row[i])
			}
		}
		return ""
	}
}

// Tickers returns the SEC's company_tickers.json, the list of ticker
// symbols with each company's key number and name: the way from "AAPL" or
// "Apple Inc." to the CIK every other call takes. The SEC updates it daily;
// fetch it once and keep the Directory.
func (c *Client) Tickers(ctx context.Context, opts ...Option) (*Directory, error) {
	f, err := tickersOp.Do(ctx, c.t, transport.Call{}, opts)
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(f.Rows))
	for k := range f.Rows {
		keys = append(keys, k)
	}
	// Rows are numbered members; numbers, not strings, give the file's order.
	sort.Slice(keys, func(i, j int) bool {
		a, aerr := strconv.Atoi(keys[i])
		b, berr := strconv.Atoi(keys[j])
		if aerr != nil || berr != nil {
			return keys[i] < keys[j]
		}
		return a < b
	})
	list := make([]Ticker, len(keys))
	for i, k := range keys {
		list[i] = f.Rows[k]
	}
	return newDirectory(f.raw, list), nil
}

// TickersExchange returns the SEC's company_tickers_exchange.json: the
// entries of Tickers with the exchange each ticker trades on.
func (c *Client) TickersExchange(ctx context.Context, opts ...Option) (*Directory, error) {
	f, err := exchangeOp.Do(ctx, c.t, transport.Call{}, opts)
	if err != nil {
		return nil, err
	}
	list := make([]Ticker, len(f.Data))
	for i, row := range f.Data {
		col := column(f.Fields, row)
		n, _ := strconv.ParseInt(col("cik"), 10, 64) // checked by checkExchange
		list[i] = Ticker{CIK: CIK(n), Title: col("name"), Ticker: col("ticker"), Exchange: col("exchange")}
	}
	return newDirectory(f.raw, list), nil
}
