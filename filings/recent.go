package filings

import (
	"context"
	"fmt"
	"iter"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var submissionsFileOp = transport.Declare[FilingsFile](service, transport.Op{Name: "SubmissionsFile", Method: "GET",
	Path: "/submissions/CIK{cik}-submissions-{number}.json"}, nil)

// Filing is one filing of a company: one row of the columns the service
// sends (recent filings, and each older file, hold one array a field).
type Filing struct {
	AccessionNumber string
	FilingDate      conduit.Date
	// ReportDate is the end of the period reported on; nil for forms that
	// report on none (the service sends "").
	ReportDate *conduit.Date
	// AcceptanceDateTime is when EDGAR accepted the filing; zero when the
	// service sends none.
	AcceptanceDateTime time.Time
	Act                string
	Form               string
	FileNumber         string
	FilmNumber         string
	// Items are the 8-K items reported ("2.02,9.01"), as sent.
	Items        string
	Size         int64
	IsXBRL       bool
	IsInlineXBRL bool
	// PrimaryDocument is the main document's file name in the filing's
	// archive folder; ArchiveURL builds its address.
	PrimaryDocument       string
	PrimaryDocDescription string
}

// FilingsFile is a page of a company's filings in the service's column
// form: the recent filings of Submissions (Submissions.RecentFilings), or
// one older file that SubmissionsFile fetches. RawJSON returns it as sent;
// Rows turns it into Filings.
type FilingsFile struct {
	raw                   `json:"-"`
	AccessionNumber       []string       `json:"accessionNumber"`
	FilingDate            []string       `json:"filingDate"`
	ReportDate            []string       `json:"reportDate"`
	AcceptanceDateTime    []string       `json:"acceptanceDateTime"`
	Act                   []string       `json:"act"`
	Form                  []string       `json:"form"`
	FileNumber            []string       `json:"fileNumber"`
	FilmNumber            []conduit.Text `json:"filmNumber"`
	Items                 []string       `json:"items"`
	Size                  []conduit.Int  `json:"size"`
	IsXBRL                []conduit.Int  `json:"isXBRL"`
	IsInlineXBRL          []conduit.Int  `json:"isInlineXBRL"`
	PrimaryDocument       []string       `json:"primaryDocument"`
	PrimaryDocDescription []string       `json:"primaryDocDescription"`
}

// Rows returns the filings, one a row. Every column the file has must hold
// one value a filing; a column it lacks leaves that field empty. A date
// that does not parse, or a column of another length, is an error wrapping
// conduit.ErrMalformedResponse.
func (f *FilingsFile) Rows() ([]Filing, error) {
	n := len(f.AccessionNumber)
	for _, c := range []struct {
		name string
		n    int
	}{{"filingDate", len(f.FilingDate)}, {"reportDate", len(f.ReportDate)},
		{"acceptanceDateTime", len(f.AcceptanceDateTime)}, {"act", len(f.Act)}, {"form", len(f.Form)},
		{"fileNumber", len(f.FileNumber)}, {"filmNumber", len(f.FilmNumber)}, {"items", len(f.Items)},
		{"size", len(f.Size)}, {"isXBRL", len(f.IsXBRL)}, {"isInlineXBRL", len(f.IsInlineXBRL)},
		{"primaryDocument", len(f.PrimaryDocument)}, {"primaryDocDescription", len(f.PrimaryDocDescription)}} {
		if c.n != 0 && c.n != n {
			return nil, malformed("%s has %d values for %d accession numbers", c.name, c.n, n)
		}
	}
	out := make([]Filing, n)
	for i := range out {
		r := &out[i]
		r.AccessionNumber = f.AccessionNumber[i]
		r.Act, r.Form, r.FileNumber = at(f.Act, i), at(f.Form, i), at(f.FileNumber, i)
		r.FilmNumber, r.Items = string(at(f.FilmNumber, i)), at(f.Items, i)
		r.Size = int64(at(f.Size, i))
		r.IsXBRL, r.IsInlineXBRL = at(f.IsXBRL, i) != 0, at(f.IsInlineXBRL, i) != 0
		r.PrimaryDocument, r.PrimaryDocDescription = at(f.PrimaryDocument, i), at(f.PrimaryDocDescription, i)
		var err error
		if s := at(f.FilingDate, i); s != "" {
			if r.FilingDate, err = conduit.ParseDate(s); err != nil {
				return nil, malformed("filingDate %d: %v", i, err)
			}
		}
		if s := at(f.ReportDate, i); s != "" {
			d, err := conduit.ParseDate(s)
			if err != nil {
				return nil, malformed("reportDate %d: %v", i, err)
			}
			r.ReportDate = &d
		}
		if s := at(f.AcceptanceDateTime, i); s != "" {
			if r.AcceptanceDateTime, err = time.Parse(time.RFC3339, s); err != nil {
				return nil, malformed("acceptanceDateTime %d: %q is not RFC 3339", i, s)
			}
		}
	}
	return out, nil
}

// at returns column[i], or the zero value of a column the file lacks.
func at[T any](column []T, i int) T {
	if i < len(column) {
		return column[i]
	}
	var zero T
	return zero
}

func malformed(format string, args ...any) error {
	return fmt.Errorf("filings: %w: "+format, append([]any{conduit.ErrMalformedResponse}, args...)...)
}

// OlderFile names one file of a company's filings older than the recent
// ones; SubmissionsFile fetches it.
type OlderFile struct {
	// Name is the file's name, as "CIK0000320193-submissions-001.json".
	Name        string       `json:"name"`
	FilingCount int          `json:"filingCount"`
	FilingFrom  conduit.Date `json:"filingFrom"`
	FilingTo    conduit.Date `json:"filingTo"`
}

// filingsPart is the filings member of a submissions record.
type filingsPart struct {
	Filings struct {
		Recent FilingsFile `json:"recent"`
		Files  []OlderFile `json:"files"`
	} `json:"filings"`
}

// filings decodes the filings member from the raw record. It is read on
// demand rather than while Submissions decodes: callers who want the
// company record alone do not pay for it.
func (s *Submissions) filings() (*filingsPart, error) {
	var p filingsPart
	if err := s.Decode(&p); err != nil {
		return nil, fmt.Errorf("filings: %w: %w", conduit.ErrMalformedResponse, err)
	}
	return &p, nil
}

// RecentFilings returns the company's recent filings (at least the last
// year's, or the last 1,000), newest first, as rows.
func (s *Submissions) RecentFilings() ([]Filing, error) {
	p, err := s.filings()
	if err != nil {
		return nil, err
	}
	return p.Filings.Recent.Rows()
}

// OlderFiles lists the files that hold the company's filings older than
// the recent ones, newest first; SubmissionsFile fetches each, and
// AllFilings walks them all.
func (s *Submissions) OlderFiles() ([]OlderFile, error) {
	p, err := s.filings()
	if err != nil {
		return nil, err
	}
	return p.Filings.Files, nil
}

// SubmissionsFile returns one file of a company's older filings, named as
// Submissions.OlderFiles names it ("CIK0000320193-submissions-001.json").
func (c *Client) SubmissionsFile(ctx context.Context, name string, opts ...Option) (*FilingsFile, error) {
	cik, number, ok := splitFileName(name)
	if !ok {
		return nil, submissionsFileOp.Invalid("name", "%.60q is not a file name of the form CIK##########-submissions-###.json", name)
	}
	return submissionsFileOp.Do(ctx, c.t, transport.Call{Args: []string{cik, number}}, opts)
}

// splitFileName reads "CIK", ten digits, "-submissions-", digits, ".json",
// and returns the two runs of digits.
func splitFileName(name string) (cik, number string, ok bool) {
	rest, ok := strings.CutPrefix(name, "CIK")
	if !ok || len(rest) < 10 || !digits(rest[:10]) {
		return "", "", false
	}
	cik = rest[:10]
	if rest, ok = strings.CutPrefix(rest[10:], "-submissions-"); !ok {
		return "", "", false
	}
	number, ok = strings.CutSuffix(rest, ".json")
	return cik, number, ok && number != "" && digits(number)
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// AllFilings yields every filing of a company, newest first: the recent
// ones from Submissions, then each older file in turn, fetched only when
// the range reaches it. It stops at the first error, which it yields; a
// cancelled ctx or a file listed twice ends it with an error too.
func (c *Client) AllFilings(ctx context.Context, cik CIK, opts ...Option) iter.Seq2[Filing, error] {
	var files []OlderFile
	next := func(i int) string {
		if i < len(files) {
			return files[i].Name
		}
		return ""
	}
	return transport.Pages(ctx, c.t, submissionsOp.Op, "", func(token string) ([]Filing, string, error) {
		if token == "" {
			s, err := c.Submissions(ctx, cik, opts...)
			if err != nil {
				return nil, "", err
			}
			rows, err := s.RecentFilings()
			if err != nil {
				return nil, "", err
			}
			if files, err = s.OlderFiles(); err != nil {
				return nil, "", err
			}
			return rows, next(0), nil
		}
		f, err := c.SubmissionsFile(ctx, token, opts...)
		if err != nil {
			return nil, "", err
		}
		rows, err := f.Rows()
		if err != nil {
			return nil, "", err
		}
		for i := range files {
			if files[i].Name == token {
				return rows, next(i + 1), nil
			}
		}
		return rows, "", nil
	})
}

// ArchiveURL returns the address of a file in a filing's archive folder on
// the SEC's www host: the key number without padding, the accession number
// without dashes, then the file, as
// https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm.
// document is usually Filing.PrimaryDocument; "" gives the folder. The
// archive serves the same contact and budget rules as the API.
func ArchiveURL(cik CIK, accessionNumber, document string) (string, error) {
	if cik < 1 || cik > maxCIK {
		return "", fmt.Errorf("filings: %w: cik %d is outside 1..%d", conduit.ErrInvalidParam, int64(cik), int64(maxCIK))
	}
	accn := strings.ReplaceAll(accessionNumber, "-", "")
	if len(accn) != 18 || !digits(accn) {
		return "", fmt.Errorf("filings: %w: accession number %.30q is not 18 digits (0000320193-24-000123)", conduit.ErrInvalidParam, accessionNumber)
	}
	// The document is written as it stands: decoded (as often as a server
	// may decode it) it must still be one file name, not a move.
	if strings.ContainsAny(transport.PathUnescaped(document), "/\\?#") || transport.DotSegment(document) {
		return "", fmt.Errorf("filings: %w: document %.60q is not a file name", conduit.ErrInvalidParam, document)
	}
	return fmt.Sprintf("https://www.sec.gov/Archives/edgar/data/%d/%s/%s", int64(cik), accn, document), nil
}
