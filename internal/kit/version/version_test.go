package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestFromBuild(t *testing.T) {
	stamped := &debug.BuildInfo{GoVersion: "go1.25.0", Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "02a8ace236d68273065736de3cab5d42566286f4"},
		{Key: "vcs.time", Value: "2026-11-23T18:00:00Z"},
		{Key: "vcs.modified", Value: "false"},
	}}
	dirty := &debug.BuildInfo{GoVersion: "go1.25.0", Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "02a8ace236d68273065736de3cab5d42566286f4"},
		{Key: "vcs.modified", Value: "true"},
	}}
	tests := []struct {
		name    string
		release string
		bi      *debug.BuildInfo
		want    Info
	}{
		{"release name wins", "v1.4.0", stamped, Info{Version: "v1.4.0", Revision: "02a8ace236d68273065736de3cab5d42566286f4",
			CommitTime: "2026-11-23T18:00:00Z", Go: "go1.25.0"}},
		{"short commit", "", stamped, Info{Version: "02a8ace236d6", Revision: "02a8ace236d68273065736de3cab5d42566286f4",
			CommitTime: "2026-11-23T18:00:00Z", Go: "go1.25.0"}},
		{"uncommitted changes", "", dirty, Info{Version: "development build", Revision: "02a8ace236d68273065736de3cab5d42566286f4",
			Modified: true, Go: "go1.25.0"}},
		// make build names the build with git describe --dirty: never shown.
		{"dirty release name", "02a8ace-dirty", stamped, Info{Version: "development build", Revision: "02a8ace236d68273065736de3cab5d42566286f4",
			CommitTime: "2026-11-23T18:00:00Z", Modified: true, Go: "go1.25.0"}},
		{"dirty tag", "v1.4.0-3-g02a8ace-dirty", nil, Info{Version: "development build", Modified: true}},
		{"uncommitted changes under a release name", "v1.4.0", dirty, Info{Version: "development build",
			Revision: "02a8ace236d68273065736de3cab5d42566286f4", Modified: true, Go: "go1.25.0"}},
		{"no stamp", "", &debug.BuildInfo{GoVersion: "go1.25.0"}, Info{Version: "development build", Go: "go1.25.0"}},
		{"no build info", "", nil, Info{Version: "development build"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := fromBuild(tc.release, tc.bi); got != tc.want {
				t.Errorf("fromBuild = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// No version a build can get says "-dirty".
func TestNoVersionSaysDirty(t *testing.T) {
	for _, release := range []string{"", "v1.0.0", "abc1234-dirty", "v1.0.0-dirty"} {
		for _, modified := range []string{"true", "false"} {
			bi := &debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "02a8ace236d68273065736de3cab5d42566286f4"}, {Key: "vcs.modified", Value: modified}}}
			if v := fromBuild(release, bi).Version; strings.Contains(v, "dirty") {
				t.Errorf("release %q, modified %s: version %q", release, modified, v)
			}
		}
	}
}
