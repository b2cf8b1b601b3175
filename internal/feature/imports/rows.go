package imports

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
)

// RowError is why one row (or one of its cells) cannot be saved.
type RowError struct {
	// Row is the row's number in the sheet (the header is row 1 when it
	// is the first).
	Row int `json:"row"`
	// Column is the column's title as the sheet writes it; "" for the row.
	Column string `json:"column"`
	// Value is the cell as written.
	Value string `json:"value"`
	// Message is the whole sentence: "Row 7, Price: '45 lacs approx' is not
	// an amount; write it like 45 L or 45,00,000".
	Message string `json:"message"`
}

// layout is a sheet's header and the field each column fills.
type layout struct {
	Kind    string   `json:"kind"`
	Header  []string `json:"columns"`
	Mapping []string `json:"fields"` // Mapping[i] is column i's field key, "" for none
}

// column returns the index of the column mapped to key, or -1.
func (l layout) column(key string) int {
	for i, k := range l.Mapping {
		if k == key {
			return i
		}
	}
	return -1
}

// parsedRow is one data row, read.
type parsedRow struct {
	num   int
	cells []string
	ref   string
	body  map[string]any
	errs  []RowError
}

// parse reads one row's cells into the form's body, by l. Cells that
// cannot be read give errors that say so and show the value.
func (l layout) parse(num int, cells []string) parsedRow {
	r := parsedRow{num: num, cells: cells, body: map[string]any{}}
	for i, key := range l.Mapping {
		if key == "" || i >= len(cells) {
			continue
		}
		raw := strings.TrimSpace(cells[i])
		if raw == "" {
			continue
		}
		f, _ := fieldByKey(l.Kind, key)
		if key == RefKey {
			r.ref = raw
			continue
		}
		v, good := f.parse.read(raw)
		if !good {
			r.errs = append(r.errs, RowError{Row: num, Column: l.Header[i], Value: cells[i],
				Message: fmt.Sprintf("Row %d, %s", num, f.parse.message(l.Header[i], cells[i]))})
			continue
		}
		r.body[key] = v
	}
	if l.Kind == Listings {
		l.listingDefaults(r.body)
	} else {
		requirementDefaults(r.body)
	}
	return r
}

// listingDefaults fills what a sheet leaves to be understood: the state of
// a known city, the city's current name, and "rent" when the price column
// is titled Rent and no purpose is given.
func (l layout) listingDefaults(body map[string]any) {
	if city, _ := body["city"].(string); city != "" {
		state, _ := body["state"].(string)
		if st, c, ok := india.CityState(state, city); ok {
			body["state"], body["city"] = st, c
		}
	}
	if _, has := body["listingPurpose"]; !has {
		if i := l.column("price"); i >= 0 && strings.Contains(headerKey(l.Header[i]), "rent") {
			body["listingPurpose"] = "for_rent"
		}
	}
}

// requirementDefaults fills the preferred state from the first city a
// state has, and writes each city under its current name.
func requirementDefaults(body map[string]any) {
	cities, _ := body["preferredCities"].([]string)
	state, _ := body["preferredState"].(string)
	for i, c := range cities {
		if st, cur, ok := india.CityState(state, c); ok {
			cities[i] = cur
			if state == "" {
				state = st
			}
		}
	}
	if state != "" {
		body["preferredState"] = state
	}
	if len(cities) > 0 {
		body["preferredCities"] = cities
	}
}

// check parses a row and validates it with target as the form's save
// would: the record to save, or the row's errors. A preview and the job
// both call it, so the preview shows what the job saves.
func (l layout) check(ctx context.Context, t Target, num int, cells []string) (parsedRow, any, error) {
	r := l.parse(num, cells)
	if len(r.errs) > 0 {
		return r, nil, nil
	}
	rec, err := t.Check(ctx, r.body)
	if err != nil {
		errs, ok := l.rowErrors(num, cells, err)
		if !ok {
			return r, nil, err
		}
		r.errs = errs
		return r, nil, nil
	}
	return r, rec, nil
}

// rowErrors turns a service's refusal into the row's errors, each under
// the column of its field (or the field's name when no column has it).
// It returns false for an error that is not about the row (the database).
func (l layout) rowErrors(num int, cells []string, err error) ([]RowError, bool) {
	var ae *apperr.Error
	if !errors.As(err, &ae) || (ae.Code != apperr.Invalid && ae.Code != apperr.PlanLimit) {
		return nil, false
	}
	if ae.Code == apperr.PlanLimit {
		return []RowError{{Row: num, Message: fmt.Sprintf("Row %d: plan limit reached. %s", num, ae.Message)}}, true
	}
	if len(ae.Fields) == 0 {
		return []RowError{{Row: num, Message: fmt.Sprintf("Row %d: %s", num, ae.Message)}}, true
	}
	out := make([]RowError, 0, len(ae.Fields))
	for _, fe := range ae.Fields {
		key, _, _ := strings.Cut(fe.Path, ".")
		col, value := "", ""
		if i := l.column(key); i >= 0 {
			col = l.Header[i]
			if i < len(cells) {
				value = cells[i]
			}
		} else if f, ok := fieldByKey(l.Kind, key); ok {
			col = f.Label
		}
		msg := fmt.Sprintf("Row %d: %s", num, fe.Message)
		switch {
		case col != "" && value != "":
			msg = fmt.Sprintf("Row %d, %s: '%s': %s", num, col, value, fe.Message)
		case col != "":
			msg = fmt.Sprintf("Row %d, %s: %s", num, col, fe.Message)
		}
		out = append(out, RowError{Row: num, Column: col, Value: value, Message: msg})
	}
	return out, true
}

// sheetRows reads a file's header and then its data rows, calling each
// with the row's number; blank rows are skipped. It refuses a file of
// more than MaxRows data rows.
func sheetRows(format string, data []byte, header func([]string) error, each func(num int, cells []string) error) error {
	rr, err := openSheet(format, data)
	if err != nil {
		return err
	}
	defer func() { _ = rr.Close() }()
	num, seen, count := 0, false, 0
	for {
		cells, err := rr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		num++
		if blank(cells) {
			continue
		}
		if err := checkCells(num, cells); err != nil {
			return err
		}
		if !seen {
			seen = true
			if err := header(cells); err != nil {
				return err
			}
			continue
		}
		if count++; count > MaxRows {
			return refuse("The sheet has more than %d rows; split it into files of up to %d rows", MaxRows, MaxRows)
		}
		if err := each(num, cells); err != nil {
			return err
		}
	}
	if !seen {
		return refuse("The sheet is empty: it needs a row of column titles, then a row for each %s", "record")
	}
	return nil
}
