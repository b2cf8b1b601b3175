// Package ads reads the advertisements of the Recommended Services card
// (docs/product.md#recommended-services): active adverts targeted at an
// agent's city or state, or at everyone, in display order; admins write
// them from the admin console (admin.go); the demo seeds a few.
package ads

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/media"
)

// Advert is an advertisement as the API shows it (the spec's Advertisement).
type Advert struct {
	ID           int64    `json:"id"`
	Title        string   `json:"title"`
	Description  string   `json:"description"`
	Highlight    string   `json:"highlight"`
	IconName     string   `json:"iconName"`
	Gradient     string   `json:"gradient"`
	ButtonText   string   `json:"buttonText"`
	Badge        string   `json:"badge"`
	Offer        string   `json:"offer"`
	Color        string   `json:"color"`
	DisplayOrder int      `json:"displayOrder"`
	ContactInfo  string   `json:"contactInfo"`
	WebsiteURL   string   `json:"websiteUrl"`
	TargetCities []string `json:"targetCities"`
	TargetStates []string `json:"targetStates"`
	// AdvertisementImage is the /media/{id} URL of its image, or null.
	AdvertisementImage *string   `json:"advertisementImage"`
	IsActive           bool      `json:"isActive"`
	CreatedAt          time.Time `json:"createdAt"`
	UpdatedAt          time.Time `json:"updatedAt"`
}

// Targets reports whether a is shown to an agent in city and state: it
// targets nobody in particular (no cities and no states), or names city
// among its cities, or state among its states (letter case aside, and a
// renamed city under any of its names: Bangalore is Bengaluru).
func (a Advert) Targets(city, state string) bool {
	if len(a.TargetCities) == 0 && len(a.TargetStates) == 0 {
		return true
	}
	city, _ = india.CurrentCity(city)
	return contains(a.TargetCities, city) || contains(a.TargetStates, state)
}

func contains(list []string, name string) bool {
	name = strings.TrimSpace(name)
	if name == "" {
		return false
	}
	for _, v := range list {
		if v, _ = india.CurrentCity(v); strings.EqualFold(v, name) {
			return true
		}
	}
	return false
}

// Service reads advertisements.
type Service struct{ db *store.DB }

// NewService returns a Service reading db.
func NewService(db *store.DB) *Service { return &Service{db: db} }

const columns = `id, title, description, highlight, icon_name, gradient, button_text, badge, offer, color, display_order,
	contact_info, website_url, target_cities, target_states, image_id, is_active, created_at, updated_at`

// For returns the active adverts shown to an agent in city and state, in
// display order (then oldest first). Adverts are few (tens), so all active
// ones are read and the targeting is applied here.
func (s *Service) For(ctx context.Context, city, state string) ([]Advert, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM advertisements WHERE is_active = TRUE ORDER BY display_order, id`)
	if err != nil {
		return nil, apperr.Wrap(err, "list advertisements")
	}
	all, err := store.Collect(rows, scan)
	if err != nil {
		return nil, apperr.Wrap(err, "list advertisements")
	}
	out := []Advert{}
	for _, a := range all {
		if a.Targets(city, state) {
			out = append(out, a)
		}
	}
	return out, nil
}

func scan(rows *sql.Rows, a *Advert) error {
	var cities, states string
	var image, website sql.NullString
	if err := rows.Scan(&a.ID, &a.Title, &a.Description, &a.Highlight, &a.IconName, &a.Gradient, &a.ButtonText, &a.Badge,
		&a.Offer, &a.Color, &a.DisplayOrder, &a.ContactInfo, &website, &cities, &states, &image, &a.IsActive,
		store.ScanTime(&a.CreatedAt), store.ScanTime(&a.UpdatedAt)); err != nil {
		return err
	}
	a.TargetCities, a.TargetStates = store.StringList(cities), store.StringList(states)
	a.WebsiteURL = website.String
	if image.Valid {
		url := media.URLPrefix + image.String
		a.AdvertisementImage = &url
	}
	return nil
}

// New is an advertisement to store; ImageID is a media id or "". Empty
// text fields take the table's defaults (the spec's display defaults, such
// as button 'Contact Now' and badge 'Featured').
type New struct {
	Title, Description, Highlight, IconName, Gradient, ButtonText, Badge, Offer, Color string
	DisplayOrder                                                                       int
	ContactInfo, WebsiteURL                                                            string
	TargetCities, TargetStates                                                         []string
	ImageID                                                                            string
	Inactive                                                                           bool
}

// Insert stores n and returns its id. It checks nothing: its callers are
// the demo and tests (the admin API validates, in admin.go).
func Insert(ctx context.Context, tx *sql.Tx, now time.Time, n New) (int64, error) {
	cities, _ := json.Marshal(nonNil(n.TargetCities))
	states, _ := json.Marshal(nonNil(n.TargetStates))
	cols := []string{"title", "display_order", "target_cities", "target_states", "is_active", "created_at", "updated_at"}
	vals := []any{n.Title, n.DisplayOrder, string(cities), string(states), !n.Inactive, now, now}
	for _, f := range []struct{ col, val string }{
		{"description", n.Description}, {"highlight", n.Highlight}, {"icon_name", n.IconName}, {"gradient", n.Gradient},
		{"button_text", n.ButtonText}, {"badge", n.Badge}, {"offer", n.Offer}, {"color", n.Color},
		{"contact_info", n.ContactInfo}, {"website_url", n.WebsiteURL}, {"image_id", n.ImageID},
	} {
		if f.val != "" {
			cols, vals = append(cols, f.col), append(vals, f.val)
		}
	}
	id, err := store.InsertID(ctx, tx, "advertisements", cols, vals)
	return id, apperr.Wrap(err, "insert advertisement")
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
