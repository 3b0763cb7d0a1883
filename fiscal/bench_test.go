package fiscal_test

import (
	"context"
	"iter"
	"strconv"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// bigPage is a debt_to_penny page of n records, as the service sends one
// at page[size]=10000.
func bigPage(n int) []byte {
	b := append(make([]byte, 0, n*420), `{"data":[`...)
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		day := strconv.Itoa(1 + i%28)
		if len(day) == 1 {
			day = "0" + day
		}
		amt := strconv.Itoa(27_000_000_000_000 + i*7919)
		b = append(b, `{"record_date":"2024-06-`+day+`","debt_held_public_amt":"`+amt+`.28","intragov_hold_amt":"7222170823474.40",`+
			`"tot_pub_debt_out_amt":"`+amt+`.68","src_line_nbr":"1","record_fiscal_year":"2024","record_fiscal_quarter":"3",`+
			`"record_calendar_year":"2024","record_calendar_quarter":"2","record_calendar_month":"06","record_calendar_day":"`+day+`",`+
			`"record_revision_flag":"N"}`...)
	}
	b = append(b, `],"meta":{"count":`...)
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, `,"dataTypes":{"record_date":"DATE","debt_held_public_amt":"CURRENCY","intragov_hold_amt":"CURRENCY","tot_pub_debt_out_amt":"CURRENCY","src_line_nbr":"INTEGER"},"total-count":10000,"total-pages":1},"links":{"next":null}}`...)
}

// plainPage is a debt_to_penny page as a hand-written client would type
// it: every field fiscal.DebtRecord, Meta and Links type, no raw bytes, no
// methods.
type plainPage struct {
	Data []struct {
		RecordDate            string `json:"record_date"`
		SrcLineNbr            string `json:"src_line_nbr"`
		RecordFiscalYear      string `json:"record_fiscal_year"`
		RecordFiscalQuarter   string `json:"record_fiscal_quarter"`
		RecordCalendarYear    string `json:"record_calendar_year"`
		RecordCalendarQuarter string `json:"record_calendar_quarter"`
		RecordCalendarMonth   string `json:"record_calendar_month"`
		RecordCalendarDay     string `json:"record_calendar_day"`
		DebtHeldPublicAmt     string `json:"debt_held_public_amt"`
		IntragovHoldAmt       string `json:"intragov_hold_amt"`
		TotPubDebtOutAmt      string `json:"tot_pub_debt_out_amt"`
	} `json:"data"`
	Meta struct {
		Count       int               `json:"count"`
		Labels      map[string]string `json:"labels"`
		DataTypes   map[string]string `json:"dataTypes"`
		DataFormats map[string]string `json:"dataFormats"`
		TotalCount  int               `json:"total-count"`
		TotalPages  int               `json:"total-pages"`
	} `json:"meta"`
	Links struct {
		Self  string `json:"self"`
		First string `json:"first"`
		Prev  string `json:"prev"`
		Next  string `json:"next"`
		Last  string `json:"last"`
	} `json:"links"`
}

// BenchmarkPage10000 reads one page of 10,000 records from a loopback
// server, typed (DebtToPenny), by a hand-written client (floor-v2) and as
// generic rows (Query), and reports the
// time and the peak heap above the live heap, as megabytes and as a
// multiple of the body, with the result still live.
func BenchmarkPage10000(b *testing.B) {
	body := bigPage(10000)
	c := benchClient(b, body, true)
	ctx := context.Background()
	b.Run("typed", func(b *testing.B) {
		testkit.BenchWhole(b, body, 10000, func() (any, int, error) {
			p, err := c.DebtToPenny(ctx, &fiscal.PageParams{PageSize: 10000})
			if err != nil {
				return nil, 0, err
			}
			return p, len(p.Data), nil
		})
	})
	b.Run("floor-v2", func(b *testing.B) {
		testkit.BenchFloor(b, body, true, 10000, func(p *plainPage) int { return len(p.Data) })
	})
	b.Run("rows", func(b *testing.B) {
		testkit.BenchWhole(b, body, 10000, func() (any, int, error) {
			p, err := c.Query(ctx, "v2/accounting/od/debt_to_penny", &fiscal.Query{PageSize: 10000})
			if err != nil {
				return nil, 0, err
			}
			return p, len(p.Data), nil
		})
	})
}

// benchClient is a client of a loopback server that answers body.
func benchClient(b *testing.B, body []byte, sized bool) *fiscal.Client {
	c, err := fiscal.New(conduit.WithBaseURL(testkit.ServeBody(b, body, sized)))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkEachPage reads pages of 1,000 and 10,000 records from a
// loopback server with EachDebtToPennyRecord (typed) and EachQueryRow
// (rows), keeping nothing, and reports the most the reading kept live at
// 20 probes along the page (each a collection: compare the memory, not
// the time): it does not grow with the page, where BenchmarkPage10000's
// whole page peaks at a multiple of the body.
func BenchmarkEachPage(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{1_000, 10_000} {
		body := bigPage(n)
		c := benchClient(b, body, false)
		b.Run("typed/records="+strconv.Itoa(n), func(b *testing.B) {
			testkit.BenchEach(b, body, n, func() iter.Seq2[fiscal.DebtRecord, error] {
				return c.EachDebtToPennyRecord(ctx, &fiscal.PageParams{PageSize: n})
			})
		})
		b.Run("rows/records="+strconv.Itoa(n), func(b *testing.B) {
			testkit.BenchEach(b, body, n, func() iter.Seq2[fiscal.Row, error] {
				return c.EachQueryRow(ctx, "v2/accounting/od/debt_to_penny", &fiscal.Query{PageSize: n})
			})
		})
	}
}
