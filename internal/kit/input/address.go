package input

import "net/url"

// MaxWebAddress is the longest web address a form may save.
const MaxWebAddress = 2000

// IsWebAddress reports whether s is an absolute http or https address with
// a host, at most MaxWebAddress long: what a website, thumbnail or image
// URL field must hold when it is filled.
func IsWebAddress(s string) bool {
	if len(s) > MaxWebAddress {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}
