package security

import (
	"fmt"
	"net"
	"net/netip"
	"strings"
)

// DefaultTrustedProxies are the proxies trusted when none are configured:
// loopback and the private ranges, where a reverse proxy in front of
// PropMatch usually runs (a local nginx, a load balancer inside a VPC).
const DefaultTrustedProxies = "127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7"

// ParseTrustedProxies reads a comma-separated list of CIDR ranges (or single
// addresses) of trusted proxies. An empty list is allowed (no proxy trusted:
// the connecting address is the client).
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	var bad []string
	for part := range strings.SplitSeq(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, err := ParseRange(part)
		if err != nil {
			bad = append(bad, fmt.Sprintf("%q", part))
			continue
		}
		out = append(out, p)
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("not a CIDR range or address: %s", strings.Join(bad, ", "))
	}
	return out, nil
}

// ClientIP returns the address of the client of a request that reached
// this server from remoteAddr (the connection's host:port) carrying the
// X-Forwarded-For header lines xff, in the order received. Every line is
// read: proxies append to the last line (nginx, AWS ALB, Cloudflare) or add
// a line of their own (HAProxy's option forwardfor). The hops are walked from
// the connection leftwards while they are trusted proxies; the first
// address that is not one is the client. Everything left of it was written
// by the client itself and is ignored. When every hop is trusted the
// leftmost is the client; an entry that is no address stops the walk at the
// trusted hop that reported it. The address is normalised: no port,
// brackets or zone, IPv4-mapped IPv6 as IPv4.
func ClientIP(remoteAddr string, xff []string, trusted []netip.Prefix) string {
	peer, ok := ParseHost(remoteAddr)
	if !ok {
		return remoteAddr
	}
	if !isTrusted(peer, trusted) {
		return peer.String()
	}
	var hops []string
	for _, line := range xff {
		hops = append(hops, strings.Split(line, ",")...)
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		h := strings.TrimSpace(hops[i])
		if h == "" {
			continue
		}
		a, ok := ParseHost(h)
		if !ok {
			break
		}
		client = a
		if !isTrusted(a, trusted) {
			break
		}
	}
	return client.String()
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ParseHost reads an address as proxies and connections write it: a bare
// IPv4 or IPv6 address, ip:port, [v6] or [v6]:port, possibly quoted (RFC
// 7239 style), with a zone; IPv4-mapped IPv6 addresses become IPv4.
func ParseHost(s string) (netip.Addr, bool) {
	s = strings.Trim(strings.TrimSpace(s), `"`)
	if s == "" {
		return netip.Addr{}, false
	}
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap().WithZone(""), true
	}
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	}
	a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"))
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}
