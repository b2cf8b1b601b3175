package backups

import (
	"fmt"
	"strconv"
	"strings"
)

// cronField is one of a cron expression's five fields, as its errors name it.
type cronField struct {
	name     string
	min, max int
	names    []string // words for the values from min on (jan…, sun…); nil for none
}

var cronFields = [5]cronField{
	{name: "minute", min: 0, max: 59},
	{name: "hour", min: 0, max: 23},
	{name: "day of month", min: 1, max: 31},
	{name: "month", min: 1, max: 12, names: []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}},
	{name: "day of week", min: 0, max: 7, names: []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}},
}

// checkCronFields names the first field of the five of expr that is wrong,
// and why ("minute 61 is out of range 0–59"); nil when each is a list of
// *, values, ranges and steps in range. Extensions it does not read (L, W,
// #, ?) are left to the cron parser.
func checkCronFields(fields []string) error {
	for i, f := range fields {
		def := cronFields[i]
		for part := range strings.SplitSeq(f, ",") {
			if strings.ContainsAny(part, "LW#?") {
				continue
			}
			if err := def.checkPart(part); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkPart checks one item of a field's list: *, N, N-M, with /STEP.
func (d cronField) checkPart(part string) error {
	rng, step, hasStep := strings.Cut(part, "/")
	if hasStep {
		n, err := strconv.Atoi(step)
		if err != nil || n < 1 {
			return fmt.Errorf("%s step %q must be a whole number of 1 or more", d.name, step)
		}
	}
	if rng == "*" {
		return nil
	}
	lo, hi, isRange := strings.Cut(rng, "-")
	a, err := d.value(lo)
	if err != nil {
		return err
	}
	if !isRange {
		return nil
	}
	b, err := d.value(hi)
	if err != nil {
		return err
	}
	if a > b {
		return fmt.Errorf("%s range %s runs backwards: write the smaller value first", d.name, rng)
	}
	return nil
}

// value reads one value of the field: a number in range or, for months
// and weekdays, its three-letter name.
func (d cronField) value(s string) (int, error) {
	for i, name := range d.names {
		if strings.EqualFold(s, name) {
			return d.min + i, nil
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		if d.names != nil {
			return 0, fmt.Errorf("%s %q is not a number from %d to %d or a name such as %q", d.name, s, d.min, d.max, d.names[0])
		}
		return 0, fmt.Errorf("%s %q is not a number from %d to %d", d.name, s, d.min, d.max)
	}
	if n < d.min || n > d.max {
		return 0, fmt.Errorf("%s %d is out of range %d–%d", d.name, n, d.min, d.max)
	}
	return n, nil
}
