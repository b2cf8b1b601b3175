//go:build !embedweb

package web

import (
	"embed"
	"io/fs"
)

// Dist returns an empty filesystem: this binary was built without the
// embedweb tag, so the web app is not in it.
func Dist() fs.FS {
	return embed.FS{} // the zero FS is empty
}
