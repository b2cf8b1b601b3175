package settings

import "propmatch/internal/kit/apperr"

// Validate returns Invalid with a field error for each value of s that is
// not allowed: today only an unknown theme (the switches are booleans, which
// the JSON decoder already checks).
func (s Settings) Validate() error {
	if !s.Preferences.Theme.Valid() {
		return apperr.Validation(apperr.FieldError{Path: "preferences.theme", Message: "theme must be light, dark or system"})
	}
	return nil
}

// The SQL below lets other packages' list queries obey the privacy switches
// in the same statement (one query per page, never one per row): JoinSQL
// joins an agent's settings row, and the columns read through it fall back
// to Defaults when the agent never saved any.

// JoinSQL is a LEFT JOIN of the settings row, as alias, of the user whose id
// is the SQL expression user.
func JoinSQL(alias, user string) string {
	return ` LEFT JOIN user_settings ` + alias + ` ON ` + alias + `.user_id = ` + user
}

// ProfileVisibleSQL is the profile-visibility switch of the row JoinSQL
// joined as alias, or its default.
func ProfileVisibleSQL(alias string) string {
	return `COALESCE(` + alias + `.profile_visible, ` + boolSQL(Defaults().Privacy.ProfileVisible) + `)`
}

// ContactVisibleSQL is the contact-details switch of the row JoinSQL joined
// as alias, or its default.
func ContactVisibleSQL(alias string) string {
	return `COALESCE(` + alias + `.contact_visible, ` + boolSQL(Defaults().Privacy.ContactVisible) + `)`
}

func boolSQL(b bool) string {
	if b {
		return "TRUE"
	}
	return "FALSE"
}
