package rera_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/rera"
	"propmatch/internal/platform/settings"
)

var ctx = context.Background()

// pdf is a one-page certificate PDF.
var pdf = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
	"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\nxref\n0 4\n0000000000 65535 f \n" +
	"trailer << /Size 4 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n")

// outbox records what the reminders sent.
type outbox struct {
	mu     sync.Mutex
	emails []outbound.Email
	wa     []string
	fail   atomic.Bool
}

func (o *outbox) SendEmail(_ context.Context, m outbound.Email) error {
	if o.fail.Load() {
		return errors.New("smtp down")
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.emails = append(o.emails, m)
	return nil
}

func (o *outbox) SendTemplate(_ context.Context, phone, name string, params []string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.wa = append(o.wa, phone+" "+name+" "+strings.Join(params, " | "))
	return nil
}

func (o *outbox) counts() (int, int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.emails), len(o.wa)
}

// env is a service on a database with a movable clock and a queue.
type env struct {
	db    *store.DB
	svc   *rera.Service
	queue *jobs.Queue
	out   *outbox
	clock *time.Time
	admin int64
}

func newEnv(t *testing.T, db *store.DB) *env {
	clock := time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return clock }
	out := &outbox{}
	svc := rera.NewService(db, out, out, rera.Config{BaseURL: "https://pm.example", Template: "propmatch_network_update"}, nil)
	q := jobs.NewQueue(db, jobs.Config{})
	q.Add(svc.Jobs()...)
	admin := storetest.AddUser(t, db, "admin", "+919800000001")
	if _, err := db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, admin); err != nil {
		t.Fatal(err)
	}
	return &env{db: db, svc: svc, queue: q, out: out, clock: &clock, admin: admin}
}

// agent adds an agent with a verified email and phone.
func (e *env) agent(t *testing.T, name string, n int) int64 {
	id := storetest.AddUser(t, e.db, name, fmt.Sprintf("+9198450%05d", n))
	if _, err := e.db.Exec(`UPDATE users SET email = $1, email_verified_at = $2, is_phone_verified = TRUE WHERE id = $3`,
		name+"@example.com", e.db.Time(), id); err != nil {
		t.Fatal(err)
	}
	return id
}

func (e *env) submit(t *testing.T, user int64, number, state, until string) rera.Mine {
	t.Helper()
	m, err := e.svc.Submit(ctx, user, rera.Submission{Number: number, State: state, ValidUntil: until, Certificate: pdf})
	if err != nil {
		t.Fatalf("submit: %v", err)
	}
	return m
}

func (e *env) badge(t *testing.T, user int64) bool {
	t.Helper()
	var v bool
	if err := e.db.QueryRow(`SELECT is_rera_verified FROM users WHERE id = $1`, user).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func (e *env) run(t *testing.T) {
	t.Helper()
	if err := e.queue.RunPending(ctx); err != nil {
		t.Fatal(err)
	}
}

func fieldsOf(err error) map[string]string {
	out := map[string]string{}
	var ae *apperr.Error
	if errors.As(err, &ae) {
		for _, f := range ae.Fields {
			out[f.Path] = f.Message
		}
	}
	return out
}

func TestSubmitChecksEachField(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a := e.agent(t, "asha", 1)
		_, err := e.svc.Submit(ctx, a, rera.Submission{Number: "P51700001835", State: "Maharashtra", ValidUntil: "2026-11-28", Certificate: []byte("<html>")})
		f := fieldsOf(err)
		if apperr.CodeOf(err) != apperr.Invalid || !strings.Contains(f["number"], "MahaRERA") || f["validUntil"] == "" || f["certificate"] == "" {
			t.Fatalf("err = %v, fields %v", err, f)
		}
		_, err = e.svc.Submit(ctx, a, rera.Submission{Number: "X", State: "Atlantis", ValidUntil: "31/03/2029"})
		if f := fieldsOf(err); f["state"] == "" || f["validUntil"] == "" || f["certificate"] == "" {
			t.Fatalf("fields %v", f)
		}
		_, err = e.svc.Submit(ctx, a, rera.Submission{Number: "X1", State: "Kerala", ValidUntil: "2040-01-01", Certificate: pdf})
		if f := fieldsOf(err); !strings.Contains(f["validUntil"], "10 years") {
			t.Fatalf("fields %v", f)
		}
		if m, _ := e.svc.Mine(ctx, a); m.Latest != nil || m.Verified {
			t.Fatalf("a refused submission was kept: %+v", m)
		}
	})
}

