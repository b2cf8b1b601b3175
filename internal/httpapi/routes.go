package httpapi

import "net/http"

// routes registers every route PropMatch serves. Read this file to see the
// whole API surface.
func (s *server) routes(mux *http.ServeMux) {
	// Health.
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)

	// Accounts (spec part 1, sections 4, 5, 7, 8).
	mux.HandleFunc("POST /api/send-otp", s.limited(s.sendOTP))
	mux.HandleFunc("POST /api/verify-otp", s.limited(s.verifyOTP))
	mux.HandleFunc("POST /api/register", s.limited(s.register))
	mux.HandleFunc("POST /api/login", s.limited(s.login))
	mux.HandleFunc("POST /api/logout", s.logout)
	mux.HandleFunc("GET /api/user", s.signedIn(s.getUser))
	mux.HandleFunc("POST /api/send-reset-code", s.limited(s.sendResetCode))
	mux.HandleFunc("POST /api/verify-reset-code", s.limited(s.verifyResetCode))
	mux.HandleFunc("POST /api/reset-password", s.limited(s.resetPassword))

	// Places.
	mux.HandleFunc("GET /api/states", s.states)
	mux.HandleFunc("GET /api/cities/{state}", s.cities)

	// Development outbox (development mode only).
	if s.Dev && s.Outbox != nil {
		mux.HandleFunc("GET /api/dev/outbox", s.devOutboxJSON)
		mux.HandleFunc("GET /dev/outbox", s.devOutboxPage)
	} else {
		mux.HandleFunc("/dev/", http.NotFound)
	}

	// Anything else under /api is a JSON 404; everything else is the web app.
	mux.HandleFunc("/api/", s.apiNotFound)
	mux.Handle("/", s.webApp())
}
