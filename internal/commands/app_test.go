package commands_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"propmatch/internal/commands"
	"propmatch/internal/demo"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/outbound"
)

// env is a fake environment for commands.Run.
type env map[string]string

func (e env) get(k string) string { return e[k] }

// eachEngine calls fn with a fresh, empty database URL on every engine under test.
func eachEngine(t *testing.T, fn func(t *testing.T, dbURL string)) {
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) { fn(t, storetest.URL(t, e)) })
	}
}

// syncBuffer collects output written by Run's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// freeAddr returns a loopback address with a port that was free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// running is a server started with commands.Run in the background.
type running struct {
	addr           string
	cancel         context.CancelFunc
	done           chan error
	stdout, stderr *syncBuffer
}

// serve starts `serve --addr ADDR extra...` without a web app and waits
// until /healthz answers 200.
func serve(t *testing.T, e env, extra ...string) *running {
	t.Helper()
	return serveWeb(t, e, nil, extra...)
}

// serveWeb is serve with web as the built web commands.
func serveWeb(t *testing.T, e env, web fs.FS, extra ...string) *running {
	t.Helper()
	r := &running{addr: freeAddr(t), done: make(chan error, 1), stdout: &syncBuffer{}, stderr: &syncBuffer{}}
	if _, ok := e["PROPMATCH_SECRET_FILE"]; !ok && e != nil {
		// On PostgreSQL the default would be ./data under this package.
		e["PROPMATCH_SECRET_FILE"] = filepath.Join(t.TempDir(), "propmatch.secret")
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	args := append([]string{"serve", "--addr", r.addr}, extra...)
	go func() { r.done <- commands.Run(ctx, web, args, e.get, r.stdout, r.stderr) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-r.done:
		case <-time.After(30 * time.Second):
			t.Error("Run did not return 30 s after its context was cancelled")
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-r.done:
			t.Fatalf("Run returned before serving: %v\nstderr:\n%s", err, r.stderr)
		default:
		}
		if res, err := http.Get("http://" + r.addr + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return r
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("/healthz never answered 200\nstderr:\n%s", r.stderr)
	return nil
}

// stop cancels Run's context (like SIGTERM) and returns what Run returned.
func (r *running) stop(t *testing.T) error {
	t.Helper()
	r.cancel()
	select {
	case err := <-r.done:
		r.done <- err // for the cleanup
		return err
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return after its context was cancelled")
		return nil
	}
}

func login(t *testing.T, addr, username, password string) (int, map[string]any) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	res, err := http.Post("http://"+addr+"/api/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]any
	json.NewDecoder(res.Body).Decode(&m)
	return res.StatusCode, m
}

// get returns the status, body and content type of GET url.
func get(t *testing.T, url string) (int, string, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body), res.Header.Get("Content-Type")
}

func countUsers(t *testing.T, dbURL string) int {
	t.Helper()
	db, err := store.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestServeWebApp: serve serves the web app Run is given; without one (nil,
// or the empty filesystem of a binary built without the embedweb tag) a page
// answers 404 saying the app is not built in, and the API still works.
func TestServeWebApp(t *testing.T) {
	t.Run("ServesTheWebAppItIsGiven", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, dbURL string) {
			page := "<!doctype html><html><head></head><body>PropMatch</body></html>"
			r := serveWeb(t, env{"DATABASE_URL": dbURL}, fstest.MapFS{"index.html": {Data: []byte(page)}})
			status, body, _ := get(t, "http://"+r.addr+"/dashboard")
			if status != 200 || !strings.Contains(body, "PropMatch</body>") {
				t.Errorf("GET /dashboard = %d %q, want the given index.html", status, body)
			}
		})
	})

	t.Run("WithoutTheWebAppPagesSayItIsNotBuiltIn", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, dbURL string) {
			// nil, and the empty filesystem of a binary built without embedweb.
			for name, web := range map[string]fs.FS{"nil": nil, "empty": fstest.MapFS{}} {
				t.Run(name, func(t *testing.T) {
					r := serveWeb(t, env{"DATABASE_URL": dbURL}, web)
					status, body, ct := get(t, "http://"+r.addr+"/")
					if status != http.StatusNotFound || !strings.Contains(body, "not built into this binary") || !strings.HasPrefix(ct, "text/plain") {
						t.Errorf("GET / = %d %q (%s), want 404 saying the web app is not built in", status, body, ct)
					}
					if status, _, ct := get(t, "http://"+r.addr+"/api/user"); status != http.StatusUnauthorized || !strings.HasPrefix(ct, "application/json") {
						t.Errorf("GET /api/user = %d (%s), want the API's 401", status, ct)
					}
					if !strings.Contains(r.stderr.String(), "web app is not built into this binary") {
						t.Errorf("no warning at start that the web app is missing:\n%s", r.stderr)
					}
				})
			}
		})
	})
}

