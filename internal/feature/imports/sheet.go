package imports

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"propmatch/internal/kit/apperr"
)

// Limits of an uploaded sheet.
const (
	// MaxFileBytes is the largest file an agent may upload: 10 MB.
	MaxFileBytes = 10 << 20
	// MaxRows is the most data rows (under the header) one file may hold.
	MaxRows = 10_000
	// maxUnzipped bounds an .xlsx file's unpacked size (a zip bomb is
	// refused before excelize reads it); maxUnzippedPart bounds one part,
	// and maxRatio how much one part may grow by unpacking.
	maxUnzipped     = 200 << 20
	maxUnzippedPart = 150 << 20
	maxRatio        = 200
	// maxColumns bounds a row's cells.
	maxColumns = 200
	// maxCell bounds one cell's text.
	maxCell = 5_000
)

// Formats of an uploaded file.
const (
	CSV  = "csv"
	XLSX = "xlsx"
)

// rowReader yields a sheet's rows, each a slice of cell texts, then io.EOF.
type rowReader interface {
	Next() ([]string, error)
	Close() error
}

func refuse(format string, args ...any) error {
	return apperr.Validation(apperr.FieldError{Path: "file", Message: fmt.Sprintf(format, args...)})
}

// detectFormat tells an .xlsx file (a zip) from a CSV file (text) by its
// bytes, whatever the file is called, and refuses anything else.
func detectFormat(data []byte) (string, error) {
	switch {
	case len(data) == 0:
		return "", refuse("The file is empty")
	case len(data) > MaxFileBytes:
		return "", refuse("The file is over 10 MB; split it into smaller files")
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return XLSX, nil
	case bytes.HasPrefix(data, []byte{0xD0, 0xCF, 0x11, 0xE0}):
		return "", refuse("This is an old Excel file (.xls); save it as .xlsx or CSV and upload it again")
	}
	head := data[:min(len(data), 64<<10)]
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	if bytes.IndexByte(head, 0) >= 0 || !utf8.Valid(trimPartialRune(head)) {
		return "", refuse("This is not a spreadsheet: upload an Excel (.xlsx) or CSV file")
	}
	return CSV, nil
}

// trimPartialRune drops a rune cut at the end of b.
func trimPartialRune(b []byte) []byte {
	for i := 0; i < utf8.UTFMax && len(b) > 0; i++ {
		if utf8.Valid(b) {
			return b
		}
		b = b[:len(b)-1]
	}
	return b
}

// openSheet opens data (of format) for reading its first sheet's rows.
func openSheet(format string, data []byte) (rowReader, error) {
	if format == XLSX {
		return openXLSX(data)
	}
	return openCSV(data), nil
}

// checkZip refuses a damaged or truncated zip, and one that unpacks to far
// more than it weighs (a zip bomb), before excelize reads it.
func checkZip(data []byte) error {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return refuse("The Excel file is damaged or incomplete; save it again and upload it")
	}
	var total uint64
	for _, f := range z.File {
		total += f.UncompressedSize64
		if f.UncompressedSize64 > maxUnzippedPart || total > maxUnzipped ||
			(f.UncompressedSize64 > 1<<20 && f.UncompressedSize64 > maxRatio*max(f.CompressedSize64, 1)) {
			return refuse("The Excel file unpacks to far more than its size; it was refused")
		}
	}
	return nil
}

type xlsxRows struct {
	f    *excelize.File
	rows *excelize.Rows
}

func openXLSX(data []byte) (rowReader, error) {
	if err := checkZip(data); err != nil {
		return nil, err
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: maxUnzipped, UnzipXMLSizeLimit: 32 << 20})
	if err != nil {
		return nil, refuse("The Excel file could not be read; save it again as .xlsx and upload it")
	}
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		_ = f.Close()
		return nil, refuse("The Excel file has no sheet")
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		_ = f.Close()
		return nil, refuse("The Excel file's first sheet could not be read; save it again and upload it")
	}
	return &xlsxRows{f: f, rows: rows}, nil
}

// Next returns the next row's cells as the sheet shows them. A formula
// cell gives its stored result: formulas are never evaluated.
func (x *xlsxRows) Next() ([]string, error) {
	if !x.rows.Next() {
		if err := x.rows.Error(); err != nil {
			return nil, refuse("The Excel file is damaged; save it again and upload it")
		}
		return nil, io.EOF
	}
	cells, err := x.rows.Columns()
	if err != nil {
		return nil, refuse("The Excel file is damaged; save it again and upload it")
	}
	return cells, nil
}

func (x *xlsxRows) Close() error {
	_ = x.rows.Close()
	return x.f.Close()
}

type csvRows struct{ r *csv.Reader }

// openCSV reads data as CSV, without a byte-order mark, separated by
// commas, semicolons or tabs: whichever the first line has most of.
func openCSV(data []byte) rowReader {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	first := data
	if i := bytes.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	sep, best := ',', bytes.Count(first, []byte(","))
	for _, c := range []rune{';', '\t'} {
		if n := bytes.Count(first, []byte(string(c))); n > best {
			sep, best = c, n
		}
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = sep
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	r.ReuseRecord = false
	return csvRows{r: r}
}

func (c csvRows) Next() ([]string, error) {
	rec, err := c.r.Read()
	if errors.Is(err, io.EOF) {
		return nil, io.EOF
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, refuse("The CSV file could not be read at line %d; check its quotes", pe.Line)
		}
		return nil, refuse("The CSV file could not be read")
	}
	return rec, nil
}

func (csvRows) Close() error { return nil }

// blank tells a row with no text in any cell.
func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// checkCells refuses a row with too many cells or a huge cell.
func checkCells(rowNum int, cells []string) error {
	if len(cells) > maxColumns {
		return refuse("Row %d has more than %d columns", rowNum, maxColumns)
	}
	for _, c := range cells {
		if len(c) > maxCell {
			return refuse("Row %d has a cell over %d characters", rowNum, maxCell)
		}
	}
	return nil
}
