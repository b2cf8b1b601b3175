package outbound

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"strings"
	"syscall"
)

// Why an email could not be sent, in plain words (see Explain).
const (
	ProblemRefused = "Connection refused: nothing accepts connections at the SMTP server's address and port. Check PROPMATCH_SMTP_HOST and PROPMATCH_SMTP_PORT."
	ProblemHost    = "The SMTP server's host name could not be found. Check PROPMATCH_SMTP_HOST."
	ProblemTimeout = "The SMTP server did not answer in time."
	ProblemAuth    = "Authentication failed: the SMTP server refused the username or password. Check PROPMATCH_SMTP_USERNAME and PROPMATCH_SMTP_PASSWORD."
	ProblemTLS     = "TLS problem: the secure connection to the SMTP server could not be set up (the server does not offer STARTTLS, or its certificate is not trusted). Check PROPMATCH_SMTP_TLS and PROPMATCH_SMTP_PORT."
)

// Explain turns an error of SendEmail into plain words: connection refused,
// host not found, timeout, authentication failed, TLS problem, or else the
// server's own answer. It never carries a password (SendEmail's errors do
// not).
func Explain(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	lower := strings.ToLower(msg)
	var dnsErr *net.DNSError
	var netErr net.Error
	var certErr *tls.CertificateVerificationError
	var unknownAuth x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var recordErr tls.RecordHeaderError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED) || strings.Contains(lower, "connection refused"):
		return ProblemRefused
	case errors.As(err, &dnsErr):
		return ProblemHost
	case errors.As(err, &certErr) || errors.As(err, &unknownAuth) || errors.As(err, &hostErr) || errors.As(err, &recordErr) ||
		strings.Contains(lower, "starttls") || strings.Contains(lower, "tls:") || strings.Contains(lower, "x509"):
		return ProblemTLS
	case strings.Contains(lower, "auth") || strings.Contains(lower, "535") || strings.Contains(lower, "username and password"):
		return ProblemAuth
	case errors.As(err, &netErr) && netErr.Timeout():
		return ProblemTimeout
	}
	return "The SMTP server refused the message: " + msg
}