func TestServe(t *testing.T) {
	t.Run("ServesUntilCancelledThenReturnsNil", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, dbURL string) {
			r := serve(t, env{"DATABASE_URL": dbURL})
			res, err := http.Get("http://" + r.addr + "/readyz")
			if err != nil || res.StatusCode != 200 {
				t.Fatalf("/readyz = %v, %v", res, err)
			}
			res.Body.Close()
			start := time.Now()
			if err := r.stop(t); err != nil {
				t.Errorf("Run returned %v after cancel, want nil", err)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("Run took %v to return after cancel", d)
			}
			if _, err := http.Get("http://" + r.addr + "/healthz"); err == nil {
				t.Errorf("the server still answers after Run returned")
			}
		})
	})

	t.Run("RequestInFlightFinishesDuringShutdown", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, dbURL string) {
			r := serve(t, env{"DATABASE_URL": dbURL})
			// A slow upload: the headers arrive now, the body after the cancel.
			body := `{"username": "nobody", "password": "Not-A-Password-1"}`
			pr, pw := io.Pipe()
			req, _ := http.NewRequest("POST", "http://"+r.addr+"/api/login", pr)
			req.ContentLength = int64(len(body))
			req.Header.Set("Content-Type", "application/json")
			type result struct {
				status int
				err    error
			}
			got := make(chan result, 1)
			go func() {
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					got <- result{err: err}
					return
				}
				res.Body.Close()
				got <- result{status: res.StatusCode}
			}()
			pw.Write([]byte(body[:10]))
			time.Sleep(200 * time.Millisecond)
			r.cancel()
			time.Sleep(200 * time.Millisecond)
			select {
			case err := <-r.done:
				t.Fatalf("Run returned %v with a request in flight", err)
			default:
			}
			pw.Write([]byte(body[10:]))
			pw.Close()
			res := <-got
			if res.err != nil || res.status != http.StatusUnauthorized {
				t.Errorf("in-flight request = %d, %v; want 401", res.status, res.err)
			}
			if err := r.stop(t); err != nil {
				t.Errorf("Run returned %v, want nil", err)
			}
		})
	})

	t.Run("OpenEventStreamEndsAtShutdown", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, dbURL string) {
			r := serve(t, env{"DATABASE_URL": dbURL}, "--demo")
			jar, _ := cookiejar.New(nil)
			c := &http.Client{Jar: jar}
			body, _ := json.Marshal(map[string]string{"username": "priya", "password": "PropMatch@Agent1"})
			res, err := c.Post("http://"+r.addr+"/api/login", "application/json", bytes.NewReader(body))
			if err != nil || res.StatusCode != 200 {
				t.Fatalf("login = %v, %v", res, err)
			}
			res.Body.Close()
			stream, err := c.Get("http://" + r.addr + "/api/events")
			if err != nil || stream.StatusCode != 200 {
				t.Fatalf("stream = %v, %v", stream, err)
			}
			ended := make(chan struct{})
			go func() {
				io.Copy(io.Discard, stream.Body)
				close(ended)
			}()
			start := time.Now()
			if err := r.stop(t); err != nil {
				t.Errorf("Run returned %v, want nil", err)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("shutdown with an open stream took %v", d)
			}
			select {
			case <-ended:
			case <-time.After(5 * time.Second):
				t.Error("the stream was still open after shutdown")
			}
		})
	})

	t.Run("SlowClientDoesNotHoldShutdownPastTheDrain", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, dbURL string) {
			const drain = time.Second
			r := serve(t, env{"DATABASE_URL": dbURL, "PROPMATCH_DRAIN_TIMEOUT": drain.String()})
			// Half a request: the headers promise a body that never comes.
			conn, err := net.Dial("tcp", r.addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			fmt.Fprint(conn, "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"user")
			time.Sleep(100 * time.Millisecond)
			start := time.Now()
			if err := r.stop(t); err != nil {
				t.Errorf("Run returned %v with a slow client, want nil (exit 0)", err)
			}
			if d := time.Since(start); d > drain+10*time.Second {
				t.Errorf("shutdown with a slow client took %v; the drain is %v", d, drain)
			}
		})
	})

	t.Run("DevelopmentWarnsWhenOtherMachinesCanReachIt", func(t *testing.T) {
		for _, tc := range []struct {
			name, host string
			warn       bool
		}{
			{"AllInterfaces", "0.0.0.0", true},
			{"Loopback", "127.0.0.1", false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, port, _ := net.SplitHostPort(freeAddr(t))
				e := env{"DATABASE_URL": storetest.URL(t, store.SQLite)}
				ctx, cancel := context.WithCancel(context.Background())
				var stdout, stderr syncBuffer
				done := make(chan error, 1)
				go func() {
					done <- commands.Run(ctx, nil, []string{"serve", "--addr", tc.host + ":" + port}, e.get, &stdout, &stderr)
				}()
				for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
					if res, err := http.Get("http://127.0.0.1:" + port + "/healthz"); err == nil {
						res.Body.Close()
						break
					}
					if time.Since(start) > 30*time.Second {
						t.Fatalf("the server never answered\n%s", stderr.String())
					}
				}
				cancel()
				if err := <-done; err != nil {
					t.Fatal(err)
				}
				out := stderr.String()
				if warned := strings.Contains(out, "WARNING") && strings.Contains(out, "DEVELOPMENT mode"); warned != tc.warn {
					t.Errorf("serve on %s warned: %v, want %v\n%s", tc.host, warned, tc.warn, out)
				}
			})
		}
	})

	t.Run("AddressInUseIsAnError", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		e := env{"DATABASE_URL": storetest.URL(t, store.SQLite)}
		var stdout, stderr bytes.Buffer
		if err := commands.Run(context.Background(), nil, []string{"serve", "--addr", ln.Addr().String()}, e.get, &stdout, &stderr); err == nil {
			t.Error("serve on a taken address returned nil")
		}
	})
}

