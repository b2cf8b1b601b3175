package auth

// CheckEmail returns why s is not a usable email address, or "": the rule
// registration applies, for other forms that take an email (the site's
// contact address).
func CheckEmail(s string) string { return checkEmail(s) }
