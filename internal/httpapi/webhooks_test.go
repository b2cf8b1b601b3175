package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// hookReceiver is an agent's own software: it records every delivery.
type hookReceiver struct {
	*httptest.Server
	mu  sync.Mutex
	got []hookHit
}

type hookHit struct {
	header http.Header
	body   []byte
}

func newHookReceiver(t *testing.T) *hookReceiver {
	r := &hookReceiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, hookHit{req.Header.Clone(), b})
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.Close)
	return r
}

// types returns the event types received, verifying each signature with
// the Standard Webhooks reference library and secret.
func (r *hookReceiver) types(t *testing.T, secret string) []string {
	t.Helper()
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, h := range r.got {
		if err := wh.VerifyIgnoringTimestamp(h.body, h.header); err != nil {
			t.Fatalf("signature refused: %v", err)
		}
		var m struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(h.body, &m)
		out = append(out, m.Type)
	}
	return out
}

var allHookEvents = []string{"match.created", "message.received", "connection.requested", "connection.answered"}

func TestWebhookEndpointsAndTestEvent(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A, B := a.newAgent("hookowner", "+919800000101"), a.newAgent("hookother", "+919800000102")
		rcv := newHookReceiver(t)
		res := a.do("POST", "/api/user/webhooks", map[string]any{"url": rcv.URL + "/in", "events": allHookEvents}, as(A))
		wantStatus(t, res, 201)
		created := res.json(t)
		secret, _ := created["secret"].(string)
		if !strings.HasPrefix(secret, "whsec_") {
			t.Fatalf("secret %q", secret)
		}
		id := idOf(created)
		list := a.do("GET", "/api/user/webhooks", nil, as(A))
		wantStatus(t, list, 200)
		if strings.Contains(string(list.body), "whsec_") || len(list.list(t)) != 1 {
			t.Fatalf("list: %s", list.body)
		}
		if got := a.objects(B, "/api/user/webhooks"); len(got) != 0 {
			t.Fatalf("another agent sees %d endpoints", len(got))
		}
		for _, r := range []struct{ method, path string }{
			{"PATCH", fmt.Sprintf("/api/user/webhooks/%d", id)}, {"DELETE", fmt.Sprintf("/api/user/webhooks/%d", id)},
			{"GET", fmt.Sprintf("/api/user/webhooks/%d/deliveries", id)}, {"POST", fmt.Sprintf("/api/user/webhooks/%d/test", id)},
		} {
			var body any
			if r.method == "PATCH" {
				body = map[string]any{"enabled": false}
			}
			wantError(t, a.do(r.method, r.path, body, as(B)), 404)
		}
		wantError(t, a.do("POST", "/api/user/webhooks", map[string]any{"url": "ftp://x.example", "events": []string{}}, as(A), invalid()), 400, "url", "events")
		wantError(t, a.do("POST", "/api/user/webhooks", map[string]any{"url": rcv.URL, "events": []string{"match.deleted"}}, as(A), invalid()), 400, "events")
		wantError(t, a.do("POST", "/api/user/webhooks", map[string]any{"url": 5, "events": allHookEvents}, as(A), invalid()), 400, "url")
		wantError(t, a.do("PATCH", "/api/user/webhooks/x", map[string]any{"enabled": true}, as(A), invalid()), 400)

		wantStatus(t, a.do("POST", fmt.Sprintf("/api/user/webhooks/%d/test", id), nil, as(A)), 202)
		log := a.do("GET", fmt.Sprintf("/api/user/webhooks/%d/deliveries", id), nil, as(A))
		wantStatus(t, log, 200)
		items := log.list(t)
		if len(items) != 1 {
			t.Fatalf("log %s", log.body)
		}
		d := items[0].(map[string]any)
		if d["state"] != "succeeded" || d["statusCode"] != float64(204) || d["event"] != "webhook.test" || d["latencyMs"] == nil {
			t.Fatalf("test delivery %v", d)
		}
		if got := rcv.types(t, secret); len(got) != 1 || got[0] != "webhook.test" {
			t.Fatalf("received %v", got)
		}
		off := a.do("PATCH", fmt.Sprintf("/api/user/webhooks/%d", id), map[string]any{"enabled": false}, as(A))
		wantStatus(t, off, 200)
		if off.json(t)["enabled"] != false {
			t.Fatalf("not off: %s", off.body)
		}
		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/user/webhooks/%d", id), nil, as(A)), 200)
		wantError(t, a.do("GET", fmt.Sprintf("/api/user/webhooks/%d/deliveries", id), nil, as(A)), 404)
	})
}

