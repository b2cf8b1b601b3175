package httpapi_test

import (
	"testing"
	"testing/fstest"
)

// The self-hosted font is served with its font type whatever the host's
// /etc/mime.types says, cached like every hashed asset.
func TestWebAppServesFontsWithTheirType(t *testing.T) {
	web := fstest.MapFS{
		"index.html":                {Data: []byte(testIndex)},
		"assets/inter-abc123.woff2": {Data: []byte("wOF2 font bytes")},
		"assets/legacy-abc123.woff": {Data: []byte("wOFF font bytes")},
	}
	eachEngine(t, apiOptions{web: web}, func(t *testing.T, a *apiTest) {
		for _, tc := range []struct{ path, want string }{
			{"/assets/inter-abc123.woff2", "font/woff2"},
			{"/assets/legacy-abc123.woff", "font/woff"},
		} {
			t.Run(tc.path, func(t *testing.T) {
				res := a.do("GET", tc.path, nil, undocumented())
				wantStatus(t, res, 200)
				if ct := res.header.Get("Content-Type"); ct != tc.want {
					t.Errorf("Content-Type = %q, want %q", ct, tc.want)
				}
			})
		}
	})
}
