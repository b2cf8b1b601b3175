package security_test

import (
	"testing"

	"propmatch/internal/platform/security"
)

// TestSuspicious: scanner probes, path traversal and SQL injection shapes
// are caught; the app's own routes and ordinary searches, however they are
// worded, are not.
func TestSuspicious(t *testing.T) {
	for _, c := range []struct {
		name, path, query string
		want              bool
	}{
		// Probes.
		{"DotEnv", "/.env", "", true},
		{"DotEnvDeeper", "/api/.env", "", true},
		{"GitConfig", "/.git/config", "", true},
		{"WordPressAdmin", "/wp-admin/install.php", "", true},
		{"WordPressLogin", "/WP-LOGIN.PHP", "", true},
		{"PhpAnywhere", "/uploads/shell.php", "", true},
		{"PhpMyAdmin", "/phpmyadmin/", "", true},
		{"Actuator", "/actuator/health", "", true},
		{"EtcPasswdInQuery", "/api/media", "file=/etc/passwd", true},
		// Traversal.
		{"DotDotSlash", "/media/../../etc/hosts", "", true},
		{"EscapedDotDot", "/static", "path=%2e%2e%2fsecret", true},
		{"DoubleEscaped", "/static/%252e%252e/x", "", true},
		{"BackslashDotDot", "/static/..\\windows", "", true},
		// SQL injection shapes.
		{"QuoteOrOneEqualsOne", "/api/properties", "search=%27%20OR%201%3D1", true},
		{"QuoteOrStrings", "/api/properties", "search=x' or 'a'='a", true},
		{"QuoteCommentAfter", "/api/agents", "q=admin'--", true},
		{"QuoteParenComment", "/api/agents", "q=1')%20--%20", true},
		{"UnionSelect", "/api/properties", "city=Pune%20UNION%20SELECT%20password%20FROM%20users", true},
		{"UnionAllSelectComment", "/api/properties", "city=x%20union/**/all/**/select%201", true},
		{"StackedDrop", "/api/properties", "q=x';%20DROP%20TABLE%20users", true},
		{"NumericTautology", "/api/properties", "id=1%20OR%201=1", true},
		{"TimingProbe", "/api/properties", "q=1'%20AND%20SLEEP(5)", true},
		{"Catalogue", "/api/properties", "q=information_schema.tables", true},
		{"ScriptTag", "/api/properties", "q=%3Cscript%3Ealert(1)%3C/script%3E", true},
		// Ordinary requests: none flagged.
		{"Root", "/", "", false},
		{"AppRoute", "/properties", "", false},
		{"ApiList", "/api/properties", "limit=25&cursor=MTIz", false},
		{"SearchSelectFlat", "/api/properties", "search=select%20flat", false},
		{"SearchSelectFromList", "/api/properties", "search=select%20from%20list%20of%20flats", false},
		{"SearchDropOff", "/api/properties", "search=drop-off%20point;%20delete%20later", false},
		{"SearchUnionBank", "/api/properties", "search=Union%20Bank%20colony", false},
		{"SearchApostrophe", "/api/agents", "q=D'Souza", false},
		{"SearchApostropheAnd", "/api/agents", "q=D'Souza and Pinto", false},
		{"SearchApostropheOr", "/api/agents", "q=O'Brien or Singh", false},
		{"SearchQuotedName", "/api/agents", "q=%22Green%20Acres%22%20or%20Palm%20Grove", false},
		{"SearchOrAnd", "/api/properties", "search=2%20or%203%20BHK%20and%20parking", false},
		{"SearchEquals", "/api/properties", "search=price=50L", false},
		{"SearchDashes", "/api/properties", "search=Sector%2021%20--%20near%20metro", false},
		{"SearchHash", "/api/properties", "search=Plot%20%2312", false},
		{"SearchSleep", "/api/training", "q=sleep%20well%20homes", false},
		{"WellKnown", "/.well-known/security.txt", "", false},
		{"Assets", "/assets/index-4f3a.js", "", false},
		{"Media", "/media/abc123/card", "", false},
		{"DottedName", "/api/cities/Tamil%20Nadu", "", false},
		{"EllipsisInSearch", "/api/properties", "search=sea%20view...", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := security.Suspicious(c.path, c.query)
			if (got != "") != c.want {
				t.Errorf("Suspicious(%q, %q) = %q; want flagged %v", c.path, c.query, got, c.want)
			}
		})
	}
}

// BenchmarkSuspicious measures the check every request goes through: an
// ordinary list request with a search, and a probe.
func BenchmarkSuspicious(b *testing.B) {
	for _, c := range []struct{ name, path, query string }{
		{"Ordinary", "/api/properties", "search=select%20flat%20in%20Pune&limit=25"},
		{"NoQuery", "/api/matches", ""},
		{"Injection", "/api/properties", "search=%27%20OR%201%3D1"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				security.Suspicious(c.path, c.query)
			}
		})
	}
}
