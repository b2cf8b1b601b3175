package input

import "testing"

func TestLabelNamesAFieldInWords(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"websiteUrl", "Website address"},
		{"displayOrder", "Display order"},
		{"minBedrooms", "Minimum bedrooms"},
		{"specialRequirements", "Special requirements"},
		{"modules.2.title", "Title"},
		{"modules[2].durationMinutes", "Duration minutes"},
		{"photos.3", "Photos"},
		{"price", "Price"},
		{"isActive", "Active"},
		{"matchId", "Match"},
		{"otherUserId", "Other user"},
		{"thumbnailUrl", "Thumbnail address"},
		{"", "This field"},
	} {
		if got := Label(tc.path); got != tc.want {
			t.Errorf("Label(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}
