package auth

import (
	"fmt"
	"sync"
	"testing"

	"propmatch/internal/kit/apperr"
)

// concurrently runs fn 100 times at once and returns how often each error
// code came back.
func concurrently(fn func(i int) error) map[apperr.Code]int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	answers := map[apperr.Code]int{}
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := fn(i)
			mu.Lock()
			answers[apperr.CodeOf(err)]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return answers
}

// TestCodeTriesHoldUnder100ConcurrentGuesses: a try is taken with a
// conditional UPDATE … RETURNING before the code is compared, so at most 5
// of 100 concurrent wrong codes are compared, and the code is dead after.
func TestCodeTriesHoldUnder100ConcurrentGuesses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		send  func(e *env) string
		guess func(e *env, code string) error
		tries string
	}{
		{"OTP",
			func(e *env) string { e.svc.SendOTP(e.ctx, phoneA, e.cli); return e.otp.last(phoneA) },
			func(e *env, code string) error { _, err := e.svc.VerifyOTP(e.ctx, phoneA, code); return err },
			`SELECT attempts FROM otp_verifications`},
		{"ResetCode",
			func(e *env) string { e.register("asha", phoneA); return e.resetCode("asha@example.in") },
			func(e *env, code string) error { return e.svc.VerifyResetCode(e.ctx, "asha@example.in", code) },
			`SELECT attempts FROM password_reset_codes`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			each(t, func(t *testing.T, e *env) {
				code := tc.send(e)
				answers := concurrently(func(int) error { return tc.guess(e, wrong(code)) })
				var compared int
				if err := e.db.QueryRow(tc.tries).Scan(&compared); err != nil {
					t.Fatal(err)
				}
				t.Logf("%d of 100 concurrent wrong codes compared (limit 5); answers %v", compared, answers)
				if compared > 5 {
					t.Fatalf("%d wrong codes compared, want at most 5", compared)
				}
				if err := tc.guess(e, code); err == nil {
					t.Fatal("the right code still works after its tries were spent")
				}
			})
		})
	}
}

// TestOTPSendLimitsHoldUnder100ConcurrentRequests: the resend gap per phone
// and the hourly limit per address hold when 100 requests arrive at once.
func TestOTPSendLimitsHoldUnder100ConcurrentRequests(t *testing.T) {
	for _, tc := range []struct {
		name  string
		phone func(i int) string
		want  int
	}{
		{"OnePhone", func(int) string { return phoneA }, 1},
		{"OneAddress", func(i int) string { return fmt.Sprintf("+9198765%05d", 10000+i) }, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			each(t, func(t *testing.T, e *env) {
				answers := concurrently(func(i int) error { _, err := e.svc.SendOTP(e.ctx, tc.phone(i), e.cli); return err })
				var sent int
				e.db.QueryRow(`SELECT COUNT(*) FROM otp_verifications`).Scan(&sent)
				t.Logf("%d of 100 concurrent sends went out (limit %d); answers %v", sent, tc.want, answers)
				if sent != tc.want || answers[""] != tc.want || answers[apperr.TooManyRequests] != 100-tc.want {
					t.Fatalf("%d codes sent, want %d; answers %v", sent, tc.want, answers)
				}
			})
		})
	}
}
