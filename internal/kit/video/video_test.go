package video_test

import (
	"testing"

	"propmatch/internal/kit/video"
)

func TestEmbedURLTakesOnlyYouTubeForms(t *testing.T) {
	const embed = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"
	for _, c := range []struct {
		name, in string
		ok       bool
	}{
		{"Watch", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", true},
		{"WatchWithMoreParameters", "https://youtube.com/watch?t=42&v=dQw4w9WgXcQ&list=PL1", true},
		{"MobileWatch", "https://m.youtube.com/watch?v=dQw4w9WgXcQ", true},
		{"PlainHTTP", "http://www.youtube.com/watch?v=dQw4w9WgXcQ", true},
		{"ShortLink", "https://youtu.be/dQw4w9WgXcQ", true},
		{"ShortLinkWithTime", "https://youtu.be/dQw4w9WgXcQ?t=30", true},
		{"Shorts", "https://www.youtube.com/shorts/dQw4w9WgXcQ", true},
		{"Embed", "https://www.youtube.com/embed/dQw4w9WgXcQ", true},
		{"NoCookieEmbed", embed, true},
		{"SpacesAround", "  https://youtu.be/dQw4w9WgXcQ  ", true},
		{"UpperCaseHost", "https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ", true},
		{"OtherHost", "https://vimeo.com/123456789", false},
		{"LookAlikeHost", "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ", false},
		{"SubdomainOfOther", "https://www.notyoutube.com/watch?v=dQw4w9WgXcQ", false},
		{"JavaScript", "javascript:alert(1)", false},
		{"NoID", "https://www.youtube.com/watch", false},
		{"ShortID", "https://youtu.be/abc", false},
		{"IDWithBadCharacters", "https://youtu.be/dQw4w9WgX%3C", false},
		{"Channel", "https://www.youtube.com/@propmatch", false},
		{"Playlist", "https://www.youtube.com/playlist?list=PL123", false},
		{"Credentials", "https://user:pw@youtube.com/watch?v=dQw4w9WgXcQ", false},
		{"Port", "https://youtube.com:8443/watch?v=dQw4w9WgXcQ", false},
		{"FTP", "ftp://youtube.com/watch?v=dQw4w9WgXcQ", false},
		{"Blank", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := video.EmbedURL(c.in)
			if ok != c.ok || (ok && got != embed) {
				t.Fatalf("EmbedURL(%q) = %q, %v; want ok %v", c.in, got, ok, c.ok)
			}
		})
	}
}

func TestEmbedURLTakesTheDemoVideoForms(t *testing.T) {
	const embed = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"
	tests := []struct {
		in   string
		want string
	}{
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQ", embed},
		{"https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", embed},
		{"https://m.youtube.com/watch?v=dQw4w9WgXcQ", embed},
		{"https://youtu.be/dQw4w9WgXcQ", embed},
		{"https://youtu.be/dQw4w9WgXcQ?si=abc", embed},
		{"https://www.youtube.com/shorts/dQw4w9WgXcQ", embed},
		{"https://www.youtube.com/live/dQw4w9WgXcQ", embed},
		{"https://www.youtube.com/embed/dQw4w9WgXcQ", embed},
		{"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", embed},
		{" http://youtu.be/dQw4w9WgXcQ ", embed},
		{"https://vimeo.com/123456", ""},
		{"https://www.youtube.com/watch?v=short", ""},
		{"https://www.youtube.com/watch", ""},
		{"javascript:alert(1)//youtu.be/dQw4w9WgXcQ", ""},
		{"https://evil.example/youtu.be/dQw4w9WgXcQ", ""},
		{"https://youtube.com.evil.example/embed/dQw4w9WgXcQ", ""},
		{"https://user@youtu.be/dQw4w9WgXcQ", ""},
		{"https://www.youtube-nocookie.com/watch?v=dQw4w9WgXcQ", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, ok := video.EmbedURL(tt.in)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("EmbedURL(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}