func TestSubmitApproveRejectAndTheBadge(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a := e.agent(t, "asha", 1)
		m := e.submit(t, a, " a51700001835 ", "maharashtra", "2029-03-31")
		if m.Verified || m.Latest == nil || m.Latest.Status != rera.Pending || m.Latest.Number != "A51700001835" || m.Latest.State != "Maharashtra" {
			t.Fatalf("after submit: %+v", m.Latest)
		}
		q, err := e.svc.Queue(ctx, "")
		if err != nil || len(q) != 1 || q[0].AgentID != a || q[0].Username != "asha" || q[0].State != "Maharashtra" ||
			!strings.HasPrefix(q[0].SearchURL, "https://maharera") || q[0].CertificateURL != rera.CertificateURL(q[0].ID) {
			t.Fatalf("queue = %+v, %v", q, err)
		}
		if _, err := e.svc.Reject(ctx, e.admin, q[0].ID, "  "); apperr.CodeOf(err) != apperr.Invalid || fieldsOf(err)["reason"] == "" {
			t.Fatalf("reject without a reason: %v", err)
		}
		it, err := e.svc.Approve(ctx, e.admin, q[0].ID)
		if err != nil || it.Status != rera.Approved || it.ReviewedAt == nil {
			t.Fatalf("approve: %+v %v", it, err)
		}
		if !e.badge(t, a) {
			t.Fatal("no badge after approval")
		}
		m, _ = e.svc.Mine(ctx, a)
		if !m.Verified || m.ValidUntil == nil || *m.ValidUntil != "2029-03-31" || rera.ValidText(*m.ValidUntil) != "31 Mar 2029" {
			t.Fatalf("mine = %+v", m)
		}
		var rn string
		if err := db.QueryRow(`SELECT rera_number FROM users WHERE id = $1`, a).Scan(&rn); err != nil || rn != m.Approved.Number {
			t.Fatalf("users.rera_number = %q, %v", rn, err)
		}
		// Reviewed once: a second decision is a conflict.
		if _, err := e.svc.Reject(ctx, e.admin, q[0].ID, "late"); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("reject after approve: %v", err)
		}
		if _, err := e.svc.Approve(ctx, e.admin, 999999); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("approve unknown: %v", err)
		}
		// Audited.
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action = 'rera.approve' AND target_id = $1 AND actor_id = $2`, q[0].ID, e.admin).Scan(&n); err != nil || n != 1 {
			t.Fatalf("audit rows %d, %v", n, err)
		}

		// A rejected submission carries its reason to the agent.
		b := e.agent(t, "bala", 2)
		e.submit(t, b, "PRM/KA/RERA/1251/309/AG/171324/000075", "Karnataka", "2028-01-15")
		q, _ = e.svc.Queue(ctx, rera.Pending)
		if len(q) != 1 {
			t.Fatalf("queue = %+v", q)
		}
		if _, err := e.svc.Reject(ctx, e.admin, q[0].ID, "The certificate is for another agent"); err != nil {
			t.Fatal(err)
		}
		mb, _ := e.svc.Mine(ctx, b)
		if mb.Verified || mb.Latest.Status != rera.Rejected || mb.Latest.Reason != "The certificate is for another agent" {
			t.Fatalf("after reject: %+v", mb.Latest)
		}
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action = 'rera.reject'`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("reject audit rows %d", n)
		}
		if all, _ := e.svc.Queue(ctx, "all"); len(all) != 2 {
			t.Fatalf("all = %d", len(all))
		}
		if _, err := e.svc.Queue(ctx, "bogus"); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("bogus status: %v", err)
		}
	})
}

