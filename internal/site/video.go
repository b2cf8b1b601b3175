package site

import (
	"net/url"
	"regexp"
	"strings"
)

// EmbedHost is the privacy-enhanced host the demo video plays from.
const EmbedHost = "https://www.youtube-nocookie.com/embed/"

var videoID = regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`)

// EmbedURL converts a YouTube address in watch, short-link (youtu.be),
// shorts, live or embed form (on youtube.com, m.youtube.com or
// youtube-nocookie.com) to the privacy-enhanced embed form. ok is false for
// anything else.
func EmbedURL(raw string) (embed string, ok bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil {
		return "", false
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	segs := strings.Split(strings.Trim(u.Path, "/"), "/")
	var id string
	switch host {
	case "youtu.be":
		if len(segs) == 1 {
			id = segs[0]
		}
	case "youtube.com", "m.youtube.com", "youtube-nocookie.com":
		switch {
		case len(segs) == 1 && segs[0] == "watch" && host != "youtube-nocookie.com":
			id = u.Query().Get("v")
		case len(segs) == 2 && segs[0] == "embed":
			id = segs[1]
		case len(segs) == 2 && (segs[0] == "shorts" || segs[0] == "live") && host != "youtube-nocookie.com":
			id = segs[1]
		}
	}
	if !videoID.MatchString(id) {
		return "", false
	}
	return EmbedHost + id, true
}