func TestWebhooksFireFromRealMatchesMessagesAndConnections(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A, B := a.newAgent("hookseller", "+919800000111"), a.newAgent("hookbuyer", "+919800000112")
		ra, rb := newHookReceiver(t), newHookReceiver(t)
		sa := a.create(A, "/api/user/webhooks", map[string]any{"url": ra.URL, "events": allHookEvents})["secret"].(string)
		sb := a.create(B, "/api/user/webhooks", map[string]any{"url": rb.URL, "events": allHookEvents})["secret"].(string)
		a.befriend(B, A) // A gets connection.requested, B connection.answered
		a.create(B, "/api/messages", map[string]any{"receiverId": A.id, "content": "Is the flat still available?"})
		a.create(A, "/api/properties", listing())
		a.create(B, "/api/requirements", wanted())
		a.drain()
		gotA, gotB := ra.types(t, sa), rb.types(t, sb)
		if strings.Join(gotA, ",") != "connection.requested,message.received,match.created" {
			t.Errorf("A received %v", gotA)
		}
		if strings.Join(gotB, ",") != "connection.answered,match.created" {
			t.Errorf("B received %v", gotB)
		}
		ra.mu.Lock()
		last := ra.got[len(ra.got)-1].body
		ra.mu.Unlock()
		var m struct {
			Data struct {
				MatchID int64  `json:"matchId"`
				Side    string `json:"side"`
				Score   int    `json:"score"`
			} `json:"data"`
		}
		if err := json.Unmarshal(last, &m); err != nil || m.Data.MatchID == 0 || m.Data.Side != "seller" || m.Data.Score != 90 {
			t.Errorf("match.created body %s", last)
		}
	})
}

// hookDNS resolves the test's names.
type hookDNS map[string]string

func (d hookDNS) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if ip, ok := d[host]; ok {
		return []netip.Addr{netip.MustParseAddr(ip)}, nil
	}
	return nil, fmt.Errorf("no such host")
}

func TestWebhookEndpointsRefusePrivateAddressesInProduction(t *testing.T) {
	dns := hookDNS{"inside.example": "10.0.0.1", "home.example": "127.0.0.1", "meta.example": "169.254.169.254", "crm.example": "93.184.216.34"}
	eachEngine(t, apiOptions{hooksProduction: true, resolver: dns}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("hookprod", "+919800000121")
		for _, u := range []string{"https://127.0.0.1/hook", "https://10.0.0.1/hook", "https://169.254.169.254/latest/meta-data",
			"https://inside.example/", "https://home.example/", "https://meta.example/", "http://crm.example/"} {
			wantError(t, a.do("POST", "/api/user/webhooks", map[string]any{"url": u, "events": allHookEvents}, as(A)), 400, "url")
		}
		wantStatus(t, a.do("POST", "/api/user/webhooks", map[string]any{"url": "https://crm.example/hook", "events": allHookEvents}, as(A)), 201)
	})
}

func TestWebhooksNeedAPIAccess(t *testing.T) {
	eachEngine(t, apiOptions{billing: true}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("hookstarter", "+919800000131")
		res := a.do("POST", "/api/user/webhooks", map[string]any{"url": "http://127.0.0.1:9/", "events": allHookEvents}, as(A))
		wantError(t, res, 402)
		if res.json(t)["code"] != "plan_limit" {
			t.Fatalf("code: %s", res.body)
		}
	})
}
