package site_test

import (
	"errors"
	"slices"
	"testing"

	"propmatch/internal/feature/site"
	"propmatch/internal/kit/apperr"
)

func validUpdate() site.Update {
	offers := []site.Offer{{Value: " ₹50 ", Label: "Per lead"}}
	testimonials := []site.Testimonial{{Name: "Srinivas Rao", Role: "Agent", City: "Hyderabad", Content: "Two matches the same evening.", Rating: 5}}
	video := site.DemoVideo{Title: "Demo", VideoURL: "https://youtu.be/dQw4w9WgXcQ", Duration: "2 minutes"}
	contact := site.Contact{Phone: "040 2345 6789", Email: "hello@propmatch.example"}
	topics := []string{"RERA rules for agents"}
	return site.Update{Offers: &offers, Testimonials: &testimonials, DemoVideo: &video, Contact: &contact, TrainingTopics: &topics}
}

func TestValidateTidies(t *testing.T) {
	u := validUpdate()
	if err := u.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if got := (*u.Offers)[0].Value; got != "₹50" {
		t.Errorf("offer value = %q, want trimmed", got)
	}
	if got := u.DemoVideo.VideoURL; got != "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" {
		t.Errorf("video = %q, want the embed form", got)
	}
	if got := u.Contact.Phone; got != "+914023456789" {
		t.Errorf("phone = %q, want E.164", got)
	}
}

func TestValidateFieldErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(u *site.Update)
		paths  []string
	}{
		{"nothing", func(u *site.Update) { *u = site.Update{} }, nil},
		{"rating", func(u *site.Update) { (*u.Testimonials)[0].Rating = 6 }, []string{"testimonials.0.rating"}},
		{"rating zero", func(u *site.Update) { (*u.Testimonials)[0].Rating = 0 }, []string{"testimonials.0.rating"}},
		{"empty quote", func(u *site.Update) { (*u.Testimonials)[0].Content = "  " }, []string{"testimonials.0.content"}},
		{"too many testimonials", func(u *site.Update) {
			l := slices.Repeat(*u.Testimonials, 7)
			u.Testimonials = &l
		}, []string{"testimonials"}},
		{"video host", func(u *site.Update) { u.DemoVideo.VideoURL = "https://vimeo.com/1" }, []string{"demoVideo.videoUrl"}},
		{"phone", func(u *site.Update) { u.Contact.Phone = "12345" }, []string{"contact.phone"}},
		{"foreign phone", func(u *site.Update) { u.Contact.Phone = "+1 650 253 0000" }, []string{"contact.phone"}},
		{"email", func(u *site.Update) { u.Contact.Email = "not an email" }, []string{"contact.email"}},
		{"control character", func(u *site.Update) { (*u.Offers)[0].Label = "Per\x00lead" }, []string{"offers.0.label"}},
		{"no topics", func(u *site.Update) {
			l := []string{}
			u.TrainingTopics = &l
		}, []string{"trainingTopics"}},
		{"no title", func(u *site.Update) { u.DemoVideo.Title = "" }, []string{"demoVideo.title"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := validUpdate()
			tt.change(&u)
			err := u.Validate()
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("Validate = %v, want Invalid", err)
			}
			var e *apperr.Error
			_ = errors.As(err, &e)
			var got []string
			for _, f := range e.Fields {
				got = append(got, f.Path)
			}
			if !slices.Equal(got, tt.paths) {
				t.Errorf("field paths = %v, want %v", got, tt.paths)
			}
		})
	}
}

// TestEmptyContactIsAllowed: contact details stay empty until the business
// sets them.
func TestEmptyContactIsAllowed(t *testing.T) {
	c := site.Contact{Phone: " ", Email: ""}
	u := site.Update{Contact: &c}
	if err := u.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if c.Phone != "" {
		t.Errorf("phone = %q, want empty", c.Phone)
	}
}
