package apperr

import (
	"fmt"
	"time"
)

// Wait says how long d is in words a person reads at a glance: "45
// seconds", "3 hours 5 minutes", "6 days 4 hours". It rounds up, to the
// second under a minute and to the minute above.
func Wait(d time.Duration) string {
	if d < time.Minute {
		return plural(max(int((d+time.Second-1)/time.Second), 1), "second")
	}
	mins := int((d + time.Minute - 1) / time.Minute)
	days, hours, mins := mins/(24*60), mins/60%24, mins%60
	switch {
	case days > 0 && hours > 0:
		return plural(days, "day") + " " + plural(hours, "hour")
	case days > 0:
		return plural(days, "day")
	case hours > 0 && mins > 0:
		return plural(hours, "hour") + " " + plural(mins, "minute")
	case hours > 0:
		return plural(hours, "hour")
	default:
		return plural(mins, "minute")
	}
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}
