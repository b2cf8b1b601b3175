package matchengine

import (
	"encoding/json"
	"strconv"
	"strings"
)

// breakdownKeys are the keys of a stored breakdown, in the order
// json.Marshal writes Breakdown's fields.
var breakdownKeys = [...]string{`{"propertyType":`, `,"city":`, `,"price":`, `,"bedrooms":`, `,"locality":`, `,"total":`}

// ParseBreakdown reads a stored breakdown. Every match on a list page carries
// one, so the shape the engine writes is read directly; anything else goes
// through encoding/json (which reflects, and cost a twentieth of a list
// request). An unreadable breakdown reads as zero points.
func ParseBreakdown(s string) Breakdown {
	if b, ok := parseStoredBreakdown(s); ok {
		return b
	}
	var b Breakdown
	if err := json.Unmarshal([]byte(s), &b); err != nil {
		return Breakdown{}
	}
	return b
}

func parseStoredBreakdown(s string) (Breakdown, bool) {
	var v [len(breakdownKeys)]int
	for i, key := range breakdownKeys {
		rest, ok := strings.CutPrefix(s, key)
		if !ok {
			return Breakdown{}, false
		}
		n := 0
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n == 0 || n > 9 || (n > 1 && rest[0] == '0') { // JSON has no leading zeros
			return Breakdown{}, false
		}
		v[i], _ = strconv.Atoi(rest[:n])
		s = rest[n:]
	}
	if s != "}" {
		return Breakdown{}, false
	}
	return Breakdown{PropertyType: v[0], City: v[1], Price: v[2], Bedrooms: v[3], Locality: v[4], Total: v[5]}, true
}
