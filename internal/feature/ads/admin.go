package ads

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"propmatch/internal/core/listing"
	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/media"
)

// Icons are the eleven icons an advert may show (the spec's iconName).
var Icons = []string{"Camera", "FileText", "CreditCard", "TrendingUp", "Shield", "Zap", "Star", "Users", "Phone", "Mail", "Globe"}

// Colors are the fourteen banner colours (the web app's advertColors). An
// advert's color is one of them or its background class name with a 600
// shade ("bg-purple-600", as the spec's admin form sends it), or empty (the
// card's default, blue). Its gradient, optional style text the web app
// neither sends nor draws, is one of the names or empty: free text there
// was stored and served to every agent unchecked.
var Colors = []string{"purple", "blue", "green", "orange", "indigo", "yellow", "red", "teal", "pink", "cyan", "emerald", "slate", "violet", "amber"}

// Defaults of the admin form (the spec): an empty icon is Star, an empty
// button text 'Learn More'; other text stays empty.
const (
	DefaultIcon   = "Star"
	DefaultButton = "Learn More"
)

// Limits of an advert's fields.
const (
	maxTitle      = 200
	maxText       = 1000 // description, highlight, contact
	maxShort      = 100  // button text, badge, offer
	maxTargets    = 100  // cities or states
	maxTargetName = 100
)

// Input is the body of POST and PUT /api/advertisements. No field is
// required. targetCities and targetStates are a list or one comma-separated
// text. advertisementImage is a PNG or JPEG data URL (a new upload), the
// advert's current /media/ URL (kept), or empty (no image).
type Input struct {
	Title              input.String `json:"title"`
	Description        input.String `json:"description" input:"multiline"`
	Highlight          input.String `json:"highlight"`
	IconName           input.String `json:"iconName"`
	Gradient           input.String `json:"gradient"`
	ButtonText         input.String `json:"buttonText"`
	Badge              input.String `json:"badge"`
	Offer              input.String `json:"offer"`
	Color              input.String `json:"color"`
	DisplayOrder       input.Float  `json:"displayOrder"`
	ContactInfo        input.String `json:"contactInfo"`
	WebsiteURL         input.String `json:"websiteUrl"`
	TargetCities       input.List   `json:"targetCities"`
	TargetStates       input.List   `json:"targetStates"`
	AdvertisementImage input.String `json:"advertisementImage"`
	IsActive           input.Bool   `json:"isActive"`
}

// validate checks in and returns the advert to store (its ImageID not yet
// resolved), or Invalid with a field error at each failing field.
func (in Input) validate() (New, error) {
	var f apperr.Fields
	text := func(path string, v input.String, most int) string {
		listing.CheckLength(&f, path, string(v), most)
		return string(v)
	}
	n := New{
		Title: text("title", in.Title, maxTitle), Description: text("description", in.Description, maxText),
		Highlight: text("highlight", in.Highlight, maxText), Gradient: string(in.Gradient),
		ButtonText: text("buttonText", in.ButtonText, maxShort), Badge: text("badge", in.Badge, maxShort),
		Offer: text("offer", in.Offer, maxShort), ContactInfo: text("contactInfo", in.ContactInfo, maxText),
		IconName: string(in.IconName), Color: string(in.Color), WebsiteURL: string(in.WebsiteURL),
		TargetCities: targets(&f, "targetCities", in.TargetCities, india.FindCity, "a city"),
		TargetStates: targets(&f, "targetStates", in.TargetStates, india.CanonicalState, "a state or union territory"),
		Inactive:     in.IsActive.Set && !in.IsActive.Value,
	}
	if n.IconName == "" {
		n.IconName = DefaultIcon
	} else if !slices.Contains(Icons, n.IconName) {
		f.Add("iconName", "Icon must be one of "+strings.Join(Icons, ", "))
	}
	if n.ButtonText == "" {
		n.ButtonText = DefaultButton
	}
	if n.Color != "" && !slices.Contains(Colors, strings.TrimSuffix(strings.TrimPrefix(n.Color, "bg-"), "-600")) {
		f.Add("color", "Colour must be one of "+strings.Join(Colors, ", "))
	}
	if n.Gradient != "" && !slices.Contains(Colors, n.Gradient) {
		f.Add("gradient", "Gradient must be one of "+strings.Join(Colors, ", "))
	}
	if d := in.DisplayOrder; d.Set {
		if order, ok := d.DisplayOrder(); ok {
			n.DisplayOrder = order
		} else {
			f.Add("displayOrder", input.DisplayOrderMessage)
		}
	}
	if n.WebsiteURL != "" {
		if !input.IsWebAddress(n.WebsiteURL) {
			f.Add("websiteUrl", "Website address must be a valid http or https address")
		}
	}
	if img := string(in.AdvertisementImage); img != "" && !strings.HasPrefix(img, "data:") && media.IDFromURL(img) == "" {
		f.Add("advertisementImage", "Image must be a PNG or JPEG upload, or the advert's current image")
	}
	return n, f.Err()
}

