package backups

import (
	"fmt"
	"strings"
	"time"

	"github.com/adhocore/gronx"
)

// DefaultSchedule is daily at 02:00 server time.
const DefaultSchedule = "0 2 * * *"

// Schedule is a parsed cron expression in the server's time zone.
type Schedule struct {
	expr string
	loc  *time.Location
}

// ParseSchedule checks expr, a five-field cron expression ("minute hour
// day-of-month month day-of-week", e.g. "0 2 * * *") or one of the tags
// @hourly, @daily, @weekly, @monthly; its times are loc's (the server's).
func ParseSchedule(expr string, loc *time.Location) (Schedule, error) {
	expr = strings.Join(strings.Fields(expr), " ")
	fields := strings.Fields(expr)
	tag := strings.HasPrefix(expr, "@")
	if !tag && len(fields) == 5 {
		if err := checkCronFields(fields); err != nil {
			return Schedule{}, fmt.Errorf("PROPMATCH_BACKUP_SCHEDULE %q: %w", expr, err)
		}
	}
	if (!tag && len(fields) != 5) || (tag && len(fields) != 1) || !gronx.IsValid(expr) {
		return Schedule{}, fmt.Errorf("PROPMATCH_BACKUP_SCHEDULE must be a cron expression of five fields (minute hour day-of-month month day-of-week), such as %q for 02:00 daily, got %q", DefaultSchedule, expr)
	}
	if _, err := gronx.NextTickAfter(expr, time.Now().In(loc), false); err != nil {
		return Schedule{}, fmt.Errorf("PROPMATCH_BACKUP_SCHEDULE %q never fires: no date has that day in that month (such as 31 February), so no backup would ever be taken", expr)
	}
	return Schedule{expr: expr, loc: loc}, nil
}

// String returns the expression.
func (s Schedule) String() string { return s.expr }

// Next returns the first scheduled time after t, in the schedule's zone.
func (s Schedule) Next(t time.Time) (time.Time, error) {
	return gronx.NextTickAfter(s.expr, t.In(s.loc).Truncate(time.Minute), false)
}

// slotKey names a scheduled time for the backups table's unique slot: the
// same for every instance whatever its zone.
func slotKey(t time.Time) string { return t.UTC().Format("2006-01-02T15:04Z") }
