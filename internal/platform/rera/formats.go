package rera

import (
	"regexp"
	"strings"
)

// Format is a state authority's agent registration number, where a public
// example shows its shape. A state without one accepts any non-empty
// number. The sources are in docs/product.md#rera-verification.
type Format struct {
	State   string
	Example string
	re      *regexp.Regexp
}

// formats are the agent registration numbers PropMatch checks, by state.
var formats = map[string]Format{
	// MahaRERA: "A5" and ten digits (A51700001835).
	"Maharashtra": {State: "Maharashtra", Example: "A51700001835", re: regexp.MustCompile(`^A5\d{10}$`)},
	// K-RERA: PRM/KA/RERA/1251/<office>/AG/<yymmdd>/<serial>.
	"Karnataka": {State: "Karnataka", Example: "PRM/KA/RERA/1251/309/AG/171324/000075",
		re: regexp.MustCompile(`^PRM/KA/RERA/\d{4}/\d{3}/AG/\d{6}/\d{6}$`)},
	// UP RERA: "UPRERAAGT" and digits (UPRERAAGT10202).
	"Uttar Pradesh": {State: "Uttar Pradesh", Example: "UPRERAAGT10202", re: regexp.MustCompile(`^UPRERAAGT\d{4,16}$`)},
	// HRERA: HRERA-<bench>-REA-<serial>-<year> (HRERA-PKL-REA-677-2021).
	"Haryana": {State: "Haryana", Example: "HRERA-PKL-REA-677-2021", re: regexp.MustCompile(`^HRERA-[A-Z]{3}-REA-\d{1,6}-\d{4}$`)},
	// GujRERA: AG/GJ/<district>/<city>[/<authority>]/AA<5 digits>/<ddmmyy>R<n>.
	"Gujarat": {State: "Gujarat", Example: "AG/GJ/AHMEDABAD/AHMEDABAD CITY/AUDA/AA00842/160429R2",
		re: regexp.MustCompile(`^AG/GJ/[A-Z][A-Z ]*/[A-Z][A-Z ]*/(?:[A-Z][A-Z ]*/)?AA\d{5}/\d{6}R\d$`)},
}

// Formats lists the checked formats, for the profile form's hints.
func Formats() []Format {
	out := make([]Format, 0, len(formats))
	for _, st := range []string{"Gujarat", "Haryana", "Karnataka", "Maharashtra", "Uttar Pradesh"} {
		out = append(out, formats[st])
	}
	return out
}

// normalize is number as stored: trimmed, upper case, runs of white space
// as one space.
func normalize(number string) string {
	return strings.ToUpper(strings.Join(strings.Fields(number), " "))
}

// MaxNumberLength is the longest registration number accepted.
const MaxNumberLength = 80

// checkNumber returns the message for a number (normalized) that does not
// fit state's format, or "" when it does or the state has none.
func checkNumber(state, number string) string {
	switch {
	case number == "":
		return "Enter your RERA registration number"
	case len(number) > MaxNumberLength:
		return "A RERA registration number is at most 80 characters"
	}
	f, ok := formats[state]
	if !ok || f.re.MatchString(number) {
		return ""
	}
	return "This is not a " + authority(state) + " agent registration number: it looks like " + f.Example
}

// authority names a state's RERA authority as agents know it.
func authority(state string) string {
	switch state {
	case "Maharashtra":
		return "MahaRERA"
	case "Karnataka":
		return "K-RERA"
	case "Uttar Pradesh":
		return "UP RERA"
	case "Haryana":
		return "HRERA"
	case "Gujarat":
		return "GujRERA"
	}
	return state + " RERA"
}

// searchPages are the state authorities' public sites, where an admin looks
// an agent's registration up; other states get the Ministry of Housing's
// list of every authority.
var searchPages = map[string]string{
	"Andhra Pradesh":   "https://rera.ap.gov.in/",
	"Bihar":            "https://rera.bihar.gov.in/",
	"Delhi":            "https://rera.delhi.gov.in/",
	"Goa":              "https://rera.goa.gov.in/",
	"Gujarat":          "https://gujrera.gujarat.gov.in/",
	"Haryana":          "https://haryanarera.gov.in/",
	"Karnataka":        "https://rera.karnataka.gov.in/",
	"Kerala":           "https://rera.kerala.gov.in/",
	"Madhya Pradesh":   "https://www.rera.mp.gov.in/",
	"Maharashtra":      "https://maharera.maharashtra.gov.in/",
	"Punjab":           "https://rera.punjab.gov.in/",
	"Rajasthan":        "https://rera.rajasthan.gov.in/",
	"Tamil Nadu":       "https://www.rera.tn.gov.in/",
	"Telangana":        "https://rera.telangana.gov.in/",
	"Uttar Pradesh":    "https://www.up-rera.in/",
	"West Bengal":      "https://rera.wb.gov.in/",
	"Uttarakhand":      "https://ukrera.uk.gov.in/",
	"Himachal Pradesh": "https://hprera.nic.in/",
}

// nationalPage lists every state's authority (Ministry of Housing and Urban Affairs).
const nationalPage = "https://rera.mohua.gov.in/"

// SearchPage is the public page where state's agent registrations can be looked up.
func SearchPage(state string) string {
	if u, ok := searchPages[state]; ok {
		return u
	}
	return nationalPage
}