// targets returns the names of list (an item may itself hold several,
// comma-separated), trimmed, without empties or repeats.
// targets reads a list of places: each name as find spells it (a renamed
// city under its current name), each once. Names find does not know add
// one error at path, naming them.
func targets(f *apperr.Fields, path string, list input.List, find func(string) (string, bool), what string) []string {
	out, unknown := []string{}, []string{}
	for _, item := range list {
		for _, name := range strings.Split(item, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			canon, ok := find(name)
			switch {
			case !ok:
				if utf8.RuneCountInString(name) > maxTargetName {
					name = string([]rune(name)[:maxTargetName]) + "…"
				}
				unknown = append(unknown, name)
			case !slices.Contains(out, canon):
				out = append(out, canon)
			}
		}
	}
	if len(unknown) > 0 {
		f.Add(path, fmt.Sprintf("Not %s in PropMatch's list: %s. Choose from the list", what, strings.Join(unknown[:min(len(unknown), 5)], ", ")))
	}
	if len(out) > maxTargets {
		f.Add(path, fmt.Sprintf("At most %d names", maxTargets))
	}
	return out
}

var (
	errAdminOnly = apperr.New(apperr.Forbidden, "Only administrators can manage advertisements")
	errNotFound  = apperr.New(apperr.NotFound, "No such advertisement")
)

