package security

import (
	"net/url"
	"regexp"
	"strings"
)

// probePrefixes are paths PropMatch never serves that scanners try first:
// secrets left in the web root, other products' admin pages, debug endpoints.
// A request path that starts with one (any case) is a scanner probe.
var probePrefixes = []string{
	"/.env", "/.git", "/.svn", "/.hg", "/.aws", "/.ssh", "/.htaccess", "/.htpasswd", "/.ds_store", "/.vscode", "/.idea",
	"/wp-admin", "/wp-login", "/wp-content", "/wp-includes", "/wordpress", "/xmlrpc.php", "/phpmyadmin", "/pma",
	"/myadmin", "/cgi-bin", "/vendor/phpunit", "/actuator", "/server-status", "/boaform", "/hnap1", "/solr",
	"/owa/", "/autodiscover", "/console", "/manager/html", "/config.json", "/backup.sql", "/dump.sql",
}

// probeMarks are strings that anywhere in a path mark a probe: PropMatch
// has no PHP or ASP pages, no dotfiles, and no reason to name system files.
// systemFiles mark a probe in a query too.
var (
	probeMarks  = []string{".php", ".asp", ".jsp", ".cgi", "/.env", "/.git/", "/.aws/", "/.ssh/", "/.htaccess", "/.htpasswd"}
	systemFiles = []string{"/etc/passwd", "/etc/shadow", "win.ini", "/proc/self", "cmd.exe"}
)

// traversalMarks are the shapes of a path-traversal attempt, raw or escaped.
var traversalMarks = []string{"../", "..\\", "%2e%2e", "..%2f", "..%5c", "%252e%252e"}

// sqlShapes are SQL injection shapes, matched against each decoded query
// value in lower case. They need a shape no search typed by a person has: a
// quote closing a string and then a condition, comment or statement; UNION
// SELECT; a tautology such as OR 1=1; a timing call; a system catalogue.
// Words alone ("select flat", "drop-off", "union bank") never match.
var sqlShapes = regexp.MustCompile(strings.Join([]string{
	`['"]\s*\)*\s*(or|and|\|\||&&)\s+['"(]*\w+['")]*\s*(=|<|>|!=|<>|\blike\b|\bis\b)`, // ' OR 1=1, " or "a"="a
	`['"]\s*\)*\s*(or|and)\s+(true|false|not)\b`,                                      // ' or true
	`['"]\s*\)*\s*;?\s*(--|#|/\*)`,                                                    // '--, ');--, '/*
	`['"]\s*\)*\s*;\s*(drop|delete|truncate|alter|insert|update|exec|shutdown|create|select)\b`,
	`\bunion(\s+|/\*.*?\*/)+(all(\s+|/\*.*?\*/)+)?select\b`,         // UNION SELECT
	`\b(or|and)\s+(\d+)\s*=\s*(\d+)\s*($|--|#|/\*)`,                 // 1 OR 1=1
	`\b(sleep|pg_sleep|benchmark|waitfor\s+delay)\s*\(?\s*['"\d]`,   // timing probes
	`\b(information_schema|pg_catalog|sqlite_master|xp_cmdshell)\b`, // catalogue reads
	`@@version`,
}, "|"))

// sqlHints is a cheap first look: a value with none of these cannot match
// sqlShapes, so most queries skip the expression.
var sqlHints = []string{"'", `"`, "union", "sleep", "benchmark", "waitfor", "information_schema", "pg_catalog",
	"sqlite_master", "xp_cmdshell", "@@", "="}

// Suspicious reports why a request for path (as decoded) with rawQuery looks
// like a scanner's or an attack's, or "" when it does not. It only reads: the
// caller decides what to do (PropMatch records the event and answers as
// usual, a probe getting its 404).
func Suspicious(path, rawQuery string) string {
	lp := strings.ToLower(path)
	for _, p := range probePrefixes {
		if strings.HasPrefix(lp, p) {
			return "scanner probe: " + p
		}
	}
	lq := strings.ToLower(rawQuery)
	for _, m := range traversalMarks {
		if strings.Contains(lp, m) || strings.Contains(lq, m) {
			return "path traversal"
		}
	}
	if strings.HasSuffix(lp, "/..") {
		return "path traversal"
	}
	for _, marks := range [][]string{probeMarks, systemFiles} {
		for _, m := range marks {
			if strings.Contains(lp, m) {
				return "scanner probe: " + m
			}
		}
	}
	if rawQuery == "" {
		return ""
	}
	for _, v := range queryValues(rawQuery) {
		v = strings.ToLower(v)
		for _, m := range systemFiles {
			if strings.Contains(v, m) {
				return "scanner probe in query: " + m
			}
		}
		if strings.Contains(v, "<script") || strings.Contains(v, "javascript:") {
			return "script injection in query"
		}
		if hinted(v) && sqlShapes.MatchString(v) {
			return "SQL injection in query"
		}
	}
	return ""
}

// queryValues returns the decoded keys and values of rawQuery; a part that
// does not decode is returned as it is.
func queryValues(rawQuery string) []string {
	var out []string
	for part := range strings.SplitSeq(rawQuery, "&") {
		k, v, _ := strings.Cut(part, "=")
		out = append(out, unescape(k), unescape(v))
	}
	return out
}

func unescape(s string) string {
	if v, err := url.QueryUnescape(s); err == nil {
		return v
	}
	return s
}

func hinted(v string) bool {
	for _, h := range sqlHints {
		if strings.Contains(v, h) {
			return true
		}
	}
	return false
}
