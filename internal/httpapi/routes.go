package httpapi

import "net/http"

// routes registers every route PropMatch serves: this file is the whole
// surface, read top to bottom.
func (s *server) routes(mux *http.ServeMux) {
	// Health.
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)

	s.accountRoutes(mux)
	s.profileRoutes(mux)
	s.noticeRoutes(mux)
	s.ownDataRoutes(mux)
	s.siteRoutes(mux)

	// Places.
	mux.HandleFunc("GET /api/states", s.states)
	mux.HandleFunc("GET /api/cities/{state}", s.cities)

	s.listingRoutes(mux)

	// Marketplace and dashboard.
	mux.HandleFunc("GET /api/marketplace/properties", s.signedIn(s.marketplaceProperties))
	mux.HandleFunc("GET /api/marketplace/requirements", s.signedIn(s.marketplaceRequirements))
	mux.HandleFunc("GET /api/dashboard/stats", s.signedIn(s.dashboardStats))

	s.networkRoutes(mux)
	s.queueRoutes(mux)
	s.adminRoutes(mux)
	s.backupRoutes(mux)
	s.securityRoutes(mux)

	s.trainingRoutes(mux)
	s.adRoutes(mux)
	s.analyticsRoutes(mux)

	// Live events for the signed-in user.
	mux.HandleFunc("GET /api/events", s.signedIn(s.events))

	// Stored images.
	mux.HandleFunc("GET /media/{mediaId}", s.getMedia)
	mux.HandleFunc("GET /media/{mediaId}/card", s.getMediaCard)

	// Development outbox (development mode only).
	if s.Dev && s.Outbox != nil {
		mux.HandleFunc("GET /api/dev/outbox", s.devOutboxJSON)
		mux.HandleFunc("GET /dev/outbox", s.devOutboxPage)
	} else {
		mux.HandleFunc("/dev/", http.NotFound)
	}

	// Metrics have their own listener (PROPMATCH_METRICS_ADDR), never
	// this one: a scrape sent here gets 404, not the web app's page.
	mux.HandleFunc("/metrics", http.NotFound)

	// Anything else under /api is a JSON 404; everything else is the web app.
	mux.HandleFunc("/api/", s.apiNotFound)
	mux.Handle("/", s.webApp())
}

// accountRoutes are the accounts (docs/product.md#registration through
// #sessions).
func (s *server) accountRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/send-otp", s.limited(s.sendOTP))
	mux.HandleFunc("POST /api/verify-otp", s.limited(s.verifyOTP))
	mux.HandleFunc("POST /api/register", s.limited(s.register))
	mux.HandleFunc("POST /api/login", s.limited(s.login))
	mux.HandleFunc("POST /api/logout", s.logout)
	mux.HandleFunc("GET /api/user", s.signedIn(s.getUser))
	mux.HandleFunc("POST /api/send-reset-code", s.limited(s.sendResetCode))
	mux.HandleFunc("POST /api/verify-reset-code", s.limited(s.verifyResetCode))
	mux.HandleFunc("POST /api/reset-password", s.limited(s.resetPassword))
}

// listingRoutes are listings, requirements and their matches
// (docs/product.md#listings through #lead-status).
func (s *server) listingRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/properties", s.signedIn(s.listMyProperties))
	mux.HandleFunc("POST /api/properties", s.signedIn(s.counted(s.createProperty)))
	mux.HandleFunc("PUT /api/properties/{id}", s.signedIn(s.updateProperty))
	mux.HandleFunc("DELETE /api/properties/{id}", s.signedIn(s.deleteProperty))
	mux.HandleFunc("GET /api/requirements", s.signedIn(s.listMyRequirements))
	mux.HandleFunc("POST /api/requirements", s.signedIn(s.counted(s.createRequirement)))
	mux.HandleFunc("PATCH /api/requirements/{id}", s.signedIn(s.updateRequirement))
	mux.HandleFunc("DELETE /api/requirements/{id}", s.signedIn(s.deleteRequirement))
	mux.HandleFunc("GET /api/requirements/{id}/matches", s.signedIn(s.requirementMatches))
	mux.HandleFunc("GET /api/matches", s.signedIn(s.listMatches))
	mux.HandleFunc("PUT /api/matches/{id}/status", s.signedIn(s.setMatchStatus))
	mux.HandleFunc("PUT /api/matches/{id}/notes", s.signedIn(s.setMatchNotes))
	mux.HandleFunc("PUT /api/matches/{id}/share-client", s.signedIn(s.shareMatchClient))
}

// networkRoutes are the agent network and messages
// (docs/product.md#agent-network through #messages).
func (s *server) networkRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/agents", s.signedIn(s.listAgents))
	mux.HandleFunc("GET /api/users", s.signedIn(s.listUsers))
	mux.HandleFunc("GET /api/connections", s.signedIn(s.listConnections))
	mux.HandleFunc("POST /api/connections", s.signedIn(s.createConnection))
	mux.HandleFunc("PUT /api/connections/{id}", s.signedIn(s.answerConnection))
	mux.HandleFunc("DELETE /api/connections/{id}", s.signedIn(s.cancelConnection))
	mux.HandleFunc("GET /api/messages", s.signedIn(s.listMessages))
	mux.HandleFunc("POST /api/messages", s.signedIn(s.sendMessage))
	mux.HandleFunc("GET /api/messages/conversations", s.signedIn(s.listConversations))
	mux.HandleFunc("GET /api/messages/unread-count", s.signedIn(s.unreadCount))
	mux.HandleFunc("PUT /api/messages/mark-read/{otherUserId}", s.signedIn(s.markRead))
	mux.HandleFunc("DELETE /api/messages/{id}", s.signedIn(s.deleteMessage))
}
