package commands

import (
	"strings"
	"testing"
	"time"
)

func TestMetricsConfig(t *testing.T) {
	for _, tc := range []struct {
		name      string
		env       map[string]string
		wantAddr  string
		wantStuck time.Duration
		wantErr   string // a part of the error, "" for none
	}{
		{"OffByDefault", nil, "", 15 * time.Minute, ""},
		{"LoopbackAddress", map[string]string{"PROPMATCH_METRICS_ADDR": "127.0.0.1:9090"}, "127.0.0.1:9090", 15 * time.Minute, ""},
		{"AnyHostOfAPort", map[string]string{"PROPMATCH_METRICS_ADDR": ":9090"}, ":9090", 15 * time.Minute, ""},
		{"IPv6", map[string]string{"PROPMATCH_METRICS_ADDR": "[::1]:9090"}, "[::1]:9090", 15 * time.Minute, ""},
		{"SpacesAreTrimmed", map[string]string{"PROPMATCH_METRICS_ADDR": " 127.0.0.1:9090 "}, "127.0.0.1:9090", 15 * time.Minute, ""},
		{"StuckAfterIsConfigurable", map[string]string{"PROPMATCH_QUEUE_STUCK_AFTER": "2m"}, "", 2 * time.Minute, ""},
		{"NoPort", map[string]string{"PROPMATCH_METRICS_ADDR": "127.0.0.1"}, "", 0, "PROPMATCH_METRICS_ADDR"},
		{"EmptyPort", map[string]string{"PROPMATCH_METRICS_ADDR": "127.0.0.1:"}, "", 0, "PROPMATCH_METRICS_ADDR"},
		{"NamedPort", map[string]string{"PROPMATCH_METRICS_ADDR": "127.0.0.1:http"}, "", 0, "PROPMATCH_METRICS_ADDR"},
		{"PortOutOfRange", map[string]string{"PROPMATCH_METRICS_ADDR": "127.0.0.1:70000"}, "", 0, "PROPMATCH_METRICS_ADDR"},
		{"AURLIsNoAddress", map[string]string{"PROPMATCH_METRICS_ADDR": "http://127.0.0.1:9090/metrics"}, "", 0, "PROPMATCH_METRICS_ADDR"},
		{"ThePublicAddressIsRefused", map[string]string{"PROPMATCH_ADDR": "127.0.0.1:8080", "PROPMATCH_METRICS_ADDR": "127.0.0.1:8080"}, "", 0, "must differ from PROPMATCH_ADDR"},
		{"TokenTooShort", map[string]string{"PROPMATCH_METRICS_TOKEN": "short"}, "", 0, "PROPMATCH_METRICS_TOKEN"},
		{"UsernameWithoutPassword", map[string]string{"PROPMATCH_METRICS_USERNAME": "prom"}, "", 0, "PROPMATCH_METRICS_PASSWORD"},
		{"PasswordWithoutUsername", map[string]string{"PROPMATCH_METRICS_PASSWORD": "pa55word-0123456789"}, "", 0, "PROPMATCH_METRICS_USERNAME"},
		{"PasswordTooShort", map[string]string{"PROPMATCH_METRICS_USERNAME": "prom", "PROPMATCH_METRICS_PASSWORD": "short"}, "", 0, "PROPMATCH_METRICS_PASSWORD"},
		{"BadStuckAfter", map[string]string{"PROPMATCH_QUEUE_STUCK_AFTER": "soon"}, "", 0, "PROPMATCH_QUEUE_STUCK_AFTER"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(func(k string) string { return tc.env[k] })
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || c.MetricsAddr != tc.wantAddr || c.QueueStuckAfter != tc.wantStuck {
				t.Fatalf("MetricsAddr = %q, QueueStuckAfter = %v, err = %v; want %q, %v", c.MetricsAddr, c.QueueStuckAfter, err, tc.wantAddr, tc.wantStuck)
			}
		})
	}
}
