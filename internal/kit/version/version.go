// Package version tells which build of PropMatch is running: the release
// name the build was given, or else the commit Go stamped into the binary.
package version

import (
	"runtime/debug"
	"strings"
	"sync"
)

// Development is the version of a development build: one of uncommitted
// changes, or one Go could not stamp with its commit.
const Development = "development build"

// Release is the release name, set at build time with
// -ldflags "-X propmatch/internal/version.Release=v1.4.0"; empty otherwise.
var Release string

// Info is what GET /api/version answers.
type Info struct {
	// Version is Release, else the short commit, or Development for a
	// build of uncommitted changes (Go stamped it modified, or the release
	// name ends in "-dirty", as `git describe --dirty` names it) or one Go
	// could not stamp (`go run`, a test binary). Nobody sees "-dirty".
	Version string `json:"version"`
	// Revision is the full commit the binary was built from; empty when
	// unknown.
	Revision string `json:"revision"`
	// CommitTime is that commit's time (RFC 3339); empty when unknown.
	CommitTime string `json:"commitTime"`
	// Modified is whether the build had uncommitted changes.
	Modified bool `json:"modified"`
	// Go is the Go version the binary was built with.
	Go string `json:"go"`
}

// Get returns the running build's Info, read once.
var Get = sync.OnceValue(func() Info {
	bi, _ := debug.ReadBuildInfo()
	return fromBuild(Release, bi)
})

// fromBuild makes the Info of a build named release with build info bi
// (nil when the binary carries none).
func fromBuild(release string, bi *debug.BuildInfo) Info {
	var in Info
	if bi != nil {
		in.Go = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				in.Revision = s.Value
			case "vcs.time":
				in.CommitTime = s.Value
			case "vcs.modified":
				in.Modified = s.Value == "true"
			}
		}
	}
	if strings.HasSuffix(release, "-dirty") {
		in.Modified = true
	}
	switch {
	case in.Modified:
		in.Version = Development
	case release != "":
		in.Version = release
	case in.Revision != "":
		in.Version = in.Revision[:min(12, len(in.Revision))]
	default:
		in.Version = Development
	}
	return in
}
