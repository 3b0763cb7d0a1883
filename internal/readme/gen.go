package readme

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"regexp"
	"sort"
	"strings"
)

// A block is one ```go block of the README and how it runs.
type block struct {
	line   int    // of the opening fence, 1-based
	name   string // Test<Section><n>
	code   string
	kind   string // "stmts", "decl" or "handler"
	module string // "" for the main module
	then   string
	fields [][2]string // local name, harness field
}

// packages are the import paths a block's selector may name.
var packages = map[string]string{
	"context": "context", "errors": "errors", "fmt": "fmt", "io": "io", "log": "log",
	"slog": "log/slog", "big": "math/big", "http": "net/http", "os": "os", "time": "time",
	"json": "encoding/json", "testing": "testing", "strings": "strings",
	"conduit": "github.com/conduit-sdk/conduit", "conduittest": "github.com/conduit-sdk/conduit/conduittest",
	"redis": "github.com/redis/go-redis/v9", "propagation": "go.opentelemetry.io/otel/propagation",
	"otelconduit": "github.com/conduit-sdk/conduit/otelconduit", "rediscache": "github.com/conduit-sdk/conduit/rediscache",
	"redislimit": "github.com/conduit-sdk/conduit/redislimit",
}

func init() {
	for _, p := range []string{"animegraph", "banklink", "chat", "ci", "countries", "cryptoprices", "explorer",
		"filings", "fiscal", "fxopen", "fxref", "imageedit", "inference", "maps", "media", "museum",
		"noderpc", "observability", "pkgstats", "police", "store", "sunrise"} {
		packages[p] = "github.com/conduit-sdk/conduit/" + p
	}
}

var (
	annotation = regexp.MustCompile(`^<!-- go test:(.*)-->$`)
	nonWord    = regexp.MustCompile(`[^A-Za-z0-9]+`)
)

// parseREADME finds every Go block and its annotation.
func parseREADME(src string) ([]block, error) {
	lines := strings.Split(src, "\n")
	var blocks []block
	section, count := "Top", map[string]int{}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "## ") || strings.HasPrefix(l, "### ") {
			words := strings.Fields(nonWord.ReplaceAllString(strings.TrimLeft(l, "# "), " "))
			section = ""
			for _, w := range words[:min(len(words), 3)] {
				section += strings.ToUpper(w[:1]) + w[1:]
			}
			continue
		}
		if l != "```go" {
			continue
		}
		b := block{line: i + 1, kind: "stmts"}
		if i == 0 || !annotation.MatchString(lines[i-1]) {
			return nil, fmt.Errorf("README.md:%d: a Go block needs a <!-- go test: … --> line above it (see internal/readme's doc)", i+1)
		}
		for _, w := range strings.Fields(annotation.FindStringSubmatch(lines[i-1])[1]) {
			k, v, isKV := strings.Cut(w, "=")
			switch {
			case w == "decl" || w == "handler":
				b.kind = w
			case k == "module":
				b.module = v
			case k == "then":
				b.then = v
			case isKV:
				b.fields = append(b.fields, [2]string{k, v})
			default:
				b.fields = append(b.fields, [2]string{w, w})
			}
		}
		var code []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			code = append(code, lines[i])
		}
		b.code = strings.Join(code, "\n")
		count[section]++
		b.name = fmt.Sprintf("TestREADME%s%d", section, count[section])
		blocks = append(blocks, b)
	}
	return blocks, nil
}

// imports lists the packages code names in selectors.
func imports(code string, found map[string]bool) error {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+code, parser.SkipObjectResolution)
	if err != nil {
		f, err = parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+code+"\n}", parser.SkipObjectResolution)
	}
	if err != nil {
		return err
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok && packages[id.Name] != "" {
				found[packages[id.Name]] = true
			}
		}
		return true
	})
	return nil
}

