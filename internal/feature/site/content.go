// Package site holds the landing page's editable content (offers,
// testimonials, the demo video, contact details and training topics), the
// pricing plans it shows from billing (UsePlans: the rows billing enforces)
// and its live figures, each cached in memory for a few minutes so that the
// public page does not reach the database on every visit.
package site

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/video"
	"propmatch/internal/platform/auth"
)

// Content is everything the landing page shows. Plans are not site
// content: they are billing's plans (UsePlans), edited in the admin
// console's Billing tab, so the page never promises what is not enforced.
type Content struct {
	Offers         []Offer       `json:"offers"`
	Plans          []Plan        `json:"plans"`
	Testimonials   []Testimonial `json:"testimonials"`
	DemoVideo      DemoVideo     `json:"demoVideo"`
	Contact        Contact       `json:"contact"`
	TrainingTopics []string      `json:"trainingTopics"`
}

// Offer is a commercial offer shown as a figure, such as "₹50" "Per lead":
// a promise the business makes, unlike the live figures, which are counted.
type Offer struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Plan is a pricing plan as the landing page shows it (spec: name, price,
// period, description, features, popular flag), made from billing's plan.
type Plan struct {
	Name        string   `json:"name"`
	Price       string   `json:"price"`
	Period      string   `json:"period"`
	Description string   `json:"description"`
	Features    []string `json:"features"`
	Popular     bool     `json:"popular"`
}

// Testimonial is a customer's quote (spec: name, role, content, rating).
type Testimonial struct {
	Name    string `json:"name"`
	Role    string `json:"role"`
	City    string `json:"city"`
	Content string `json:"content"`
	Rating  int    `json:"rating"`
}

// DemoVideo is the video Watch Demo plays. VideoURL is stored in the
// privacy-enhanced embed form, or empty for none.
type DemoVideo struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	VideoURL    string `json:"videoUrl"`
	Duration    string `json:"duration"`
}

// Contact is how visitors reach the business; either may be empty until an
// admin sets it (the page then leaves it out). Phone is E.164.
type Contact struct {
	Phone string `json:"phone"`
	Email string `json:"email"`
}

// Update is a save: the parts present replace the stored ones, the others
// stay as they are.
type Update struct {
	Offers         *[]Offer       `json:"offers"`
	Testimonials   *[]Testimonial `json:"testimonials"`
	DemoVideo      *DemoVideo     `json:"demoVideo"`
	Contact        *Contact       `json:"contact"`
	TrainingTopics *[]string      `json:"trainingTopics"`
}

// Limits of the content.
const (
	MaxOffers       = 9
	MaxTestimonials = 6
	MaxTopics       = 12
)

// checker collects field errors while it tidies text.
type checker struct{ f apperr.Fields }

// text trims s and checks its length in characters (min 0: optional) and
// that it holds no control characters.
func (c *checker) text(path, label, s string, minLen, maxLen int) string {
	s = strings.TrimSpace(s)
	n := utf8.RuneCountInString(s)
	switch {
	case n == 0 && minLen > 0:
		c.f.Add(path, label+" is required")
	case n < minLen:
		c.f.Add(path, fmt.Sprintf("%s must be at least %d characters", label, minLen))
	case n > maxLen:
		c.f.Add(path, fmt.Sprintf("%s must be at most %d characters", label, maxLen))
	case strings.IndexFunc(s, unicode.IsControl) >= 0:
		c.f.Add(path, label+" must not contain control characters")
	}
	return s
}

// count checks how many items a list has.
func (c *checker) count(path, label string, n, minN, maxN int) bool {
	if n < minN || n > maxN {
		if minN == maxN {
			c.f.Add(path, fmt.Sprintf("%s must have exactly %d items", label, minN))
		} else {
			c.f.Add(path, fmt.Sprintf("%s must have %d to %d items", label, minN, maxN))
		}
		return false
	}
	return true
}

// Validate tidies u (trimmed text, the video in embed form, the phone in
// E.164) and returns Invalid with a field error for each problem, or
// Invalid without fields when u names no part.
func (u *Update) Validate() error {
	if u.Offers == nil && u.Testimonials == nil && u.DemoVideo == nil && u.Contact == nil && u.TrainingTopics == nil {
		return apperr.New(apperr.Invalid, "Send at least one part of the site content: offers, testimonials, demoVideo, contact or trainingTopics")
	}
	var c checker
	if u.Offers != nil {
		c.offers(*u.Offers)
	}
	if u.Testimonials != nil {
		c.testimonials(*u.Testimonials)
	}
	if u.DemoVideo != nil {
		c.video(u.DemoVideo)
	}
	if u.Contact != nil {
		c.contact(u.Contact)
	}
	if u.TrainingTopics != nil {
		c.topics(*u.TrainingTopics)
	}
	return c.f.Err()
}

func (c *checker) offers(list []Offer) {
	if !c.count("offers", "Offers", len(list), 1, MaxOffers) {
		return
	}
	for i := range list {
		o := &list[i]
		o.Value = c.text(fmt.Sprintf("offers.%d.value", i), "Value", o.Value, 1, 20)
		o.Label = c.text(fmt.Sprintf("offers.%d.label", i), "Label", o.Label, 1, 40)
	}
}

func (c *checker) testimonials(list []Testimonial) {
	if !c.count("testimonials", "Testimonials", len(list), 0, MaxTestimonials) {
		return
	}
	for i := range list {
		t := &list[i]
		at := func(field string) string { return fmt.Sprintf("testimonials.%d.%s", i, field) }
		t.Name = c.text(at("name"), "Name", t.Name, 2, 60)
		t.Role = c.text(at("role"), "Role", t.Role, 2, 60)
		t.City = c.text(at("city"), "City", t.City, 2, 40)
		t.Content = c.text(at("content"), "Quote", t.Content, 10, 400)
		if t.Rating < 1 || t.Rating > 5 {
			c.f.Add(at("rating"), "Rating must be a whole number from 1 to 5")
		}
	}
}

func (c *checker) video(v *DemoVideo) {
	v.Title = c.text("demoVideo.title", "Title", v.Title, 1, 80)
	v.Description = c.text("demoVideo.description", "Description", v.Description, 0, 300)
	v.Duration = c.text("demoVideo.duration", "Duration", v.Duration, 0, 20)
	raw := strings.TrimSpace(v.VideoURL)
	if raw == "" {
		v.VideoURL = ""
		return
	}
	embed, ok := video.EmbedURL(raw)
	if !ok {
		c.f.Add("demoVideo.videoUrl", "Enter a YouTube address (watch, youtu.be, shorts or embed link)")
		return
	}
	v.VideoURL = embed
}

func (c *checker) contact(ct *Contact) {
	if phone := strings.TrimSpace(ct.Phone); phone != "" {
		e164, err := india.NormalizeIndianPhone(phone)
		var pe *india.PhoneError
		if errors.As(err, &pe) {
			c.f.Add("contact.phone", pe.Message)
		}
		ct.Phone = e164
	} else {
		ct.Phone = ""
	}
	ct.Email = strings.TrimSpace(ct.Email)
	if ct.Email != "" {
		if msg := auth.CheckEmail(ct.Email); msg != "" {
			c.f.Add("contact.email", msg)
		}
	}
}

func (c *checker) topics(list []string) {
	if !c.count("trainingTopics", "Training topics", len(list), 1, MaxTopics) {
		return
	}
	for i := range list {
		list[i] = c.text(fmt.Sprintf("trainingTopics.%d", i), "Topic", list[i], 2, 80)
	}
}