func TestServeDemo(t *testing.T) {
	t.Run("AddsThreeAccountsOnceAndPrintsTheLogins", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, dbURL string) {
			e := env{"DATABASE_URL": dbURL}
			r := serve(t, e, "--demo")
			out := r.stdout.String()
			for _, want := range []string{"admin", "priya", "rahul", "PropMatch@Admin1", "PropMatch@Agent1", "PropMatch@Agent2"} {
				if !strings.Contains(out, want) {
					t.Errorf("stdout does not show %q:\n%s", want, out)
				}
			}
			status, u := login(t, r.addr, "admin", "PropMatch@Admin1")
			if status != 200 || u["role"] != "admin" {
				t.Errorf("demo admin login = %d %v, want 200 and role admin", status, u)
			}
			status, u = login(t, r.addr, "priya", "PropMatch@Agent1")
			if status != 200 || u["role"] != "agent" {
				t.Errorf("demo agent login = %d %v, want 200 and role agent", status, u)
			}
			if err := r.stop(t); err != nil {
				t.Fatal(err)
			}
			// The three logins and the generated agents of the demo market.
			wantUsers := 3 + demo.DefaultAgents
			if n := countUsers(t, dbURL); n != wantUsers {
				t.Fatalf("after --demo there are %d users, want %d", n, wantUsers)
			}

			r = serve(t, e, "--demo")
			if err := r.stop(t); err != nil {
				t.Fatal(err)
			}
			if n := countUsers(t, dbURL); n != wantUsers {
				t.Errorf("after a second --demo there are %d users, want %d", n, wantUsers)
			}
			if !strings.Contains(r.stdout.String(), "already had users") {
				t.Errorf("second start does not say it added nothing:\n%s", r.stdout)
			}
		})
	})
	t.Run("DemoPurchasesHaveInvoicesAndDevelopmentPaysThroughTheFake", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, dbURL string) {
			r := serve(t, env{"DATABASE_URL": dbURL}, "--demo")
			if !strings.Contains(r.stdout.String(), "Demo purchases added: 7, each with its GST invoice") {
				t.Errorf("stdout does not report the demo purchases:\n%s", r.stdout)
			}
			c := signedIn(t, r.addr, "priya", "PropMatch@Agent1")
			var invoices []map[string]any
			getJSON(t, c, "http://"+r.addr+"/api/billing/invoices", &invoices)
			if len(invoices) != 2 {
				t.Fatalf("priya has %d invoices, want 2 (Professional and a Growth pack)", len(invoices))
			}
			// A purchase through the development server: its fake gateway,
			// at /dev/razorpay, is called by the server itself and sends the
			// webhooks back to it.
			post := func(path string, body any, into any) int {
				b, _ := json.Marshal(body)
				res, err := c.Post("http://"+r.addr+path, "application/json", bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				_ = json.NewDecoder(res.Body).Decode(into)
				return res.StatusCode
			}
			var order map[string]any
			if st := post("/api/billing/orders", map[string]any{"pack": 1}, &order); st != 201 || order["checkoutUrl"] != "/dev/razorpay/checkout.js" {
				t.Fatalf("order = %d %v", st, order)
			}
			var paid map[string]any
			if st := post("/dev/razorpay/checkout/pay", map[string]any{"key": order["keyId"], "order_id": order["orderId"], "outcome": "paid"}, &paid); st != 200 {
				t.Fatalf("fake checkout = %d %v", st, paid)
			}
			deadline := time.Now().Add(10 * time.Second)
			for len(invoices) != 3 && time.Now().Before(deadline) {
				time.Sleep(50 * time.Millisecond)
				getJSON(t, c, "http://"+r.addr+"/api/billing/invoices", &invoices)
			}
			if len(invoices) != 3 {
				t.Fatalf("the fake's webhooks left priya %d invoices, want 3", len(invoices))
			}
			var verified map[string]any
			if st := post("/api/billing/verify", paid, &verified); st != 200 || verified["invoiceId"] != invoices[0]["id"] {
				t.Fatalf("verify after the webhooks = %d %v; want the newest invoice %v", st, verified, invoices[0]["id"])
			}
			if err := r.stop(t); err != nil {
				t.Fatal(err)
			}
		})
	})
	t.Run("PriyaAndRahulSeeMatchesAtOnce", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, dbURL string) {
			r := serve(t, env{"DATABASE_URL": dbURL}, "--demo")
			if !strings.Contains(r.stdout.String(), "Demo market added") {
				t.Errorf("stdout does not report the demo market:\n%s", r.stdout)
			}
			for _, login := range []struct{ user, password string }{{"priya", "PropMatch@Agent1"}, {"rahul", "PropMatch@Agent2"}} {
				c := signedIn(t, r.addr, login.user, login.password)
				var stats map[string]any
				getJSON(t, c, "http://"+r.addr+"/api/dashboard/stats", &stats)
				for _, k := range []string{"properties", "requirements", "buyerMatches", "sellerMatches", "newMatches"} {
					if n, _ := stats[k].(float64); n < 1 {
						t.Errorf("%s's dashboard shows %s = %v, want at least 1 (%v)", login.user, k, stats[k], stats)
					}
				}
				for _, path := range []string{"/api/matches", "/api/marketplace/properties", "/api/marketplace/requirements"} {
					var body any
					getJSON(t, c, "http://"+r.addr+path, &body)
					if !strings.Contains(fmt.Sprint(body), "id:") {
						t.Errorf("%s: %s is empty: %v", login.user, path, body)
					}
				}
			}
		})
	})
	t.Run("IsRefusedInProduction", func(t *testing.T) {
		e := env{"DATABASE_URL": storetest.URL(t, store.SQLite), "PROPMATCH_ENV": "production"}
		var stdout, stderr bytes.Buffer
		err := commands.Run(context.Background(), nil, []string{"serve", "--addr", freeAddr(t), "--demo"}, e.get, &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), "development") {
			t.Errorf("serve --demo in production = %v, want an error about development mode", err)
		}
		if strings.Contains(stdout.String(), "PropMatch@") {
			t.Errorf("production printed demo passwords:\n%s", stdout.String())
		}
	})
}

