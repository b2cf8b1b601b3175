// Package csvsafe keeps CSV cells from being read as formulas: the one rule
// every CSV PropMatch writes (the accountant's invoices, an import's report)
// follows.
package csvsafe

import "strings"

// Cell returns s with an apostrophe before it when a spreadsheet would read
// it as a formula: when it starts with =, +, -, @, a tab or a carriage return.
func Cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Row escapes every cell of row in place (see Cell) and returns it.
func Row(row []string) []string {
	for i, c := range row {
		row[i] = Cell(c)
	}
	return row
}
