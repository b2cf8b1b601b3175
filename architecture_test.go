// The map (docs/architecture.md) must name every package, and package names
// must explain themselves: this test holds both against the tree.
package propmatch_test

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// packages returns every folder under internal/ holding a non-test Go file,
// as a slash path such as "internal/kit/store".
func packages(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir("internal", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "migrations") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			seen[filepath.ToSlash(filepath.Dir(p))] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	if len(out) < 10 {
		t.Fatalf("found only %d packages under internal/: is the test running at the module root?", len(out))
	}
	return out
}

func TestTheMapNamesEveryPackage(t *testing.T) {
	doc, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range packages(t) {
		if !strings.Contains(string(doc), "`"+p+"`") {
			t.Errorf("docs/architecture.md does not name %s: add a paragraph under its tier saying what it owns and may import", p)
		}
	}
}

// TestNoPackageNameIsAnotherWithASuffix: backup/backups, match/matching and
// notify/notices once meant different things a suffix apart. A test-helper
// package (storetest beside store) is the one allowed form.
func TestNoPackageNameIsAnotherWithASuffix(t *testing.T) {
	pkgs := packages(t)
	for _, a := range pkgs {
		for _, b := range pkgs {
			na, nb := path.Base(a), path.Base(b)
			if a == b || !strings.HasPrefix(nb, na) || nb == na+"test" {
				continue
			}
			t.Errorf("package %s (%s) is package %s (%s) with a suffix: choose names that say how they differ", nb, b, na, a)
		}
	}
}