func TestProductionNeedsProviders(t *testing.T) {
	whatsapp := env{"PROPMATCH_WHATSAPP_TOKEN": "tok", "PROPMATCH_WHATSAPP_PHONE_NUMBER_ID": "123", "PROPMATCH_WHATSAPP_OTP_TEMPLATE": "otp"}
	smtp := env{"PROPMATCH_SMTP_HOST": "smtp.example.com", "PROPMATCH_SMTP_FROM": "PropMatch <no-reply@example.com>"}
	merge := func(es ...env) env {
		out := env{"PROPMATCH_ENV": "production"}
		for _, e := range es {
			for k, v := range e {
				out[k] = v
			}
		}
		return out
	}
	for _, tc := range []struct {
		name string
		env  env
		want []string
	}{
		{"WithoutWhatsAppAndSMTP", merge(), []string{"PROPMATCH_WHATSAPP_TOKEN"}},
		{"WithoutWhatsApp", merge(smtp), []string{"PROPMATCH_WHATSAPP_TOKEN", "PROPMATCH_WHATSAPP_PHONE_NUMBER_ID", "PROPMATCH_WHATSAPP_OTP_TEMPLATE"}},
		{"WithoutSMTP", merge(whatsapp), []string{"PROPMATCH_SMTP_HOST"}},
		{"WithoutPublicURL", merge(whatsapp, smtp), []string{"PROPMATCH_PUBLIC_URL"}},
		{"WithoutRazorpayAndSupplier", merge(whatsapp, smtp, env{"PROPMATCH_PUBLIC_URL": "https://propmatch.example.com"}),
			[]string{"PROPMATCH_RAZORPAY_KEY_ID", "PROPMATCH_RAZORPAY_WEBHOOK_SECRET", "PROPMATCH_SUPPLIER_GSTIN", "PROPMATCH_BILLING=off"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.env["DATABASE_URL"] = storetest.URL(t, store.SQLite)
			var stdout, stderr bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			err := commands.Run(ctx, nil, []string{"serve", "--addr", freeAddr(t)}, tc.env.get, &stdout, &stderr)
			if err == nil {
				t.Fatal("production started without its providers")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %s", err, w)
				}
			}
		})
	}
}

