package httpapi_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// adminOnlyOutsideAdminPaths are the admin-only routes whose paths do not
// start with /api/admin/ or /api/security/ (docs/product.md).
var adminOnlyOutsideAdminPaths = []string{
	"POST /api/advertisements", "PUT /api/advertisements/{id}", "DELETE /api/advertisements/{id}",
	"POST /api/manual-backup", "POST /api/test-email", "GET /api/database-export",
	"POST /api/courses", "PUT /api/courses/{id}", "DELETE /api/courses/{id}", "PUT /api/app-demos/order",
}

// registeredRoutes reads the package's source for every mux.HandleFunc
// pattern and whether its handler is wrapped in the admin guard
// (adminOnly or adminOnlyTo).
func registeredRoutes(t *testing.T) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	routes := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "HandleFunc" {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			pattern, _ := strconv.Unquote(lit.Value)
			guarded := false
			if inner, ok := call.Args[1].(*ast.CallExpr); ok {
				if sel, ok := inner.Fun.(*ast.SelectorExpr); ok {
					guarded = sel.Sel.Name == "adminOnly" || sel.Sel.Name == "adminOnlyTo"
				}
			}
			routes[pattern] = guarded
			return true
		})
	}
	if len(routes) < 50 {
		t.Fatalf("found only %d routes in the source; the walk is broken", len(routes))
	}
	return routes
}

// TestEveryAdminRouteRecordsAnAgentsAttempt walks every admin-only route
// (every route under /api/admin/ and /api/security/, and the admin writes
// elsewhere) as a signed-in agent: each goes through the one admin guard,
// answers 403 and records exactly one admin_route_by_agent event naming it.
func TestEveryAdminRouteRecordsAnAgentsAttempt(t *testing.T) {
	routes := registeredRoutes(t)
	var admin []string
	for pattern, guarded := range routes {
		_, path, _ := strings.Cut(pattern, " ")
		mustGuard := strings.HasPrefix(path, "/api/admin/") || strings.HasPrefix(path, "/api/security/") ||
			slices.Contains(adminOnlyOutsideAdminPaths, pattern)
		if mustGuard && !guarded {
			t.Errorf("%s is admin-only but not wrapped in adminOnly/adminOnlyTo: an agent's attempt goes unrecorded", pattern)
		}
		if guarded {
			admin = append(admin, pattern)
		}
	}
	for _, p := range adminOnlyOutsideAdminPaths {
		if _, ok := routes[p]; !ok {
			t.Errorf("admin route %s is no longer registered; update adminOnlyOutsideAdminPaths", p)
		}
	}
	slices.Sort(admin)
	// Billing on: with it off its admin routes are not bound at all.
	eachEngine(t, apiOptions{billing: true}, func(t *testing.T, a *apiTest) {
		agent := a.newAgent("dev", "9800000011")
		for i, pattern := range admin {
			method, path, _ := strings.Cut(pattern, " ")
			for _, param := range []string{"{id}", "{moduleId}", "{number}"} {
				path = strings.ReplaceAll(path, param, "1")
			}
			t.Run(pattern, func(t *testing.T) {
				a.clock.Advance(time.Minute) // each attempt its own row (repeats in a minute share one)
				wantError(t, a.do(method, path, map[string]any{}, as(agent), undocumented()), 403)
				if got := a.countEvents("admin_route_by_agent"); got != i+1 {
					t.Fatalf("%d admin_route_by_agent events after %d attempts", got, i+1)
				}
				var detail string
				a.db.QueryRow(`SELECT detail FROM security_events WHERE type = 'admin_route_by_agent' ORDER BY id DESC LIMIT 1`).Scan(&detail)
				if detail != method+" "+path {
					t.Errorf("event detail %q; want %q", detail, method+" "+path)
				}
			})
		}
	})
}
