package httpapi

import (
	"errors"
	"net/http/httptest"
	"net/url"
	"testing"

	"propmatch/internal/kit/apperr"
)

// Ids in paths and query strings are positive whole numbers; anything else
// is a 400 naming the parameter. The HTTP tests check this route by route;
// this table checks the two readers every route shares.
func TestIDParametersArePositiveWholeNumbers(t *testing.T) {
	cases := []struct {
		name  string
		value string
		want  int64 // 0: refused
	}{
		{"one", "1", 1},
		{"largest", "9223372036854775807", 9223372036854775807},
		{"zero", "0", 0},
		{"negative", "-3", 0},
		{"word", "abc", 0},
		{"fraction", "1.5", 0},
		{"overflow", "9223372036854775808", 0},
		{"spaces", " 1", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/api/x?with="+url.QueryEscape(c.value), nil)
			r.SetPathValue("otherUserId", c.value)
			fromPath, pathErr := pathID(r, "otherUserId")
			fromQuery, queryErr := queryInt(r, "with")
			if c.want != 0 {
				if pathErr != nil || queryErr != nil || fromPath != c.want || fromQuery != c.want {
					t.Fatalf("got %d, %v and %d, %v; want %d", fromPath, pathErr, fromQuery, queryErr, c.want)
				}
				return
			}
			wantRefused(t, pathErr, "otherUserId")
			wantRefused(t, queryErr, "with")
		})
	}
}

func TestAnAbsentQueryIntIsZero(t *testing.T) {
	for _, target := range []string{"/api/messages", "/api/messages?with="} {
		n, err := queryInt(httptest.NewRequest("GET", target, nil), "with")
		if n != 0 || err != nil {
			t.Errorf("%s: got %d, %v; want 0, nil", target, n, err)
		}
	}
}

func wantRefused(t *testing.T, err error, field string) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Path != field {
		t.Fatalf("got %v, want Invalid at %s", err, field)
	}
}
