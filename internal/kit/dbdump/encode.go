package dbdump

import (
	"encoding/base64"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"propmatch/internal/kit/store"
)

// The canonical form of a row, the same whichever engine it was read from:
// a JSON array of the values in column-name order, on one line. NULL is
// null; int and float are JSON numbers (float in Go's shortest form);
// bool is true or false; text is a JSON string; time is an RFC 3339 string
// in UTC with exactly six fractional digits (PostgreSQL keeps microseconds,
// and PropMatch writes times truncated to them); bytes are a base64 string.

// timeLayout is the canonical time format.
const timeLayout = "2006-01-02T15:04:05.000000Z07:00"

// selectRows returns the query that reads t's rows in primary-key order
// (byte order for text keys on both engines), columns in t.columns' order.
func selectRows(t table, engine store.Engine) string {
	cols := make([]string, len(t.columns))
	for i, c := range t.columns {
		q := quote(c.Name)
		switch {
		case engine == store.Postgres && t.castPG[c.Name]:
			q += "::text"
		case engine == store.SQLite && c.Kind == KindTime:
			// Read as the stored text (see store.Qualify): parsed below
			// without the driver's general time parsing.
			q = "COALESCE(" + q + ", NULL)"
		}
		cols[i] = q
	}
	order := t.pk
	if len(order) == 0 {
		order = make([]string, len(t.columns))
		for i, c := range t.columns {
			order[i] = c.Name
		}
	}
	keys := make([]string, len(order))
	for i, k := range order {
		keys[i] = quote(k)
		if engine == store.Postgres && kindOf(t, k) == KindText {
			keys[i] += ` COLLATE "C"`
		}
	}
	return "SELECT " + strings.Join(cols, ", ") + " FROM " + quote(t.name) + " ORDER BY " + strings.Join(keys, ", ")
}

func kindOf(t table, col string) Kind {
	for _, c := range t.columns {
		if c.Name == col {
			return c.Kind
		}
	}
	return KindText
}

// appendRow appends the canonical line of vals (as scanned from the
// driver) to b, without the newline.
func appendRow(b []byte, cols []Column, vals []any) ([]byte, error) {
	b = append(b, '[')
	for i, v := range vals {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		b, err = appendValue(b, cols[i].Kind, v)
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", cols[i].Name, err)
		}
	}
	return append(b, ']'), nil
}

func appendValue(b []byte, kind Kind, v any) ([]byte, error) {
	if v == nil {
		return append(b, "null"...), nil
	}
	switch kind {
	case KindInt:
		switch x := v.(type) {
		case int64:
			return strconv.AppendInt(b, x, 10), nil
		case float64: // a SQLite integer column can hold a real
			if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
				return strconv.AppendInt(b, int64(x), 10), nil
			}
		case bool:
			return strconv.AppendInt(b, boolInt(x), 10), nil
		}
	case KindFloat:
		switch x := v.(type) {
		case float64:
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("cannot back up %v", x)
			}
			return strconv.AppendFloat(b, x, 'g', -1, 64), nil
		case int64:
			return strconv.AppendFloat(b, float64(x), 'g', -1, 64), nil
		}
	case KindBool:
		switch x := v.(type) {
		case bool:
			return strconv.AppendBool(b, x), nil
		case int64: // SQLite stores booleans as 0 and 1
			return strconv.AppendBool(b, x != 0), nil
		}
	case KindTime:
		t, err := asTime(v)
		if err != nil {
			return nil, err
		}
		b = append(b, '"')
		b = t.UTC().Truncate(time.Microsecond).AppendFormat(b, timeLayout)
		return append(b, '"'), nil
	case KindBytes:
		switch x := v.(type) {
		case []byte:
			return appendString(b, base64.StdEncoding.EncodeToString(x)), nil
		case string:
			return appendString(b, base64.StdEncoding.EncodeToString([]byte(x))), nil
		}
	case KindText:
		switch x := v.(type) {
		case string:
			return appendString(b, x), nil
		case []byte:
			return appendString(b, string(x)), nil
		case int64:
			return appendString(b, strconv.FormatInt(x, 10)), nil
		case float64:
			return appendString(b, strconv.FormatFloat(x, 'g', -1, 64)), nil
		case bool:
			return appendString(b, strconv.FormatBool(x)), nil
		case time.Time:
			return appendString(b, x.UTC().Format(time.RFC3339Nano)), nil
		}
	}
	return nil, fmt.Errorf("unexpected %T for a %s column", v, kind)
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// asTime reads a time as either driver hands it over.
func asTime(v any) (time.Time, error) {
	if t, ok := v.(time.Time); ok {
		return t, nil
	}
	var t time.Time
	if err := store.ScanTime(&t).Scan(v); err != nil {
		return time.Time{}, err
	}
	return t, nil
}

// appendString appends s as a JSON string. Invalid UTF-8 becomes U+FFFD,
// as encoding/json would make it.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