// shape reads a statement block: the names it defines at its top level and
// whether it ends with a return.
func shape(code string) (defined []string, returns bool, err error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() error {\n"+code+"\n}", parser.SkipObjectResolution)
	if err != nil {
		return nil, false, err
	}
	body := f.Decls[0].(*ast.FuncDecl).Body.List
	seen := map[string]bool{}
	add := func(id *ast.Ident) {
		if id.Name != "_" && !seen[id.Name] {
			seen[id.Name] = true
			defined = append(defined, id.Name)
		}
	}
	for _, s := range body {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, e := range s.Lhs {
					add(e.(*ast.Ident))
				}
			}
		case *ast.DeclStmt:
			if g := s.Decl.(*ast.GenDecl); g.Tok == token.VAR {
				for _, sp := range g.Specs {
					for _, id := range sp.(*ast.ValueSpec).Names {
						add(id)
					}
				}
			}
		}
	}
	_, returns = body[len(body)-1].(*ast.ReturnStmt)
	return defined, returns, nil
}

// generate writes the test file of one module's blocks.
func generate(pkg string, blocks []block) ([]byte, error) {
	var buf bytes.Buffer
	found := map[string]bool{"testing": true}
	for _, b := range blocks {
		if err := imports(b.code, found); err != nil {
			return nil, fmt.Errorf("README.md:%d: %v", b.line, err)
		}
		if b.kind == "handler" {
			found["net/http"] = true
		}
	}
	paths := make([]string, 0, len(found))
	for p := range found {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	fmt.Fprintf(&buf, "// Code generated by go generate ./internal/readme from README.md. DO NOT EDIT.\n\npackage %s\n\nimport (\n", pkg)
	for _, p := range paths {
		fmt.Fprintf(&buf, "\t%q\n", p)
	}
	buf.WriteString(")\n")
	for _, b := range blocks {
		fmt.Fprintf(&buf, "\n")
		if b.kind == "decl" {
			buf.WriteString(b.code + "\n")
			continue
		}
		fmt.Fprintf(&buf, "func %s(t *testing.T) {\n", b.name)
		if len(b.fields) == 0 && b.then == "" {
			buf.WriteString("\tnewHarness(t)\n")
		} else {
			buf.WriteString("\th := newHarness(t)\n")
		}
		for _, f := range b.fields {
			fmt.Fprintf(&buf, "\t%s := h.%s\n\t_ = %s\n", f[0], f[1], f[0])
		}
		switch b.kind {
		case "handler":
			fmt.Fprintf(&buf, "\th.%s(t, func(w http.ResponseWriter, r *http.Request) {\n%s\n\t})\n", b.then, b.code)
		default:
			defined, returns, err := shape(b.code)
			if err != nil {
				return nil, fmt.Errorf("README.md:%d: %v", b.line, err)
			}
			fmt.Fprintf(&buf, "\tif err := func() error {\n%s\n", b.code)
			if !returns {
				// A snippet may end on a value it only shows how to get, or
				// on an error it leaves to the reader: use the one, and
				// return the other.
				ret := "nil"
				for _, d := range defined {
					if d == "err" {
						ret = "err"
					} else {
						fmt.Fprintf(&buf, "\t\t_ = %s\n", d)
					}
				}
				fmt.Fprintf(&buf, "\t\treturn %s\n", ret)
			}
			buf.WriteString("\t}(); err != nil {\n\t\tt.Fatal(err)\n\t}\n")
			if b.then != "" {
				fmt.Fprintf(&buf, "\th.%s(t)\n", b.then)
			}
		}
		buf.WriteString("}\n")
	}
	out, err := format.Source(buf.Bytes())
	if err != nil {
		return buf.Bytes(), err
	}
	return out, nil
}

// Files returns every file the README's Go blocks make, by path from the
// repository's root, given the README's text.
func Files(readme string) (map[string][]byte, error) {
	blocks, err := parseREADME(readme)
	if err != nil {
		return nil, err
	}
	byModule := map[string][]block{}
	for _, b := range blocks {
		byModule[b.module] = append(byModule[b.module], b)
	}
	files := map[string][]byte{}
	for mod, bs := range byModule {
		path, pkg := "internal/readme/readme_blocks_test.go", "readme"
		if mod != "" {
			path, pkg = mod+"/readme_blocks_test.go", mod[strings.LastIndex(mod, "/")+1:]+"_test"
		}
		out, err := generate(pkg, bs)
		if err != nil {
			return nil, fmt.Errorf("%s: %v\n%s", path, err, out)
		}
		files[path] = out
	}
	return files, nil
}
