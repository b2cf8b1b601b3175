//go:build !embedweb

package web_test

import (
	"io/fs"
	"testing"

	"propmatch/web"
)

// TestDistIsEmptyWithoutTheTag: built without embedweb, Dist is an empty
// filesystem (no index.html, nothing listed), not a panic.
func TestDistIsEmptyWithoutTheTag(t *testing.T) {
	if _, err := fs.Stat(web.Dist(), "index.html"); err == nil {
		t.Error("index.html is in a binary built without the embedweb tag")
	}
	entries, err := fs.ReadDir(web.Dist(), ".")
	if err != nil || len(entries) != 0 {
		t.Errorf("ReadDir(.) = %d entries, %v; want none", len(entries), err)
	}
}
