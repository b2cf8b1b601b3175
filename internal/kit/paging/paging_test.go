package paging_test

import (
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"testing"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
)

func TestParseReadsTheLimitAndCursorAClientSent(t *testing.T) {
	for _, c := range []struct {
		name, limit, cursor string
		want                paging.Page
	}{
		{"NeitherGivesTheDefaultFirstPage", "", "", paging.Page{Limit: paging.DefaultSize}},
		{"LimitOne", "1", "", paging.Page{Limit: 1}},
		{"LimitAtTheMaximum", "500", "", paging.Page{Limit: paging.MaxSize}},
		{"CursorFromCursor", "", paging.Cursor(42), paging.Page{Limit: paging.DefaultSize, Before: 42}},
		{"Both", "10", paging.Cursor(7), paging.Page{Limit: 10, Before: 7}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := paging.Parse(c.limit, c.cursor)
			if err != nil || got != c.want {
				t.Fatalf("Parse(%q, %q) = %+v, %v; want %+v", c.limit, c.cursor, got, err, c.want)
			}
		})
	}
}

func TestParseRefusesALimitOutOfRangeOrACursorItDidNotMake(t *testing.T) {
	for _, c := range []struct {
		name, limit, cursor, path string
	}{
		{"LimitZero", "0", "", "limit"},
		{"LimitOverTheMaximum", "501", "", "limit"},
		{"LimitNegative", "-1", "", "limit"},
		{"LimitNotANumber", "abc", "", "limit"},
		{"CursorGarbage", "", "garbage", "cursor"},
		{"CursorOfZero", "", base64.RawURLEncoding.EncodeToString([]byte("0")), "cursor"},
		{"CursorNegative", "", base64.RawURLEncoding.EncodeToString([]byte("-5")), "cursor"},
		{"CursorNotBase64", "", "%%", "cursor"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := paging.Parse(c.limit, c.cursor)
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("Parse(%q, %q) = %v; want Invalid", c.limit, c.cursor, err)
			}
			var e *apperr.Error
			if !errors.As(err, &e) || len(e.Fields) != 1 || e.Fields[0].Path != c.path {
				t.Fatalf("Parse(%q, %q) = %v; want one field error at %q", c.limit, c.cursor, err, c.path)
			}
		})
	}
}

func TestApplyBoundsOrdersAndFetchesOneRowMore(t *testing.T) {
	for _, c := range []struct {
		name      string
		page      paging.Page
		wantQuery string
		wantArgs  []any
	}{
		{"FirstPage", paging.Page{Limit: 25}, "SELECT id FROM t WHERE a = $1 ORDER BY t.id DESC LIMIT $2", []any{"x", 26}},
		{"LaterPage", paging.Page{Limit: 25, Before: 90}, "SELECT id FROM t WHERE a = $1 AND t.id < $2 ORDER BY t.id DESC LIMIT $3", []any{"x", int64(90), 26}},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, args := c.page.Apply("SELECT id FROM t WHERE a = $1", "t.id", []any{"x"})
			if q != c.wantQuery || fmt.Sprint(args) != fmt.Sprint(c.wantArgs) {
				t.Fatalf("Apply = %q %v; want %q %v", q, args, c.wantQuery, c.wantArgs)
			}
		})
	}
}

func TestTrimCutsToTheLimitAndNamesTheNextPage(t *testing.T) {
	id := func(n int64) int64 { return n }
	for _, c := range []struct {
		name     string
		items    []int64
		want     []int64
		wantNext int64
	}{
		{"FewerThanTheLimitIsTheLastPage", []int64{9, 8}, []int64{9, 8}, 0},
		{"ExactlyTheLimitIsTheLastPage", []int64{9, 8, 7}, []int64{9, 8, 7}, 0},
		{"OneMoreMeansAnotherPage", []int64{9, 8, 7, 6}, []int64{9, 8, 7}, 7},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, next := paging.Trim(c.items, paging.Page{Limit: 3}, id)
			if !slices.Equal(got, c.want) || next != c.wantNext {
				t.Fatalf("Trim = %v, %d; want %v, %d", got, next, c.want, c.wantNext)
			}
		})
	}
}

func TestKeyedCursorsRoundTripAndBoundTheNextPage(t *testing.T) {
	p, err := paging.Parse("10", paging.KeyCursor(95, 42))
	if err != nil || p != (paging.Page{Limit: 10, Before: 42, BeforeKey: 95, Keyed: true}) {
		t.Fatalf("Parse(KeyCursor(95, 42)) = %+v, %v", p, err)
	}
	zero, err := paging.Parse("", paging.KeyCursor(0, 7))
	if err != nil || !zero.Keyed || zero.BeforeKey != 0 || zero.Before != 7 {
		t.Fatalf("Parse(KeyCursor(0, 7)) = %+v, %v", zero, err)
	}
	for _, c := range []struct {
		name      string
		page      paging.Page
		wantQuery string
		wantArgs  []any
	}{
		{"FirstPage", paging.Page{Limit: 25}, "SELECT id FROM t WHERE a = $1 ORDER BY t.k DESC, t.id DESC LIMIT $2", []any{"x", 26}},
		{"LaterPage", p, "SELECT id FROM t WHERE a = $1 AND (t.k, t.id) < ($2, $3) ORDER BY t.k DESC, t.id DESC LIMIT $4", []any{"x", int64(95), int64(42), 11}},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, args, err := c.page.ApplyKeyed("SELECT id FROM t WHERE a = $1", "t.k", "t.id", []any{"x"})
			if err != nil || q != c.wantQuery || fmt.Sprint(args) != fmt.Sprint(c.wantArgs) {
				t.Fatalf("ApplyKeyed = %q %v %v; want %q %v", q, args, err, c.wantQuery, c.wantArgs)
			}
		})
	}
	if _, _, err := (paging.Page{Limit: 5, Before: 9}).ApplyKeyed("q", "k", "id", nil); apperr.CodeOf(err) != apperr.Invalid {
		t.Fatalf("ApplyKeyed with an unkeyed cursor = %v; want Invalid", err)
	}
	for _, bad := range []string{"x.5", "5.", ".5", "1.2.3"} {
		if _, err := paging.Parse("", base64.RawURLEncoding.EncodeToString([]byte(bad))); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("Parse(cursor of %q) = %v; want Invalid", bad, err)
		}
	}
	keyID := func(n int64) (int64, int64) { return n * 10, n }
	if got, next := paging.TrimKeyed([]int64{9, 8, 7}, paging.Page{Limit: 2}, keyID); !slices.Equal(got, []int64{9, 8}) || next != paging.KeyCursor(80, 8) {
		t.Fatalf("TrimKeyed = %v, %q", got, next)
	}
	if _, next := paging.TrimKeyed([]int64{9}, paging.Page{Limit: 2}, keyID); next != "" {
		t.Fatalf("TrimKeyed of the last page = %q; want none", next)
	}
}