// Production warns at start when its public URL is plain http:// on a host
// other machines reach; https:// and loopback do not.
func TestProductionWarnsOfAPlainHTTPPublicURL(t *testing.T) {
	for _, tc := range []struct {
		url  string
		warn bool
	}{
		{"http://propmatch.example.com", true},
		{"http://203.0.113.7:8080", true},
		{"https://propmatch.example.com", false},
		{"http://localhost:8080", false},
		{"http://127.0.0.1:8080", false},
		{"http://[::1]:8080", false},
	} {
		t.Run(tc.url, func(t *testing.T) {
			r := serve(t, env{"DATABASE_URL": storetest.URL(t, store.SQLite), "PROPMATCH_ENV": "production", "PROPMATCH_PUBLIC_URL": tc.url,
				"PROPMATCH_WHATSAPP_TOKEN": "tok", "PROPMATCH_WHATSAPP_PHONE_NUMBER_ID": "123", "PROPMATCH_WHATSAPP_OTP_TEMPLATE": "otp",
				"PROPMATCH_SMTP_HOST": "smtp.example.com", "PROPMATCH_SMTP_FROM": "PropMatch <no-reply@example.com>", "PROPMATCH_BILLING": "off"})
			if err := r.stop(t); err != nil {
				t.Fatal(err)
			}
			warned := strings.Contains(r.stderr.String(), "!!! WARNING: PROPMATCH_PUBLIC_URL is "+tc.url+", plain HTTP") &&
				strings.Contains(r.stderr.String(), "level=WARN msg=\"PROPMATCH_PUBLIC_URL is plain http://")
			if warned != tc.warn {
				t.Errorf("warned = %v, want %v; stderr:\n%s", warned, tc.warn, r.stderr)
			}
		})
	}
}

