// Command gen writes what the registry and the code already know, so that
// no one writes it by hand: the README's packages table, dependency list
// and nested modules. The root package runs it (go generate ./...) after
// gen/skeleton, which writes the files the packages need to compile, and
// its test fails when a file it writes is stale.
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	_ "github.com/conduit-sdk/conduit/conduittest" // links every package, so every service is registered
	"github.com/conduit-sdk/conduit/internal/gen/genfile"
	"github.com/conduit-sdk/conduit/internal/transport"
)

const modulePath = genfile.ModulePath

func main() { genfile.Main(generate) }

// generate returns every generated file, by its path in the module.
func generate(root string) (map[string][]byte, error) {
	out := map[string][]byte{}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		return nil, err
	}
	regions := map[string]func(string) (string, error){
		"packages":     packagesTable,
		"dependencies": dependencies,
		"modules":      nestedModules,
	}
	text := string(readme)
	for _, name := range slices.Sorted(mapsKeys(regions)) {
		body, err := regions[name](root)
		if err != nil {
			return nil, err
		}
		if text, err = replaceRegion(text, name, body); err != nil {
			return nil, err
		}
	}
	out["README.md"] = []byte(text)
	return out, nil
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// replaceRegion replaces what lies between a region's markers in a
// Markdown file.
func replaceRegion(text, name, body string) (string, error) {
	begin := "<!-- generated: " + name + " (go generate ./...; do not edit) -->\n"
	const end = "<!-- end generated -->"
	i := strings.Index(text, begin)
	if i < 0 {
		return "", fmt.Errorf("gen: README.md has no marker %q", strings.TrimSpace(begin))
	}
	j := strings.Index(text[i+len(begin):], end)
	if j < 0 {
		return "", fmt.Errorf("gen: README.md's region %s has no end marker", name)
	}
	return text[:i+len(begin)] + body + text[i+len(begin)+j:], nil
}

// table reads a data file of this directory: key, tab, text, one a line;
// # starts a comment.
func table(root, name string) (keys []string, text map[string]string, err error) {
	b, err := os.ReadFile(filepath.Join(root, "internal", "gen", name))
	if err != nil {
		return nil, nil, err
	}
	text = map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, nil, fmt.Errorf("gen: %s: no tab in %q", name, line)
		}
		keys = append(keys, k)
		text[k] = v
	}
	return keys, text, sc.Err()
}

