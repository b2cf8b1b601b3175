package auth

import "strings"

// DeviceOf names the browser and system of a User-Agent header, such as
// "Chrome on Windows" or "Safari on iPhone": enough for an agent to tell
// their sessions apart, not a full parser. An unknown agent is "Unknown
// device".
func DeviceOf(ua string) string {
	browser, system := browserOf(ua), systemOf(ua)
	switch {
	case browser == "" && system == "":
		return "Unknown device"
	case browser == "":
		return system
	case system == "":
		return browser
	}
	return browser + " on " + system
}

// A mark is a substring that names what carries it; the first found wins,
// so more specific marks come first (Edge and Opera also say Chrome, Chrome
// also says Safari).
type mark struct{ sub, name string }

var browsers = []mark{
	{"Edg/", "Edge"}, {"EdgA/", "Edge"}, {"EdgiOS/", "Edge"},
	{"OPR/", "Opera"}, {"SamsungBrowser/", "Samsung Internet"},
	{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"},
	{"CriOS/", "Chrome"}, {"Chrome/", "Chrome"}, {"Chromium/", "Chromium"},
	{"Safari/", "Safari"}, {"curl/", "curl"},
}

var systems = []mark{
	{"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Android", "Android"},
	{"Windows", "Windows"}, {"CrOS", "ChromeOS"}, {"Mac OS X", "macOS"}, {"Macintosh", "macOS"},
	{"Linux", "Linux"},
}

func browserOf(ua string) string { return firstMark(ua, browsers) }
func systemOf(ua string) string  { return firstMark(ua, systems) }

func firstMark(ua string, marks []mark) string {
	for _, m := range marks {
		if strings.Contains(ua, m.sub) {
			return m.name
		}
	}
	return ""
}
