package rera

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/settings"
)

// The job kinds: a reminder before expiry, and the lapse at expiry. Each is
// queued with the approval, delayed to its time, and the queue runs it once
// across instances; each checks the registration again when it runs (still
// approved, not reminded yet, expired), so a late or repeated run changes
// nothing.
const (
	ReminderJob = "rera_reminder"
	LapseJob    = "rera_lapse"
)

// ReminderDays are how many days before expiry the agent is reminded.
var ReminderDays = []int{30, 7}

// reminderHour is the hour (India's time) reminders go out.
const reminderHour = 9

type jobPayload struct {
	ID   int64 `json:"id"`
	Days int   `json:"days,omitempty"`
}

func jobKey(id int64) string { return "rera:" + strconv.FormatInt(id, 10) }

// dayStart is midnight in India on date (YYYY-MM-DD).
func dayStart(date string) time.Time {
	d, _ := time.ParseInLocation(dateLayout, date, india.Zone)
	return d
}

// ExpiresAt is when a registration valid until validUntil lapses: the
// start of the next day in India.
func ExpiresAt(validUntil string) time.Time { return dayStart(validUntil).AddDate(0, 0, 1) }

// reminderAt is when the reminder days before validUntil's expiry goes.
func reminderAt(validUntil string, days int) time.Time {
	return ExpiresAt(validUntil).AddDate(0, 0, -days).Add(reminderHour * time.Hour)
}

// schedule queues registration id's reminders and lapse, in tx.
func (s *Service) schedule(ctx context.Context, tx *sql.Tx, now time.Time, id int64, validUntil string) error {
	key := jobKey(id)
	for _, days := range ReminderDays {
		if _, err := jobs.Enqueue(ctx, tx, now, jobs.New{Kind: ReminderJob, Key: key, Payload: jobPayload{ID: id, Days: days},
			Delay: reminderAt(validUntil, days).Sub(now)}); err != nil {
			return apperr.Wrap(err, "queue reminder")
		}
	}
	_, err := jobs.Enqueue(ctx, tx, now, jobs.New{Kind: LapseJob, Key: key, Payload: jobPayload{ID: id}, Delay: ExpiresAt(validUntil).Sub(now)})
	return apperr.Wrap(err, "queue lapse")
}

// Jobs lists the reminder and lapse jobs, for the queue.
func (s *Service) Jobs() []jobs.Kind {
	return []jobs.Kind{
		{Name: ReminderJob, Prepare: s.prepareReminder},
		{Name: LapseJob, Run: s.runLapse},
	}
}

func done(context.Context, *sql.Tx, jobs.Job) (func(context.Context), error) { return nil, nil }

func (s *Service) prepareReminder(ctx context.Context, j jobs.Job) (jobs.Handler, error) {
	var p jobPayload
	if err := j.Decode(&p); err != nil {
		return nil, err
	}
	_, err := s.Remind(ctx, p.ID, p.Days)
	return done, err
}

func (s *Service) runLapse(ctx context.Context, tx *sql.Tx, j jobs.Job) (func(context.Context), error) {
	var p jobPayload
	if err := j.Decode(&p); err != nil {
		return nil, err
	}
	_, err := lapse(ctx, tx, s.db.Time(), p.ID)
	return nil, err
}

// lapse lapses registration id in tx when it is approved and its last day
// has passed, and removes its agent's badge. It reports whether it did.
func lapse(ctx context.Context, tx *sql.Tx, now time.Time, id int64) (bool, error) {
	var userID int64
	err := tx.QueryRowContext(ctx, `UPDATE rera_registrations SET status = 'lapsed', lapsed_at = $1
		WHERE id = $2 AND status = 'approved' AND valid_until < $3 RETURNING user_id`, now, id, Today(now)).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Wrap(err, "lapse registration")
	}
	_, err = tx.ExecContext(ctx, `UPDATE users SET is_rera_verified = FALSE, updated_at = $1 WHERE id = $2`, now, userID)
	return true, apperr.Wrap(err, "remove badge")
}