// All returns every advert, active or not, in display order: the admin
// console's list. Adverts are few (tens), so it is not paginated.
func (s *Service) All(ctx context.Context, actor access.Actor) ([]Advert, error) {
	if !actor.Admin {
		return nil, errAdminOnly
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM advertisements ORDER BY display_order, id`)
	if err != nil {
		return nil, apperr.Wrap(err, "list advertisements")
	}
	list, err := store.Collect(rows, scan)
	return list, apperr.Wrap(err, "list advertisements")
}

// Create stores a new advert. It returns Forbidden unless actor is an
// admin, and Invalid for bad input (an image is checked by its content).
func (s *Service) Create(ctx context.Context, actor access.Actor, in Input) (Advert, error) {
	return s.write(ctx, actor, 0, in)
}

// Update replaces every field of advert id. It returns Forbidden unless
// actor is an admin, NotFound for a missing advert and Invalid for bad input.
func (s *Service) Update(ctx context.Context, actor access.Actor, id int64, in Input) (Advert, error) {
	return s.write(ctx, actor, id, in)
}

// write creates (id 0) or updates advert id, with its audit row.
func (s *Service) write(ctx context.Context, actor access.Actor, id int64, in Input) (Advert, error) {
	if !actor.Admin {
		return Advert{}, errAdminOnly
	}
	n, err := in.validate()
	if err != nil {
		return Advert{}, err
	}
	img := string(in.AdvertisementImage)
	var upload *media.Image
	if strings.HasPrefix(img, "data:") {
		decoded, err := media.Decode(ctx, img, "advertisementImage")
		if err != nil {
			return Advert{}, err
		}
		upload = &decoded
	}
	var out Advert
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		var before *Advert
		if id != 0 {
			b, err := get(ctx, tx, id)
			if err != nil {
				return err
			}
			before = &b
		}
		switch {
		case upload != nil:
			url, err := media.Save(ctx, tx, now, actor.ID, *upload)
			if err != nil {
				return apperr.Wrap(err, "save advertisement image")
			}
			n.ImageID = media.IDFromURL(url)
		case img != "":
			// Only the advert's own image may be kept: another URL could
			// point the advert at any agent's photo.
			if before == nil || before.AdvertisementImage == nil || *before.AdvertisementImage != img {
				return apperr.Validation(apperr.FieldError{Path: "advertisementImage", Message: "Upload an image: only the advert's current image can be kept by its URL"})
			}
			n.ImageID = media.IDFromURL(img)
		}
		cities, _ := json.Marshal(n.TargetCities)
		states, _ := json.Marshal(n.TargetStates)
		cols := []string{"title", "description", "highlight", "icon_name", "gradient", "button_text", "badge", "offer", "color",
			"display_order", "contact_info", "website_url", "target_cities", "target_states", "image_id", "is_active", "updated_at"}
		vals := []any{n.Title, n.Description, n.Highlight, n.IconName, n.Gradient, n.ButtonText, n.Badge, n.Offer, n.Color,
			n.DisplayOrder, n.ContactInfo, nullable(n.WebsiteURL), string(cities), string(states), nullable(n.ImageID), !n.Inactive, now}
		action := "advertisement.update"
		if id == 0 {
			action = "advertisement.create"
			if id, err = store.InsertID(ctx, tx, "advertisements", append(cols, "created_at"), append(vals, now)); err != nil {
				return apperr.Wrap(err, "insert advertisement")
			}
		} else {
			res, err := tx.ExecContext(ctx, `UPDATE advertisements SET `+store.SetClause(cols, 1)+
				fmt.Sprintf(` WHERE id = $%d`, len(cols)+1), append(vals, id)...)
			if err != nil {
				return apperr.Wrap(err, "update advertisement")
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return errNotFound // deleted since it was read
			}
		}
		if out, err = get(ctx, tx, id); err != nil {
			return err
		}
		e := audit.Entry{ActorID: actor.ID, Action: action, TargetType: "advertisement", TargetID: id, After: out}
		if before != nil {
			e.Before = *before
		}
		return audit.Record(ctx, tx, now, e)
	})
	return out, err
}

// Delete removes advert id (its image stays in media, unreferenced). It
// returns Forbidden unless actor is an admin and NotFound for a missing advert.
func (s *Service) Delete(ctx context.Context, actor access.Actor, id int64) error {
	if !actor.Admin {
		return errAdminOnly
	}
	return s.db.WithTx(ctx, func(tx *sql.Tx) error {
		before, err := get(ctx, tx, id)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM advertisements WHERE id = $1`, id)
		if err != nil {
			return apperr.Wrap(err, "delete advertisement")
		}
		// A concurrent delete may have removed it since it was read: one delete wins, the others are 404.
		if n, _ := res.RowsAffected(); n == 0 {
			return errNotFound
		}
		return audit.Record(ctx, tx, s.db.Time(), audit.Entry{ActorID: actor.ID, Action: "advertisement.delete", TargetType: "advertisement", TargetID: id, Before: before})
	})
}

func get(ctx context.Context, tx *sql.Tx, id int64) (Advert, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+columns+` FROM advertisements WHERE id = $1`, id)
	if err != nil {
		return Advert{}, apperr.Wrap(err, "read advertisement")
	}
	list, err := store.Collect(rows, scan)
	switch {
	case err != nil:
		return Advert{}, apperr.Wrap(err, "read advertisement")
	case len(list) == 0:
		return Advert{}, errNotFound
	}
	return list[0], nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