func TestBadConfigIsAnError(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  env
		want []string
	}{
		{"UnknownEnvironment", env{"PROPMATCH_ENV": "staging"}, []string{"PROPMATCH_ENV", "staging"}},
		{"SessionIdleNotADuration", env{"PROPMATCH_SESSION_IDLE": "abc"}, []string{"PROPMATCH_SESSION_IDLE", "abc"}},
		{"SessionMaxAgeNegative", env{"PROPMATCH_SESSION_MAX_AGE": "-5h"}, []string{"PROPMATCH_SESSION_MAX_AGE"}},
		{"OTPLimitNotANumber", env{"PROPMATCH_OTP_PER_IP_PER_HOUR": "many"}, []string{"PROPMATCH_OTP_PER_IP_PER_HOUR"}},
		{"AuthRateNotANumber", env{"PROPMATCH_AUTH_RATE_PER_MINUTE": "fast"}, []string{"PROPMATCH_AUTH_RATE_PER_MINUTE"}},
		{"UnknownLogFormat", env{"PROPMATCH_LOG_FORMAT": "xml"}, []string{"PROPMATCH_LOG_FORMAT"}},
		{"UnknownLogLevel", env{"PROPMATCH_LOG_LEVEL": "loud"}, []string{"PROPMATCH_LOG_LEVEL", "loud"}},
		{"EveryBadVariableIsNamed", env{"PROPMATCH_ENV": "staging", "PROPMATCH_SESSION_IDLE": "abc"}, []string{"PROPMATCH_ENV", "PROPMATCH_SESSION_IDLE"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.env["DATABASE_URL"] = storetest.URL(t, store.SQLite)
			for _, cmd := range [][]string{{"serve", "--addr", freeAddr(t)}, {"migrate"}} {
				var stdout, stderr bytes.Buffer
				err := commands.Run(context.Background(), nil, cmd, tc.env.get, &stdout, &stderr)
				if err == nil {
					t.Fatalf("%s started with bad config", cmd[0])
				}
				for _, w := range tc.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("%s: error %q does not name %q", cmd[0], err, w)
					}
				}
			}
		})
	}
}

