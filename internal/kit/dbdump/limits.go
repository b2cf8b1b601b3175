package dbdump

import (
	"archive/zip"
	"strconv"
)

// Bounds on what a backup may declare, checked before the database is
// touched (docs/decisions.md, "Bounded restores (issue 21, S17)"). The
// zip reader refuses an entry that inflates past its declared size, so the
// declared sizes bound the work; these bound the declared sizes by the
// file's own size:
//
//   - maxInflate: an entry may inflate to at most this many times its
//     compressed size (plus inflateSlack). Real tables inflate 3 to 12
//     times (the demo's largest ratio is 11.6); deflate can reach about
//     1,000, which only a crafted file of repeated bytes comes near.
//   - maxRowsPerByte: a table may declare at most this many rows per byte
//     of its compressed file (plus rowSlack): two bits a row. Real tables
//     hold under 0.2 rows a byte, a crafted one of tiny distinct rows 0.4.
//   - every canonical line takes at least 2 bytes a column plus 2 ("[",
//     one character a value, the commas, "]" and the newline), so a table
//     declares at most its uncompressed size over that.
const (
	maxInflate     = 200
	inflateSlack   = 1 << 20
	maxRowsPerByte = 4
	rowSlack       = 1000
)

// checkSizes refuses a backup whose entries or row counts are out of
// proportion to the file's size: a zip bomb, or a manifest declaring more
// rows than its files can hold.
func checkSizes(m Manifest, files map[string]*zip.File, size int64) error {
	for _, f := range files {
		if f.CompressedSize64 > uint64(max(size, 0)) {
			return refuse("the backup's entry %s says it is %s bytes compressed, more than the whole file: the file is damaged; nothing was restored",
				f.Name, group(f.CompressedSize64))
		}
		if f.UncompressedSize64 > maxInflate*f.CompressedSize64+inflateSlack {
			return refuse("the backup's entry %s inflates from %s to %s bytes, more than %d times: the file is damaged or crafted (a zip bomb); nothing was restored",
				f.Name, group(f.CompressedSize64), group(f.UncompressedSize64), maxInflate)
		}
	}
	for _, t := range m.Tables {
		f := files[t.File]
		if t.Rows < 0 {
			return refuse("table %s declares %d rows: the file is damaged or was changed; nothing was restored", t.Name, t.Rows)
		}
		rows := uint64(t.Rows)
		byLines := f.UncompressedSize64 / uint64(2*len(t.Columns)+2)
		byBytes := maxRowsPerByte*f.CompressedSize64 + rowSlack
		if limit := min(byLines, byBytes); rows > limit {
			return refuse("table %s declares %s rows, but its file (%s bytes compressed, %s uncompressed, in a backup of %s bytes) can hold at most %s: the file is damaged or crafted; nothing was restored",
				t.Name, group(rows), group(f.CompressedSize64), group(f.UncompressedSize64), group(uint64(max(size, 0))), group(limit))
		}
	}
	return nil
}

// group writes n with thousands separators, as the commands print counts.
func group(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