// packagesTable lists every registered package, in the order of
// packages.txt: what it is modelled on, its default address and its
// methods, the declared operations first, in declaration order.
func packagesTable(root string) (string, error) {
	order, modelled, err := table(root, "packages.txt")
	if err != nil {
		return "", err
	}
	services := map[string]*transport.Service{}
	for _, svc := range transport.Services() {
		services[svc.Name] = svc
		if _, ok := modelled[svc.Name]; !ok {
			return "", fmt.Errorf("gen: package %s is not in internal/gen/packages.txt", svc.Name)
		}
	}
	var b strings.Builder
	b.WriteString("| package | modelled on | default address | methods |\n|---|---|---|---|\n")
	for _, name := range order {
		svc := services[name]
		if svc == nil {
			return "", fmt.Errorf("gen: packages.txt names %s, which registers no service", name)
		}
		methods, funcs, err := api(root, svc)
		if err != nil {
			return "", err
		}
		list := quote(methods)
		if len(funcs) > 0 {
			list += "; " + quote(funcs)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", name, modelled[name], address(svc), list)
	}
	return b.String(), nil
}

func quote(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}

// address is the default base's address, filled with the settings'
// defaults, or "none" when the spec leaves the base without one.
func address(svc *transport.Service) string {
	value := func(name string) string {
		for _, v := range svc.Values {
			if v.Name == name {
				return v.Default
			}
		}
		return ""
	}
	def := svc.Bases[0].Name
	if svc.DefaultBase != nil {
		def = svc.DefaultBase(value)
	}
	for _, base := range svc.Bases {
		if base.Name == def {
			if base.Default == "" {
				return "none"
			}
			return "`" + base.Default + "`"
		}
	}
	return "none"
}

// api lists the exported methods of the package's Client (Do aside: every
// client has it), the declared operations first, and its exported
// functions but New and the options.
func api(root string, svc *transport.Service) (methods, funcs []string, err error) {
	fset := token.NewFileSet()
	dir := filepath.Join(root, svc.Name)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, f)
	}
	pkg, err := doc.NewFromFiles(fset, files, modulePath+"/"+svc.Name)
	if err != nil {
		return nil, nil, err
	}
	rank := map[string]int{}
	for i, op := range svc.Ops() {
		if _, seen := rank[op.Name]; !seen {
			rank[op.Name] = i
		}
	}
	pkgFuncs := pkg.Funcs
	for _, t := range pkg.Types {
		pkgFuncs = append(pkgFuncs, t.Funcs...)
		if t.Name != "Client" {
			continue
		}
		for _, m := range t.Methods {
			if ast.IsExported(m.Name) && m.Name != "Do" {
				methods = append(methods, m.Name)
			}
		}
	}
	slices.SortStableFunc(methods, func(a, b string) int {
		ra, oka := rank[a]
		rb, okb := rank[b]
		switch {
		case oka && okb:
			return cmp.Compare(ra, rb)
		case oka:
			return -1
		case okb:
			return 1
		}
		return strings.Compare(a, b)
	})
	for _, f := range pkgFuncs {
		if f.Name != "New" && !strings.HasPrefix(f.Name, "With") {
			funcs = append(funcs, f.Name)
		}
	}
	slices.Sort(funcs)
	return methods, funcs, nil
}

// requires reads a go.mod's direct requirements.
func requires(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []string
	block := false
	for line := range strings.SplitSeq(string(b), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "require (":
			block = true
			continue
		case line == ")":
			block = false
			continue
		case strings.HasPrefix(line, "require "):
			line = strings.TrimPrefix(line, "require ")
		case !block:
			continue
		}
		if f := strings.Fields(line); len(f) >= 2 && !strings.Contains(line, "// indirect") {
			out = append(out, f[0])
		}
	}
	return out, nil
}

// dependencies is the README's list of the main module's direct
// requirements, each with its reason from modules.txt.
func dependencies(root string) (string, error) {
	_, why, err := table(root, "modules.txt")
	if err != nil {
		return "", err
	}
	deps, err := requires(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, d := range deps {
		if why[d] == "" {
			return "", fmt.Errorf("gen: go.mod requires %s: say why in internal/gen/modules.txt", d)
		}
		fmt.Fprintf(&b, "- `%s`: %s\n", d, why[d])
	}
	return b.String(), nil
}

// nestedModules is the README's list of the modules below the main one,
// found by their go.mod, each with its reason and its own requirements
// beyond the main module's.
func nestedModules(root string) (string, error) {
	_, why, err := table(root, "modules.txt")
	if err != nil {
		return "", err
	}
	main, err := requires(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	var dirs []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.Name() == "go.mod" && filepath.Dir(path) != root {
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			dirs = append(dirs, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	slices.Sort(dirs)
	var b strings.Builder
	for _, dir := range dirs {
		if why[dir] == "" {
			return "", fmt.Errorf("gen: %s is a nested module: say why in internal/gen/modules.txt", dir)
		}
		deps, err := requires(filepath.Join(root, dir, "go.mod"))
		if err != nil {
			return "", err
		}
		var own []string
		for _, d := range deps {
			if !strings.HasPrefix(d, modulePath) && !slices.Contains(main, d) {
				own = append(own, "`"+d+"`")
			}
		}
		fmt.Fprintf(&b, "- `%s`: %s", dir, why[dir])
		if len(own) > 0 {
			fmt.Fprintf(&b, "; requires %s", strings.Join(own, ", "))
		}
		b.WriteString(".\n")
	}
	return b.String(), nil
}