func TestCommands(t *testing.T) {
	t.Run("NoCommandIsAnErrorWithUsage", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		if err := commands.Run(context.Background(), nil, nil, env{}.get, &stdout, &stderr); err == nil || !strings.Contains(stderr.String(), "Usage") {
			t.Errorf("Run() = %v, stderr %q", err, stderr.String())
		}
	})
	t.Run("UnknownCommandIsAnError", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		if err := commands.Run(context.Background(), nil, []string{"frobnicate"}, env{}.get, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "frobnicate") {
			t.Errorf("Run(frobnicate) = %v", err)
		}
	})
	t.Run("HelpPrintsUsage", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		if err := commands.Run(context.Background(), nil, []string{"help"}, env{}.get, &stdout, &stderr); err != nil || !strings.Contains(stdout.String(), "set-role") {
			t.Errorf("Run(help) = %v, stdout %q", err, stdout.String())
		}
	})
	eachEngine(t, func(t *testing.T, dbURL string) {
		e := env{"DATABASE_URL": dbURL}
		run := func(args ...string) (string, error) {
			var stdout, stderr bytes.Buffer
			err := commands.Run(context.Background(), nil, args, e.get, &stdout, &stderr)
			return stdout.String(), err
		}
		t.Run("MigrateBringsTheSchemaUpToDateTwice", func(t *testing.T) {
			for range 2 {
				out, err := run("migrate")
				if err != nil || !strings.Contains(out, "up to date") {
					t.Fatalf("migrate = %q, %v", out, err)
				}
			}
			if n := countUsers(t, dbURL); n != 0 {
				t.Errorf("fresh database has %d users", n)
			}
		})

		db, err := store.Open(context.Background(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		cfg := auth.DefaultConfig()
		cfg.Argon = auth.Argon2Params{Memory: 1024, Time: 1, Threads: 1}
		svc := auth.New(db, cfg, outbound.DevWhatsApp{Store: &outbound.DBOutbox{DB: db}}, outbound.DevMailer{Store: &outbound.DBOutbox{DB: db}}, slog.New(slog.DiscardHandler))
		u, err := svc.CreateUser(context.Background(), auth.NewUser{Username: "Kiran", Password: "Monsoon-Terrace-42", FullName: "Kiran", Phone: "+919876500099",
			AgentType: "both", State: "Telangana", City: "Hyderabad"})
		if err != nil {
			t.Fatal(err)
		}
		role := func() string {
			got, err := svc.UserByID(context.Background(), u.ID)
			if err != nil {
				t.Fatal(err)
			}
			return got.Role
		}

		for _, tc := range []struct {
			name     string
			args     []string
			wantErr  string
			wantRole string
		}{
			{"SetRoleAdmin", []string{"users", "set-role", "kiran", "admin"}, "", "admin"},
			{"SetRoleAgent", []string{"users", "set-role", "Kiran", "agent"}, "", "agent"},
			{"SetRoleUserMeansAgent", []string{"users", "set-role", "kiran", "user"}, "", "agent"},
			{"RoleIsCaseInsensitive", []string{"users", "set-role", "kiran", "ADMIN"}, "", "admin"},
			{"UnknownUserIsAnError", []string{"users", "set-role", "nobody", "admin"}, "nobody", "admin"},
			{"UnknownRoleIsAnError", []string{"users", "set-role", "kiran", "superuser"}, "agent or admin", "admin"},
			{"MissingArgumentsIsAnError", []string{"users", "set-role", "kiran"}, "set-role USERNAME ROLE", "admin"},
			{"UnknownSubcommandIsAnError", []string{"users", "delete", "kiran", "x"}, `unknown users command "delete"`, "admin"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				out, err := run(tc.args...)
				switch {
				case tc.wantErr == "" && err != nil:
					t.Fatalf("%v = %v", tc.args, err)
				case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
					t.Fatalf("%v = %v, want an error containing %q", tc.args, err, tc.wantErr)
				case tc.wantErr == "" && !strings.Contains(out, "is now "+tc.wantRole):
					t.Errorf("stdout = %q", out)
				}
				if got := role(); got != tc.wantRole {
					t.Errorf("role = %q, want %q", got, tc.wantRole)
				}
			})
		}
		// Each change is in the audit log, by the command line.
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action = 'user.role' AND actor_id IS NULL AND actor_label = 'cli' AND target_id = $1`, u.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 4 {
			t.Errorf("audit rows by the command line = %d, want 4 (one per role change)", n)
		}
	})
}

// signedIn returns a client with a session cookie for username.
func signedIn(t *testing.T, addr, username, password string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	res, err := c.Post("http://"+addr+"/api/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("login %s = %d", username, res.StatusCode)
	}
	return c
}

func getJSON(t *testing.T, c *http.Client, url string, into any) {
	t.Helper()
	res, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("GET %s = %d", url, res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(into); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

func TestDemoCommand(t *testing.T) {
	eachEngine(t, func(t *testing.T, dbURL string) {
		e := env{"DATABASE_URL": dbURL}
		run := func(args ...string) (string, string, error) {
			var stdout, stderr bytes.Buffer
			err := commands.Run(context.Background(), nil, append([]string{"demo"}, args...), e.get, &stdout, &stderr)
			return stdout.String(), stderr.String(), err
		}
		out, _, err := run("--agents", "12", "--properties", "150", "--requirements", "90", "--seed", "3")
		if err != nil {
			t.Fatalf("demo = %v\n%s", err, out)
		}
		for _, want := range []string{"properties 150/150 (100%)", "requirements 90/90 (100%)", "12 agents", "150 properties", "90 requirements", "messages added", "Done in"} {
			if !strings.Contains(out, want) {
				t.Errorf("stdout does not show %q:\n%s", want, out)
			}
		}
		if n := countUsers(t, dbURL); n != 12 {
			t.Errorf("%d users after demo, want 12", n)
		}

		_, _, err = run("--agents", "2", "--properties", "5", "--requirements", "5")
		if err == nil || !strings.Contains(err.Error(), "--append") || !strings.Contains(err.Error(), "150 properties") {
			t.Errorf("demo on a filled database = %v, want a refusal naming --append", err)
		}
		if n := countUsers(t, dbURL); n != 12 {
			t.Errorf("the refused run added users: %d", n)
		}

		out, _, err = run("--agents", "2", "--properties", "5", "--requirements", "5", "--seed", "4", "--append")
		if err != nil || !strings.Contains(out, "5 properties") {
			t.Errorf("demo --append = %v\n%s", err, out)
		}
		if n := countUsers(t, dbURL); n != 14 {
			t.Errorf("%d users after --append, want 14", n)
		}

		if _, _, err := run("--properties", "-1"); err == nil {
			t.Error("a negative count was accepted")
		}
		if _, stderr, err := run("--bogus"); err == nil || !strings.Contains(stderr, "bogus") {
			t.Errorf("an unknown flag = %v, %q", err, stderr)
		}
	})
	t.Run("IsRefusedInProduction", func(t *testing.T) {
		e := env{"DATABASE_URL": storetest.URL(t, store.SQLite), "PROPMATCH_ENV": "production"}
		var stdout, stderr bytes.Buffer
		if err := commands.Run(context.Background(), nil, []string{"demo"}, e.get, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "development") {
			t.Errorf("demo in production = %v", err)
		}
	})
	t.Run("HelpShowsIt", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		commands.Run(context.Background(), nil, []string{"help"}, env{}.get, &stdout, &stderr)
		if !strings.Contains(stdout.String(), "propmatch demo [--agents N]") {
			t.Errorf("usage does not show the demo command:\n%s", stdout.String())
		}
	})
}
