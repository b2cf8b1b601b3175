package httpapi

import (
	"errors"
	"net/http"
	"strconv"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/security"
)

// securityRoutes are the security dashboard (docs/product.md#security-dashboard):
// admins only.
func (s *server) securityRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/security/events", s.adminOnly(s.securityEvents))
	mux.HandleFunc("GET /api/security/events/recent", s.adminOnly(s.securityRecent))
	mux.HandleFunc("GET /api/security/ips", s.adminOnly(s.securityIPs))
	mux.HandleFunc("GET /api/security/protection", s.adminOnly(s.securityProtection))
	mux.HandleFunc("GET /api/security/blocks", s.adminOnly(s.securityBlocks))
	mux.HandleFunc("POST /api/security/blocks", s.adminOnly(s.securityBlock))
	mux.HandleFunc("DELETE /api/security/blocks/{id}", s.adminOnly(s.securityUnblock))
}

// note records e for r (its address and path filled in) off the request
// path. Without a recorder (tools that build no service set) it is dropped.
func (s *server) note(r *http.Request, e security.Event) {
	if e.IP == "" {
		e.IP = input.Header(s.clientIP(r), input.MaxClientIP) // stored: X-Forwarded-For may carry any bytes
	}
	if e.URL == "" {
		e.URL = r.URL.Path
	}
	if s.SecurityEvents != nil {
		s.SecurityEvents.Add(e)
	}
}

// noteCodeFailure records a wrong, expired or spent one-time code: an
// Invalid answer without field errors (those are malformed input) or a
// refusal once the tries are spent.
func (s *server) noteCodeFailure(r *http.Request, err error, typ, what string) {
	var e *apperr.Error
	if !errors.As(err, &e) || len(e.Fields) > 0 || (e.Code != apperr.Invalid && e.Code != apperr.TooManyRequests) {
		return
	}
	s.note(r, security.Event{Type: typ, Detail: "wrong " + what})
}

// watchRequests refuses every request from a blocked address with 403, and
// records the requests that look like a scanner's (they go on, to their
// usual answer: a probe gets 404).
func (s *server) watchRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip := s.clientIP(r)
		if s.blocks.Blocked(r.Context(), ip) {
			writeJSON(w, http.StatusForbidden, errorBody{Message: "Access from your network address has been blocked by an administrator"})
			return
		}
		if reason := security.Suspicious(r.URL.Path, r.URL.RawQuery); reason != "" {
			s.note(r, security.Event{Type: security.SuspiciousRequest, IP: ip, Detail: reason})
		}
		next.ServeHTTP(w, r)
	})
}

func (s *server) eventPage(r *http.Request) (security.EventPage, error) {
	q := r.URL.Query()
	return security.ParseEventPage(q.Get("type"), q.Get("limit"), q.Get("cursor"))
}

// securityEvents is GET /api/security/events: the summary, suspicious
// addresses and recent events, with the cursor of more events.
func (s *server) securityEvents(w http.ResponseWriter, r *http.Request, _ auth.User) {
	p, err := s.eventPage(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Security.Overview(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if out.NextCursor != nil {
		s.setEventsLink(w, r, *out.NextCursor)
	}
	s.markBlocked(r, out.SuspiciousIPs)
	writeJSON(w, http.StatusOK, out)
}

// securityRecent is one page of recent events (the "more" of the list).
func (s *server) securityRecent(w http.ResponseWriter, r *http.Request, _ auth.User) {
	p, err := s.eventPage(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, next, err := s.Security.Recent(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if next != "" {
		s.setEventsLink(w, r, next)
	}
	writeJSON(w, http.StatusOK, list)
}

// setEventsLink sends the Link header of the next page of recent events.
func (s *server) setEventsLink(w http.ResponseWriter, r *http.Request, next string) {
	q := r.URL.Query()
	q.Set("cursor", next)
	w.Header().Set("Link", `</api/security/events/recent?`+q.Encode()+`>; rel="next"`)
}

func (s *server) securityIPs(w http.ResponseWriter, r *http.Request, _ auth.User) {
	list, err := s.Security.Suspicious(r.Context(), maxIPs)
	if err == nil {
		s.markBlocked(r, list)
	}
	s.reply(w, r, http.StatusOK, list, err)
}

// maxIPs is the most addresses the Suspicious IPs tab lists.
const maxIPs = 200

// markBlocked sets Blocked on the addresses this instance refuses.
func (s *server) markBlocked(r *http.Request, list []security.IPStat) {
	for i := range list {
		list[i].Blocked = s.blocks.Blocked(r.Context(), list[i].IP)
	}
}

func (s *server) securityBlocks(w http.ResponseWriter, r *http.Request, _ auth.User) {
	page(s, w, r, func(p paging.Page) ([]security.Block, int64, error) {
		return s.Security.Blocks(r.Context(), p)
	})
}

func (s *server) securityBlock(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[security.BlockInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b, err := s.Security.Block(r.Context(), u.ID, s.clientIP(r), in)
	if err == nil {
		s.blocks.Refresh(r.Context())
	}
	s.reply(w, r, http.StatusCreated, b, err)
}

func (s *server) securityUnblock(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b, err := s.Security.Unblock(r.Context(), u.ID, id)
	if err == nil {
		s.blocks.Refresh(r.Context())
	}
	s.reply(w, r, http.StatusOK, b, err)
}

// idString formats an id for an event subject.
func idString(id int64) string { return strconv.FormatInt(id, 10) }
