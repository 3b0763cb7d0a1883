package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
)

// The tour runs every exported function and every exported method of the
// Client of every package, not only the declared operations: iterators,
// helpers and constructors a user meets (AllPipelines, NewSender,
// VerifyWebhook). Options (With…), New and Do, which every call shows, are
// left out.
func TestTourCallsEveryExportedHelper(t *testing.T) {
	for _, pkg := range conduittest.Packages() {
		tour, err := os.ReadFile(pkg + ".go")
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range exported(t, filepath.Join("..", "..", pkg)) {
			if !strings.Contains(string(tour), "."+name+"(") && !strings.Contains(string(tour), "."+name+"[") {
				t.Errorf("examples/tour/%s.go never calls %s.%s", pkg, pkg, name)
			}
		}
	}
}

// exported lists the exported functions of the package in dir and the
// exported methods of its Client, without options, New and Do.
func exported(t *testing.T, dir string) []string {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() {
				continue
			}
			name := fn.Name.Name
			if name == "New" || name == "Do" || strings.HasPrefix(name, "With") {
				continue
			}
			if fn.Recv != nil && receiver(fn) != "Client" {
				continue
			}
			out = append(out, name)
		}
	}
	return out
}

func receiver(fn *ast.FuncDecl) string {
	typ := fn.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