func approveLatest(t *testing.T, e *env, user int64) int64 {
	t.Helper()
	m, err := e.svc.Mine(ctx, user)
	if err != nil || m.Latest == nil {
		t.Fatalf("mine: %+v %v", m, err)
	}
	if _, err := e.svc.Approve(ctx, e.admin, m.Latest.ID); err != nil {
		t.Fatal(err)
	}
	return m.Latest.ID
}

func TestChangingTheNumberOrStateRemovesTheBadgeARenewalKeepsIt(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a := e.agent(t, "asha", 1)
		e.submit(t, a, "A51700001835", "Maharashtra", "2027-03-31")
		first := approveLatest(t, e, a)
		// A renewal (same number and state): the badge stays while it waits.
		e.submit(t, a, "A51700001835", "Maharashtra", "2032-03-31")
		if !e.badge(t, a) {
			t.Fatal("a renewal removed the badge")
		}
		second := approveLatest(t, e, a)
		m, _ := e.svc.Mine(ctx, a)
		if *m.ValidUntil != "2032-03-31" || m.Approved.ID != second {
			t.Fatalf("after renewal: %+v", m)
		}
		var status string
		_ = db.QueryRow(`SELECT status FROM rera_registrations WHERE id = $1`, first).Scan(&status)
		if status != rera.Superseded {
			t.Fatalf("first registration %s, want superseded", status)
		}
		// Another number: the badge goes at once, until approved.
		e.submit(t, a, "A51900021334", "Maharashtra", "2031-01-01")
		if e.badge(t, a) {
			t.Fatal("a new number kept the badge")
		}
		if m, _ := e.svc.Mine(ctx, a); m.Verified || m.ValidUntil != nil || m.Approved != nil {
			t.Fatalf("mine after new number: %+v", m)
		}
		third := approveLatest(t, e, a)
		if !e.badge(t, a) {
			t.Fatal("no badge after approving the new number")
		}
		// Another state, same number: the badge goes too.
		e.submit(t, a, "A51900021334", "Goa", "2031-01-01")
		if e.badge(t, a) {
			t.Fatal("a new state kept the badge")
		}
		_ = db.QueryRow(`SELECT status FROM rera_registrations WHERE id = $1`, third).Scan(&status)
		if status != rera.Superseded {
			t.Fatalf("third %s", status)
		}
		// The superseded registration's lapse job does nothing later on.
		*e.clock = time.Date(2031, 2, 1, 0, 0, 0, 0, time.UTC)
		e.run(t)
	})
}

func TestTheBadgeLapsesAtExpiryByTheQueuedJob(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a := e.agent(t, "asha", 1)
		e.submit(t, a, "A51700001835", "Maharashtra", "2027-03-31")
		id := approveLatest(t, e, a)
		// The last valid day, late evening in India: still valid.
		*e.clock = time.Date(2027, 3, 31, 23, 59, 0, 0, india.Zone)
		e.run(t)
		if !e.badge(t, a) {
			t.Fatal("lapsed on its last valid day")
		}
		*e.clock = time.Date(2027, 4, 1, 0, 0, 1, 0, india.Zone)
		e.run(t)
		if e.badge(t, a) {
			t.Fatal("badge kept after expiry")
		}
		var status string
		if err := db.QueryRow(`SELECT status FROM rera_registrations WHERE id = $1`, id).Scan(&status); err != nil || status != rera.Lapsed {
			t.Fatalf("status %s %v", status, err)
		}
		if m, _ := e.svc.Mine(ctx, a); m.Verified || m.ValidUntil != nil {
			t.Fatalf("mine after lapse: %+v", m)
		}
		// Done once: nothing is left in the queue, and a sweep finds nothing.
		var open int
		_ = db.QueryRow(`SELECT COUNT(*) FROM jobs WHERE kind = $1 AND state IN ('pending', 'running')`, rera.LapseJob).Scan(&open)
		if n, err := e.svc.LapseDue(ctx); err != nil || n != 0 || open != 0 {
			t.Fatalf("after the job: sweep %d %v, open jobs %d", n, err, open)
		}
		// An expired registration cannot be approved.
		b := e.agent(t, "bala", 2)
		*e.clock = time.Date(2027, 4, 1, 12, 0, 0, 0, time.UTC)
		e.submit(t, b, "UPRERAAGT10202", "Uttar Pradesh", "2027-04-02")
		*e.clock = time.Date(2027, 4, 3, 12, 0, 0, 0, time.UTC)
		m, _ := e.svc.Mine(ctx, b)
		if _, err := e.svc.Approve(ctx, e.admin, m.Latest.ID); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("approving an expired registration: %v", err)
		}
	})
}

