package store

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

// Qualify returns the comma-separated column names in fields, each
// qualified with alias, for SELECT lists of hot reads. Time columns (names
// ending in _at) are read as COALESCE(col, NULL): the same value on both
// engines, but without SQLite's declared DATETIME type, so the SQLite driver
// hands over the stored text instead of trying two layouts with time.Parse
// (a tenth of a match list request). Scan them with ScanTime. Callers build
// their queries on every request, so each list is worked out once and kept.
func Qualify(alias, fields string) string {
	key := [2]string{alias, fields}
	if q, ok := qualified.Load(key); ok {
		return q.(string)
	}
	q := qualify(alias, fields)
	qualified.Store(key, q)
	return q
}

// qualified keeps Qualify's results; its keys are the few column lists
// written in the code.
var qualified sync.Map

func qualify(alias, fields string) string {
	parts := strings.Split(fields, ",")
	for i, p := range parts {
		p = alias + "." + strings.TrimSpace(p)
		if strings.HasSuffix(p, "_at") {
			p = "COALESCE(" + p + ", NULL)"
		}
		parts[i] = p
	}
	return strings.Join(parts, ", ")
}

// ScanTime returns a scan destination for a time column read through
// Qualify: it takes the time.Time PostgreSQL's driver returns, and the text
// SQLite stores (as modernc's _time_format=sqlite writes it).
func ScanTime(t *time.Time) *TimeScanner { return &TimeScanner{t} }

// TimeScanner is ScanTime's destination.
type TimeScanner struct{ t *time.Time }

// Scan implements sql.Scanner.
func (s *TimeScanner) Scan(v any) error {
	switch v := v.(type) {
	case time.Time:
		*s.t = v
		return nil
	case string:
		return s.parse(v)
	case []byte:
		return s.parse(string(v))
	}
	return fmt.Errorf("store: cannot read %T as a time", v)
}

func (s *TimeScanner) parse(v string) error {
	if t, ok := parseStoredTime(v); ok {
		*s.t = t
		return nil
	}
	t, err := time.Parse("2006-01-02 15:04:05.999999999-07:00", v)
	if err != nil {
		return fmt.Errorf("store: read time %q: %w", v, err)
	}
	*s.t = t.UTC()
	return nil
}

// parseStoredTime reads "2006-01-02 15:04:05[.fraction]+00:00", the shape
// every stored time has (UTC), without time.Parse's general machinery.
func parseStoredTime(v string) (time.Time, bool) {
	if len(v) < 25 || v[4] != '-' || v[7] != '-' || v[10] != ' ' || v[13] != ':' || v[16] != ':' || !strings.HasSuffix(v, "+00:00") {
		return time.Time{}, false
	}
	num := func(s string) (int, bool) {
		n := 0
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, false
			}
			n = n*10 + int(s[i]-'0')
		}
		return n, true
	}
	year, ok1 := num(v[0:4])
	month, ok2 := num(v[5:7])
	day, ok3 := num(v[8:10])
	hour, ok4 := num(v[11:13])
	minute, ok5 := num(v[14:16])
	sec, ok6 := num(v[17:19])
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	nsec := 0
	if frac := v[19 : len(v)-6]; frac != "" {
		digits := frac[1:]
		if frac[0] != '.' || len(digits) == 0 || len(digits) > 9 {
			return time.Time{}, false
		}
		n, ok := num(digits)
		if !ok {
			return time.Time{}, false
		}
		for i := len(digits); i < 9; i++ {
			n *= 10
		}
		nsec = n
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, nsec, time.UTC)
	if t.Day() != day { // 31 April and the like: let time.Parse refuse it
		return time.Time{}, false
	}
	return t, true
}
