package httpapi

import "net/http"

// routes lists the route bindings: each resource file binds its own routes
// in one xxxRoutes method next to its handlers, and this is the one list of
// them (docs/architecture.md#routes). Read a binding's file for its paths.
func (s *server) routes(mux *http.ServeMux) {
	s.healthRoutes(mux)
	s.accountRoutes(mux)
	s.profileRoutes(mux)
	s.noticeRoutes(mux)
	s.ownDataRoutes(mux)
	s.siteRoutes(mux)
	s.placeRoutes(mux)
	s.propertyRoutes(mux)
	s.duplicateRoutes(mux)
	s.requirementRoutes(mux)
	s.importRoutes(mux)
	s.matchRoutes(mux)
	s.marketplaceRoutes(mux)
	s.dashboardRoutes(mux)
	s.connectionRoutes(mux)
	s.messageRoutes(mux)
	s.queueRoutes(mux)
	s.adminRoutes(mux)
	s.backupRoutes(mux)
	s.billingRoutes(mux)
	s.securityRoutes(mux)
	s.trainingRoutes(mux)
	s.adRoutes(mux)
	s.analyticsRoutes(mux)
	s.paymentRoutes(mux)
	s.agreementRoutes(mux)
	s.apiKeyRoutes(mux)
	s.webhookRoutes(mux)
	s.reraRoutes(mux)
	s.shareLinkRoutes(mux)
	s.eventRoutes(mux)
	s.mediaRoutes(mux)
	s.devOutboxRoutes(mux)
	s.apiDocRoutes(mux)

	// Metrics have their own listener (PROPMATCH_METRICS_ADDR), never
	// this one: a scrape sent here gets 404, not the web app's page.
	mux.HandleFunc("/metrics", http.NotFound)

	// Anything else under /api is a JSON 404; everything else is the web
	// app. A path a route takes with other methods is a 405 with Allow.
	mux.HandleFunc("/api/", s.apiNotFound)
	mux.Handle("/", s.orMethodNotAllowed(s.webApp()))
}
