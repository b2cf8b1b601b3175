package security_test

import (
	"testing"

	"propmatch/internal/platform/security"
)

// TestClientIP walks the X-Forwarded-For forms the common proxies send. The
// client at 203.0.113.7 forges 198.51.100.66 in its own header in each case
// where a proxy keeps what the client sent: the forged address must never
// win.
func TestClientIP(t *testing.T) {
	def, err := security.ParseTrustedProxies(security.DefaultTrustedProxies)
	if err != nil {
		t.Fatal(err)
	}
	// Cloudflare and a GCP load balancer connect from public addresses: the
	// operator lists them (here one Cloudflare range, and Google's front
	// ends and the load balancer's own address 34.120.0.9).
	cloudflare, _ := security.ParseTrustedProxies("173.245.48.0/20," + security.DefaultTrustedProxies)
	gcp, _ := security.ParseTrustedProxies("35.191.0.0/16,130.211.0.0/22,34.120.0.9")
	for _, c := range []struct {
		name    string
		remote  string
		xff     []string
		trusted string // "" the defaults; "cf", "gcp"; "none" no proxy trusted
		want    string
	}{
		{"direct, no header", "203.0.113.7:51234", nil, "", "203.0.113.7"},
		{"direct, forged header ignored", "203.0.113.7:51234", []string{"198.51.100.66"}, "", "203.0.113.7"},
		{"direct IPv6", "[2001:db8::7]:443", []string{"198.51.100.66"}, "", "2001:db8::7"},
		{"direct IPv4-mapped", "[::ffff:203.0.113.7]:443", nil, "", "203.0.113.7"},
		{"nginx $proxy_add_x_forwarded_for", "127.0.0.1:40000", []string{"198.51.100.66, 203.0.113.7"}, "", "203.0.113.7"},
		{"nginx, no client header", "127.0.0.1:40000", []string{"203.0.113.7"}, "", "203.0.113.7"},
		{"HAProxy option forwardfor adds a line", "10.0.0.5:40000", []string{"198.51.100.66", "203.0.113.7"}, "", "203.0.113.7"},
		{"HAProxy, forged line of two", "10.0.0.5:40000", []string{"198.51.100.66, 192.0.2.1", "203.0.113.7"}, "", "203.0.113.7"},
		{"Caddy replaces the header", "[::1]:40000", []string{"203.0.113.7"}, "", "203.0.113.7"},
		{"Caddy behind a second local proxy", "127.0.0.1:40000", []string{"198.51.100.66, 203.0.113.7, 127.0.0.1"}, "", "203.0.113.7"},
		{"AWS ALB appends", "172.31.10.20:40000", []string{"198.51.100.66, 203.0.113.7"}, "", "203.0.113.7"},
		{"AWS ALB with client port", "172.31.10.20:40000", []string{"198.51.100.66, 203.0.113.7:51234"}, "", "203.0.113.7"},
		{"AWS ALB IPv6 with client port", "172.31.10.20:40000", []string{"[2001:db8::7]:51234"}, "", "2001:db8::7"},
		{"GCP LB: client, lb-ip", "35.191.3.4:40000", []string{"198.51.100.66, 203.0.113.7, 34.120.0.9"}, "gcp", "203.0.113.7"},
		{"GCP LB unconfigured: the front end is the client", "35.191.3.4:40000", []string{"203.0.113.7, 34.120.0.9"}, "", "35.191.3.4"},
		{"Cloudflare appends", "173.245.48.10:40000", []string{"198.51.100.66, 203.0.113.7"}, "cf", "203.0.113.7"},
		{"Cloudflare, then nginx on the host", "127.0.0.1:40000", []string{"198.51.100.66, 203.0.113.7, 173.245.48.10"}, "cf", "203.0.113.7"},
		{"IPv4-mapped hop", "127.0.0.1:1", []string{"::ffff:203.0.113.7"}, "", "203.0.113.7"},
		{"quoted, zoned hop", "127.0.0.1:1", []string{`"[fe80::1%eth0]:80"`}, "", "fe80::1"},
		{"empty entries skipped", "127.0.0.1:1", []string{"203.0.113.7, ,", ""}, "", "203.0.113.7"},
		{"every hop trusted: leftmost", "127.0.0.1:1", []string{"10.1.2.3, 192.168.1.1"}, "", "10.1.2.3"},
		{"garbage stops at the hop that reported it", "127.0.0.1:1", []string{"unknown, 10.1.2.3"}, "", "10.1.2.3"},
		{"garbage from the proxy itself", "127.0.0.1:1", []string{"not-an-ip"}, "", "127.0.0.1"},
		{"no proxy trusted", "127.0.0.1:1", []string{"203.0.113.7"}, "none", "127.0.0.1"},
		{"remote without port", "203.0.113.7", nil, "", "203.0.113.7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			trusted := def
			switch c.trusted {
			case "cf":
				trusted = cloudflare
			case "gcp":
				trusted = gcp
			case "none":
				trusted = nil
			}
			if got := security.ClientIP(c.remote, c.xff, trusted); got != c.want {
				t.Errorf("ClientIP(%q, %q) = %q; want %q", c.remote, c.xff, got, c.want)
			}
		})
	}
}

func TestParseTrustedProxies(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{security.DefaultTrustedProxies, 6, true},
		{"", 0, true},
		{" 10.0.0.0/8 , 203.0.113.9 ,", 2, true},
		{"10.0.0.0/8,banana", 0, false},
		{"10.0.0.0/33", 0, false},
	} {
		got, err := security.ParseTrustedProxies(c.in)
		if (err == nil) != c.ok || len(got) != c.want {
			t.Errorf("ParseTrustedProxies(%q) = %v, %v; want %d ranges, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}
