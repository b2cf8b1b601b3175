//go:build embedweb

package web_test

import (
	"io/fs"
	"testing"

	"propmatch/web"
)

// TestDistHasTheAppWithTheTag: built with embedweb, Dist has index.html at
// its root.
func TestDistHasTheAppWithTheTag(t *testing.T) {
	if _, err := fs.Stat(web.Dist(), "index.html"); err != nil {
		t.Errorf("index.html is not at the root of the embedded app: %v", err)
	}
}
