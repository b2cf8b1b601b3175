package audit

import (
	"strconv"
	"strings"
)

// actionWords are the audit log's words for its actions: the one list, which
// the audit log and the security dashboard's admin actions both show.
var actionWords = map[string]string{
	"user.role":            "Changed role",
	"user.update":          "Edited user",
	"user.deactivate":      "Deactivated user",
	"user.reactivate":      "Reactivated user",
	"property.delete":      "Deleted property",
	"requirement.delete":   "Deleted requirement",
	"course.create":        "Created course",
	"course.update":        "Edited course",
	"course.delete":        "Deleted course",
	"app_demo.reorder":     "Reordered app demos",
	"site.update":          "Edited site content",
	"advertisement.create": "Created advertisement",
	"advertisement.update": "Edited advertisement",
	"advertisement.delete": "Deleted advertisement",
	"backup.manual":        "Started a manual backup",
	"backup.download":      "Downloaded backup",
	"backup.delete":        "Deleted backup",
	"database.export":      "Exported the database",
	"account.delete":       "Deleted their own account",
	"security.block":       "Blocked an address",
	"security.unblock":     "Lifted an address block",
	"email.test":           "Sent a test email",
	"duplicates.split":     "Split a duplicate cluster",
	"rera.approve":         "Approved a RERA registration",
	"rera.reject":          "Rejected a RERA registration",
}

// targetWords name the kinds of row an action touched.
var targetWords = map[string]string{
	"user": "user", "property": "property", "requirement": "requirement", "course": "course",
	"app_demo_order": "app demo order", "site_content": "site content", "advertisement": "advertisement",
	"backup": "backup", "database": "database", "ip_block": "address block", "email": "email",
	"rera_registration": "RERA registration",
}

// ActionWords returns action in the audit log's words ("Deactivated user"),
// or the action as stored when it has none.
func ActionWords(action string) string {
	if w, ok := actionWords[action]; ok {
		return w
	}
	return action
}

// Summary is an action in words with its target: "Deactivated user · user #12".
func Summary(action, targetType string, targetID *int64) string {
	t, ok := targetWords[targetType]
	if !ok {
		t = strings.ReplaceAll(targetType, "_", " ")
	}
	s := ActionWords(action) + " · " + t
	if targetID != nil {
		s += " #" + itoa(*targetID)
	}
	return s
}

// Who names who took an action for a person to read: the admin's username
// when recorded, "the command line", "a deleted agent" (an account since
// deleted: its name is not shown), or "the system" when nobody is recorded.
// It is never empty, and never "unknown".
func Who(label string, actorID *int64, actorDeleted bool) string {
	switch {
	case actorDeleted || actorID == nil && label != "" && label != CLI:
		return "a deleted agent"
	case label == CLI:
		return "the command line"
	case label == "":
		return "the system"
	}
	return label
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
