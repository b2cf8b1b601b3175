// Package video turns the YouTube addresses people paste into the
// privacy-enhanced embed address PropMatch plays videos from: the one rule
// for course videos and the landing page's demo video. It knows nothing of
// PropMatch.
package video

import (
	"net/url"
	"regexp"
	"strings"
)

// EmbedHost is the privacy-enhanced player every video plays in.
const EmbedHost = "https://www.youtube-nocookie.com/embed/"

// videoID is the shape of a YouTube video id.
var videoID = regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`)

// EmbedURL converts a YouTube address in one of the forms people paste
// (youtube.com/watch?v=ID, youtu.be/ID, youtube.com/shorts/ID,
// youtube.com/live/ID, youtube.com/embed/ID, youtube-nocookie.com/embed/ID,
// over http or https, with or without www. or m.) into the
// privacy-enhanced embed address. It reports false for any other address
// (another host, credentials, a port): such a video is never embedded.
func EmbedURL(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil || u.Port() != "" {
		return "", false
	}
	host := strings.ToLower(u.Hostname())
	host = strings.TrimPrefix(strings.TrimPrefix(host, "www."), "m.")
	path := strings.Split(strings.Trim(u.EscapedPath(), "/"), "/")
	var id string
	switch {
	case host == "youtube.com" && len(path) == 1 && path[0] == "watch":
		id = u.Query().Get("v")
	case host == "youtube.com" && len(path) == 2 && (path[0] == "shorts" || path[0] == "live" || path[0] == "embed"):
		id = path[1]
	case host == "youtu.be" && len(path) == 1:
		id = path[0]
	case host == "youtube-nocookie.com" && len(path) == 2 && path[0] == "embed":
		id = path[1]
	}
	if !videoID.MatchString(id) {
		return "", false
	}
	return EmbedHost + id, true
}
