package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// Resolver finds a host's addresses; net.DefaultResolver is one. Tests
// inject their own (a name resolving to 10.0.0.1).
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// refused are the ranges no endpoint may reach besides the ones netip
// names (private, loopback, link-local, multicast, unspecified): carrier-
// grade NAT (and Alibaba's metadata address in it), "this network", IETF
// protocol assignments, benchmarking, documentation, reserved and
// broadcast, NAT64 and 6to4/Teredo forms that can embed a private IPv4.
var refused = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15", "198.51.100.0/24",
		"203.0.113.0/24", "240.0.0.0/4", "255.255.255.255/32",
		"64:ff9b::/96", "64:ff9b:1::/48", "2001::/32", "2001:db8::/32", "2002::/16", "fc00::/7", "fec0::/10",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// errRefusedAddress is the answer for an address an endpoint may not have.
var errRefusedAddress = errors.New("the address is private, loopback, link-local or otherwise not public")

// allowedIP reports whether a delivery may connect to ip. Loopback is
// allowed only when loopback is (development).
func allowedIP(ip netip.Addr, loopback bool) bool {
	ip = ip.Unmap()
	if !ip.IsValid() {
		return false
	}
	if ip.IsLoopback() {
		return loopback
	}
	if ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() || ip.IsMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsUnspecified() || !ip.IsGlobalUnicast() {
		return false
	}
	for _, p := range refused {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// guard checks endpoint addresses at registration and again at every
// connection (DNS may answer differently the second time).
type guard struct {
	dev      bool
	resolver Resolver
	timeout  time.Duration
}

// maxURL is the longest endpoint address accepted.
const maxURL = 2000

// check parses raw and resolves its host: https to public addresses, or (in
// development) http or https to loopback. It returns the normalised URL or
// a message for the agent.
func (g guard) check(ctx context.Context, raw string) (string, string) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", "Enter the endpoint's address"
	}
	if len(raw) > maxURL {
		return "", fmt.Sprintf("The address can be at most %d characters", maxURL)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return "", "Enter a full address, such as https://crm.example.com/propmatch"
	}
	if u.User != nil {
		return "", "The address cannot carry a user name or password"
	}
	if u.Fragment != "" {
		return "", "The address cannot have a #fragment"
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !g.dev {
			return "", "The address must start with https://"
		}
	default:
		return "", "The address must start with https://"
	}
	ips, err := g.lookup(ctx, u.Hostname())
	if err != nil || len(ips) == 0 {
		return "", "PropMatch could not find the address's host " + u.Hostname()
	}
	for _, ip := range ips {
		if !allowedIP(ip, g.dev) {
			return "", "PropMatch does not send webhooks to " + u.Hostname() + ": " + errRefusedAddress.Error()
		}
		if u.Scheme == "http" && !ip.Unmap().IsLoopback() {
			return "", "The address must start with https:// (http is allowed only to this computer in development)"
		}
	}
	return u.String(), ""
}

// lookup resolves host, or returns it when it is an address.
func (g guard) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return []netip.Addr{ip}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, g.timeout)
	defer cancel()
	return g.resolver.LookupNetIP(ctx, "ip", host)
}

// dial connects to addr only at allowed addresses: it resolves the host
// itself (the resolver tests inject), refuses if any answer is not allowed,
// and checks the address actually dialled once more (Control), so that DNS
// rebinding between the check and the connection gains nothing. onlyLoopback
// is set for plain http, which may go to loopback only.
func (g guard) dial(onlyLoopback bool) func(ctx context.Context, network, addr string) (net.Conn, error) {
	permit := func(ip netip.Addr) bool {
		if onlyLoopback {
			return g.dev && ip.Unmap().IsLoopback()
		}
		return allowedIP(ip, g.dev)
	}
	d := &net.Dialer{Timeout: g.timeout, Control: func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !permit(ap.Addr()) {
			return errRefusedAddress
		}
		return nil
	}}
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		ips, err := g.lookup(ctx, host)
		if err != nil {
			return nil, fmt.Errorf("resolve %s: %w", host, err)
		}
		if len(ips) == 0 {
			return nil, fmt.Errorf("resolve %s: no address", host)
		}
		for _, ip := range ips {
			if !permit(ip) {
				return nil, fmt.Errorf("%s: %w", host, errRefusedAddress)
			}
		}
		var last error
		for _, ip := range ips {
			c, err := d.DialContext(ctx, network, net.JoinHostPort(ip.Unmap().String(), port))
			if err == nil {
				return c, nil
			}
			last = err
		}
		return nil, last
	}
}