// LapseDue lapses every approved registration whose last day has passed
// (the jobs do it one by one; this is for the command line and tests) and
// returns how many.
func (s *Service) LapseDue(ctx context.Context) (int, error) {
	now := s.db.Time()
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM rera_registrations WHERE status = 'approved' AND valid_until < $1`, Today(now))
	if err != nil {
		return 0, apperr.Wrap(err, "due registrations")
	}
	ids, err := store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
	if err != nil {
		return 0, apperr.Wrap(err, "due registrations")
	}
	n := 0
	for _, id := range ids {
		err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
			ok, err := lapse(ctx, tx, now, id)
			if ok {
				n++
			}
			return err
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// remindedColumn is the column that records the reminder days before expiry.
func remindedColumn(days int) (string, bool) {
	switch days {
	case 30:
		return "reminded_30_at", true
	case 7:
		return "reminded_7_at", true
	}
	return "", false
}

// Remind sends registration id's reminder days before expiry, by email and
// WhatsApp as its agent's settings for account updates allow, and reports
// whether it went. It goes once: the reminder is claimed in the database
// first (a conditional update only one caller wins), and given back when
// sending fails, for the job's retry. It is skipped when the registration
// is no longer approved, has expired, or (the 30-day one) when the 7-day
// one is due already.
func (s *Service) Remind(ctx context.Context, id int64, days int) (bool, error) {
	col, ok := remindedColumn(days)
	if !ok {
		return false, fmt.Errorf("rera: no reminder %d days before expiry", days)
	}
	now := s.db.Time()
	var userID int64
	var number, state, validUntil string
	err := s.db.QueryRowContext(ctx, `SELECT user_id, number, state, valid_until FROM rera_registrations
		WHERE id = $1 AND status = 'approved' AND `+col+` IS NULL`, id).Scan(&userID, &number, &state, &validUntil)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !now.Before(ExpiresAt(validUntil)) || now.Before(reminderAt(validUntil, days)) {
		return false, nil
	}
	if days > ReminderDays[len(ReminderDays)-1] && !now.Before(reminderAt(validUntil, ReminderDays[len(ReminderDays)-1])) {
		return false, nil
	}
	var claimed bool
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE rera_registrations SET `+col+` = $1 WHERE id = $2 AND status = 'approved' AND `+col+` IS NULL`, now, id)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		claimed = n == 1
		return err
	})
	if err != nil || !claimed {
		return false, err
	}
	if err := s.sendReminder(ctx, userID, number, state, validUntil, days); err != nil {
		if uerr := s.db.WithTx(context.WithoutCancel(ctx), func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE rera_registrations SET `+col+` = NULL WHERE id = $1`, id)
			return err
		}); uerr != nil {
			s.log.Warn("rera: give back reminder", "id", id, "err", uerr)
		}
		return false, err
	}
	return true, nil
}

// ValidText is a validity date in words: "31 Mar 2029".
func ValidText(validUntil string) string { return dayStart(validUntil).Format("2 Jan 2006") }

func (s *Service) sendReminder(ctx context.Context, userID int64, number, state, validUntil string, days int) error {
	var name, phone string
	var email, verifiedAt sql.NullString
	var phoneVerified, active bool
	if err := s.db.QueryRowContext(ctx, `SELECT full_name, phone, email, CAST(email_verified_at AS TEXT), is_phone_verified, is_active
		FROM users WHERE id = $1`, userID).Scan(&name, &phone, &email, &verifiedAt, &phoneVerified, &active); err != nil {
		return err
	}
	st, err := settings.Get(ctx, s.db, userID)
	if err != nil {
		return err
	}
	sw := st.Notifications.Of(settings.Updates)
	if !active || !sw.On {
		return nil
	}
	first := ""
	if f := strings.Fields(name); len(f) > 0 {
		first = f[0]
	}
	when := ValidText(validUntil)
	intro := fmt.Sprintf("Your %s registration %s is valid until %s, %d days from now. Renew it with %s and submit the new certificate on your profile to keep your RERA verified badge.",
		authority(state), number, when, days, authority(state))
	link := s.cfg.BaseURL + "/profile"
	if sw.Email && email.Valid && verifiedAt.Valid && s.mail != nil {
		n := outbound.Notice{Name: first, Subject: fmt.Sprintf("Your RERA registration expires on %s", when), Intro: intro,
			Lines:     []outbound.NoticeLine{{Title: number, Detail: authority(state) + " · valid until " + when}},
			ActionURL: link, ActionLabel: "Update your RERA registration", Why: "Property Updates by email", About: "your account and network"}
		if s.cfg.Unsubscribe != nil {
			n.Unsubscribe = s.cfg.Unsubscribe(userID, settings.Updates)
		}
		msg, err := outbound.NoticeEmail(email.String, n)
		if err != nil {
			return err
		}
		if err := s.mail.SendEmail(ctx, msg); err != nil {
			return fmt.Errorf("rera: reminder email: %w", err)
		}
	}
	if sw.WhatsApp && phoneVerified && s.wa != nil && s.cfg.Template != "" {
		if err := s.wa.SendTemplate(ctx, phone, s.cfg.Template, []string{first, intro, link}); err != nil {
			return fmt.Errorf("rera: reminder whatsapp: %w", err)
		}
	}
	return nil
}
