package store

import (
	"testing"
	"time"
)

const storedLayout = "2006-01-02 15:04:05.999999999-07:00"

func TestParseStoredTime(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"2026-11-22 21:05:09+00:00", true},
		{"2026-11-22 21:05:09.1+00:00", true},
		{"2026-11-22 21:05:09.123456+00:00", true},
		{"2026-11-22 21:05:09.123456789+00:00", true},
		{"2024-02-29 00:00:00+00:00", true},
		{"2026-02-29 00:00:00+00:00", false}, // no such day
		{"2026-11-22 24:00:00+00:00", false},
		{"2026-11-22 21:05:09.+00:00", false},
		{"2026-11-22 21:05:09.1234567891+00:00", false},
		{"2026-11-22 21:05:09+05:30", false}, // not UTC: left to time.Parse
		{"2026-11-22T21:05:09+00:00", false},
		{"2026-1x-22 21:05:09+00:00", false},
	} {
		got, ok := parseStoredTime(tc.in)
		if ok != tc.ok {
			t.Errorf("parseStoredTime(%q) ok = %v, want %v", tc.in, ok, tc.ok)
			continue
		}
		if ok {
			want, _ := time.Parse(storedLayout, tc.in)
			if !got.Equal(want) || got.Location() != time.UTC {
				t.Errorf("parseStoredTime(%q) = %v, want %v in UTC", tc.in, got, want)
			}
		}
	}
}

func TestTimeScannerReadsWhatTheDriversGive(t *testing.T) {
	want := time.Date(2026, 11, 22, 21, 5, 9, 123456000, time.UTC)
	for _, v := range []any{want, "2026-11-22 21:05:09.123456+00:00", []byte("2026-11-22 21:05:09.123456+00:00"), "2026-11-23 02:35:09.123456+05:30"} {
		var got time.Time
		if err := ScanTime(&got).Scan(v); err != nil || !got.Equal(want) {
			t.Errorf("Scan(%v) = %v, %v; want %v", v, got, err, want)
		}
	}
	for _, v := range []any{nil, 42, "yesterday"} {
		if err := ScanTime(new(time.Time)).Scan(v); err == nil {
			t.Errorf("Scan(%v) read a time", v)
		}
	}
}

func FuzzParseStoredTime(f *testing.F) {
	f.Add("2026-11-22 21:05:09.123456+00:00")
	f.Add("2026-02-29 00:00:00+00:00")
	f.Fuzz(func(t *testing.T, in string) {
		got, ok := parseStoredTime(in)
		if !ok {
			return
		}
		want, err := time.Parse(storedLayout, in)
		if err != nil || !got.Equal(want) {
			t.Fatalf("parseStoredTime(%q) = %v, time.Parse gives %v, %v", in, got, want, err)
		}
	})
}