func TestRemindersGoOnceAt30And7DaysAsSettingsAllow(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a := e.agent(t, "asha", 1)
		e.submit(t, a, "A51700001835", "Maharashtra", "2027-03-31")
		approveLatest(t, e, a)
		// WhatsApp is opt-in: turn it on for updates.
		st := settings.Defaults()
		st.Notifications.Updates.WhatsApp = true
		if err := settings.Save(ctx, db, db.Time(), a, st); err != nil {
			t.Fatal(err)
		}
		at := func(y int, m time.Month, d, h int) { *e.clock = time.Date(y, m, d, h, 0, 0, 0, india.Zone) }
		at(2027, 2, 28, 12) // 31 days before expiry
		e.run(t)
		if em, wa := e.out.counts(); em != 0 || wa != 0 {
			t.Fatalf("early: %d emails, %d WhatsApp", em, wa)
		}
		at(2027, 3, 2, 10) // 30 days before (expiry is 1 Apr 00:00)
		e.run(t)
		e.run(t)
		if em, wa := e.out.counts(); em != 1 || wa != 1 {
			t.Fatalf("30 days: %d emails, %d WhatsApp", em, wa)
		}
		e.out.mu.Lock()
		mail := e.out.emails[0]
		e.out.mu.Unlock()
		if !strings.Contains(mail.Subject, "31 Mar 2027") || !strings.Contains(mail.Text, "A51700001835") || mail.To != "asha@example.com" {
			t.Fatalf("email %q: %s", mail.Subject, mail.Text)
		}
		// The 7-day reminder, with email turned off: WhatsApp only.
		st.Notifications.Updates.Email = false
		if err := settings.Save(ctx, db, db.Time(), a, st); err != nil {
			t.Fatal(err)
		}
		at(2027, 3, 25, 10)
		e.run(t)
		if em, wa := e.out.counts(); em != 1 || wa != 2 {
			t.Fatalf("7 days: %d emails, %d WhatsApp", em, wa)
		}
		// Once: calling again (as a second instance would) sends nothing.
		for _, d := range rera.ReminderDays {
			if sent, err := e.svc.Remind(ctx, 1, d); err != nil || sent {
				t.Fatalf("remind again %d: %v %v", d, sent, err)
			}
		}

		// Updates switched off: no reminder at all, and none later either.
		b := e.agent(t, "bala", 2)
		off := settings.Defaults()
		off.Notifications.Updates.On = false
		if err := settings.Save(ctx, db, db.Time(), b, off); err != nil {
			t.Fatal(err)
		}
		e.submit(t, b, "UPRERAAGT10202", "Uttar Pradesh", "2027-06-30")
		approveLatest(t, e, b)
		at(2027, 6, 1, 10)
		e.run(t)
		at(2027, 6, 24, 10)
		e.run(t)
		if em, wa := e.out.counts(); em != 1 || wa != 2 {
			t.Fatalf("with updates off: %d emails, %d WhatsApp", em, wa)
		}
	})
}

