package archmap

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/recview/recview"

// root is the module's root folder.
var root = filepath.Join("..", "..", "..")

// goList runs go list with args in the module's root for goos ("" for
// this machine's) and returns its lines.
func goList(t *testing.T, goos string, args ...string) []string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Dir = root
	cmd.Env = os.Environ()
	if goos != "" {
		cmd.Env = append(cmd.Env, "GOOS="+goos, "GOARCH=wasm")
	}
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if e, ok := err.(*exec.ExitError); ok {
			msg = string(e.Stderr)
		}
		t.Fatalf("go list %s (GOOS=%s): %v\n%s", strings.Join(args, " "), goos, err, msg)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

// packages lists the module's packages, relative to it, built natively
// or for the browser.
func packages(t *testing.T) []string {
	var pkgs []string
	for _, goos := range []string{"", "js"} {
		for _, p := range goList(t, goos, "./...") {
			pkgs = append(pkgs, strings.TrimPrefix(strings.TrimPrefix(p, module), "/"))
		}
	}
	slices.Sort(pkgs)
	return slices.Compact(pkgs)
}

// mapped lists the packages of the map's package table: the first cell
// of each row, a path in backquotes.
func mapped(t *testing.T) []string {
	f, err := os.Open(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	row := regexp.MustCompile("^\\| `([a-z0-9_/]+)` \\|")
	var pkgs []string
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = line == "## Packages"
		}
		if m := row.FindStringSubmatch(line); in && m != nil {
			pkgs = append(pkgs, m[1])
		}
	}
	if len(pkgs) == 0 {
		t.Fatal(`docs/architecture.md: no package rows under "## Packages"`)
	}
	return pkgs
}

// TestMapListsEveryPackage: the map's table has one row for each package
// of the module, and none for a package that is not.
func TestMapListsEveryPackage(t *testing.T) {
	have, listed := packages(t), mapped(t)
	for _, p := range have {
		if !slices.Contains(listed, p) {
			t.Errorf("package %s is missing from docs/architecture.md's table", p)
		}
	}
	seen := map[string]bool{}
	for _, p := range listed {
		if seen[p] {
			t.Errorf("docs/architecture.md lists %s twice", p)
		}
		seen[p] = true
		if !slices.Contains(have, p) {
			t.Errorf("docs/architecture.md lists %s, which go list does not know", p)
		}
	}
}

// imports maps each package of the module (relative) to what it imports,
// without its tests, for goos.
func imports(t *testing.T, goos string) map[string][]string {
	out := map[string][]string{}
	for _, line := range goList(t, goos, "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...") {
		f := strings.Fields(line)
		out[strings.TrimPrefix(strings.TrimPrefix(f[0], module), "/")] = f[1:]
	}
	return out
}

// under reports whether package p is dir or below it.
func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// TestImportDirections: the directions the map states.
func TestImportDirections(t *testing.T) {
	goApp := "github.com/maxence-charriere/go-app/v10/pkg/app"
	for _, goos := range []string{"", "js"} {
		for p, imps := range imports(t, goos) {
			for _, imp := range imps {
				own, isOwn := strings.CutPrefix(imp, module+"/")
				switch {
				case under(p, "recordings") && (imp == goApp || imp == "syscall/js" ||
					isOwn && !under(own, "recordings") && !under(own, "internal/base")):
					t.Errorf("%s imports %s: the core imports only itself and internal/base (GOOS=%s)", p, imp, goos)
				case under(p, "internal/base") && isOwn && !under(own, "internal/base"):
					t.Errorf("%s imports %s: internal/base sits below the core (GOOS=%s)", p, imp, goos)
				case under(p, "internal/pageworker") && (imp == goApp || isOwn && (under(own, "app") || under(own, "wasm") || under(own, "cmd"))):
					t.Errorf("%s imports %s: the protocol imports neither side (GOOS=%s)", p, imp, goos)
				case isOwn && under(own, "internal/tools") && !under(p, "internal/tools") && p != "wasm" && p != "e2e":
					t.Errorf("%s imports %s: the test and build tools are for tests, the site's generator and its server (GOOS=%s)", p, imp, goos)
				case isOwn && (under(own, "app") || under(own, "wasm") || own == "cmd/recview") && !under(p, "app") && !under(p, "wasm") && p != "e2e":
					t.Errorf("%s imports %s: nothing imports the viewer, the worker or the CLI (GOOS=%s)", p, imp, goos)
				}
			}
		}
	}
	// app.wasm links neither the review nor the replay core: they run in
	// the page's worker.
	for _, dep := range goList(t, "js", "-deps", "./wasm") {
		for _, no := range []string{"recordings/review", "recordings/replay", "internal/pageworker/replayhtml"} {
			if dep == module+"/"+no {
				t.Errorf("app.wasm (./wasm for GOOS=js) links %s: it belongs in the worker", no)
			}
		}
	}
}
