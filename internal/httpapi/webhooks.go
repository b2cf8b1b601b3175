package httpapi

import (
	"net/http"

	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/webhooks"
)

// webhookRoutes are the agent's signed webhooks (docs/product.md#webhooks):
// their endpoints, each one's delivery log and a test event. Another
// agent's endpoint is 404.
func (s *server) webhookRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/user/webhooks", s.signedIn(s.listWebhooks))
	mux.HandleFunc("POST /api/user/webhooks", s.signedIn(s.createWebhook))
	mux.HandleFunc("PATCH /api/user/webhooks/{id}", s.signedIn(s.updateWebhook))
	mux.HandleFunc("DELETE /api/user/webhooks/{id}", s.signedIn(s.deleteWebhook))
	mux.HandleFunc("GET /api/user/webhooks/{id}/deliveries", s.signedIn(s.webhookDeliveries))
	mux.HandleFunc("POST /api/user/webhooks/{id}/test", s.signedIn(s.testWebhook))
}

func (s *server) listWebhooks(w http.ResponseWriter, r *http.Request, u auth.User) {
	out, err := s.Webhooks.List(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) createWebhook(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[webhooks.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Webhooks.Create(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusCreated, out, err)
}

func (s *server) updateWebhook(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	in, err := decode[webhooks.Patch](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Webhooks.Update(r.Context(), u.ID, id, in)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) deleteWebhook(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.Webhooks.Delete(r.Context(), u.ID, id)
	}
	s.reply(w, r, http.StatusOK, messageBody{Message: "Webhook endpoint deleted"}, err)
}

func (s *server) webhookDeliveries(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Webhooks.Deliveries(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) testWebhook(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Webhooks.SendTest(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusAccepted, out, err)
}