func TestAReminderRaceSendsOnceAndAFailedSendIsRetried(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a := e.agent(t, "asha", 1)
		e.submit(t, a, "A51700001835", "Maharashtra", "2027-03-31")
		id := approveLatest(t, e, a)
		*e.clock = time.Date(2027, 3, 5, 10, 0, 0, 0, india.Zone)
		// A failed send gives the reminder back.
		e.out.fail.Store(true)
		if sent, err := e.svc.Remind(ctx, id, 30); err == nil || sent {
			t.Fatalf("failing send: %v %v", sent, err)
		}
		e.out.fail.Store(false)
		var sent atomic.Int32
		var wg sync.WaitGroup
		for range 100 {
			wg.Go(func() {
				ok, err := e.svc.Remind(ctx, id, 30)
				if err != nil && !store.IsUnavailable(err) {
					t.Error(err)
				}
				if ok {
					sent.Add(1)
				}
			})
		}
		wg.Wait()
		if em, _ := e.out.counts(); sent.Load() != 1 || em != 1 {
			t.Fatalf("100 racing reminders: %d sent, %d emails", sent.Load(), em)
		}
	})
}

func TestApproveAndRejectRacesLeaveOneOutcome(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a := e.agent(t, "asha", 1)
		e.submit(t, a, "A51700001835", "Maharashtra", "2029-03-31")
		m, _ := e.svc.Mine(ctx, a)
		var ok, conflicts atomic.Int32
		var wg sync.WaitGroup
		for i := range 100 {
			wg.Go(func() {
				var err error
				if i%2 == 0 {
					_, err = e.svc.Approve(ctx, e.admin, m.Latest.ID)
				} else {
					_, err = e.svc.Reject(ctx, e.admin, m.Latest.ID, "Not legible")
				}
				switch apperr.CodeOf(err) {
				case "":
					ok.Add(1)
				case apperr.Conflict:
					conflicts.Add(1)
				default:
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if ok.Load() != 1 || conflicts.Load() != 99 {
			t.Fatalf("%d decisions, %d conflicts", ok.Load(), conflicts.Load())
		}
		var status string
		var audits int
		_ = db.QueryRow(`SELECT status FROM rera_registrations WHERE id = $1`, m.Latest.ID).Scan(&status)
		_ = db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE target_type = 'rera_registration'`).Scan(&audits)
		if audits != 1 || (status == rera.Approved) != e.badge(t, a) {
			t.Fatalf("status %s, badge %v, %d audit rows", status, e.badge(t, a), audits)
		}
	})
}

func TestConcurrentSubmissionsLeaveOnePending(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a := e.agent(t, "asha", 1)
		var wg sync.WaitGroup
		for i := range 100 {
			wg.Go(func() {
				_, err := e.svc.Submit(ctx, a, rera.Submission{Number: fmt.Sprintf("UPRERAAGT%05d", 10000+i), State: "Uttar Pradesh",
					ValidUntil: "2030-01-01", Certificate: pdf})
				if err != nil && !store.IsUnavailable(err) {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		var pending, total int
		_ = db.QueryRow(`SELECT COUNT(*) FROM rera_registrations WHERE user_id = $1 AND status = 'pending'`, a).Scan(&pending)
		_ = db.QueryRow(`SELECT COUNT(*) FROM rera_registrations WHERE user_id = $1`, a).Scan(&total)
		if pending != 1 || total != 1 {
			t.Fatalf("%d pending of %d", pending, total)
		}
	})
}

func TestOnlyTheAgentAndAdminsReadACertificate(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a := e.agent(t, "asha", 1)
		other := e.agent(t, "bala", 2)
		m := e.submit(t, a, "A51700001835", "Maharashtra", "2029-03-31")
		c, err := e.svc.Certificate(ctx, a, false, m.Latest.ID)
		if err != nil || string(c.Data) != string(pdf) || c.ContentType != "application/pdf" || !strings.HasSuffix(c.Filename, ".pdf") {
			t.Fatalf("owner: %v %q", err, c.ContentType)
		}
		if _, err := e.svc.Certificate(ctx, e.admin, true, m.Latest.ID); err != nil {
			t.Fatalf("admin: %v", err)
		}
		if _, err := e.svc.Certificate(ctx, other, false, m.Latest.ID); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("another agent: %v", err)
		}
		if _, err := e.svc.Certificate(ctx, a, false, m.Latest.ID+100); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("no such: %v", err)
		}
	})
}
