package ads

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
)

func fieldPaths(err error) []string {
	var e *apperr.Error
	if !errors.As(err, &e) {
		return nil
	}
	var out []string
	for _, f := range e.Fields {
		out = append(out, f.Path)
	}
	return out
}

func TestInputValidateRefusesEachFieldOutOfRule(t *testing.T) {
	var many input.List // more real cities than an advert may target
	for _, state := range india.States() {
		cities, _ := india.Cities(state)
		many = append(many, cities...)
	}
	many = many[:maxTargets+1]
	for _, tc := range []struct {
		name string
		in   Input
		want []string
	}{
		{"title too long", Input{Title: input.String(strings.Repeat("ಅ", maxTitle+1))}, []string{"title"}},
		{"description too long", Input{Description: input.String(strings.Repeat("a", maxText+1))}, []string{"description"}},
		{"button text too long", Input{ButtonText: input.String(strings.Repeat("a", maxShort+1))}, []string{"buttonText"}},
		{"badge too long", Input{Badge: input.String(strings.Repeat("a", maxShort+1))}, []string{"badge"}},
		{"offer too long", Input{Offer: input.String(strings.Repeat("a", maxShort+1))}, []string{"offer"}},
		{"contact too long", Input{ContactInfo: input.String(strings.Repeat("a", maxText+1))}, []string{"contactInfo"}},
		{"unknown icon", Input{IconName: "Rocket"}, []string{"iconName"}},
		{"icon in the wrong case", Input{IconName: "star"}, []string{"iconName"}},
		{"unknown colour", Input{Color: "magenta"}, []string{"color"}},
		{"colour class with another shade", Input{Color: "bg-purple-500"}, []string{"color"}},
		{"display order negative", Input{DisplayOrder: input.Float{Value: -1, Set: true}}, []string{"displayOrder"}},
		{"display order a fraction", Input{DisplayOrder: input.Float{Value: 1.5, Set: true}}, []string{"displayOrder"}},
		{"display order too big", Input{DisplayOrder: input.Float{Value: input.MaxDisplayOrder + 1, Set: true}}, []string{"displayOrder"}},
		{"website not http", Input{WebsiteURL: "ftp://example.com"}, []string{"websiteUrl"}},
		{"website without host", Input{WebsiteURL: "https://"}, []string{"websiteUrl"}},
		{"image neither data nor media", Input{AdvertisementImage: "https://example.com/a.png"}, []string{"advertisementImage"}},
		{"target city name too long", Input{TargetCities: input.List{strings.Repeat("a", maxTargetName+1)}}, []string{"targetCities"}},
		{"too many target cities", Input{TargetCities: many}, []string{"targetCities"}},
		{"unknown target city", Input{TargetCities: input.List{"Pune, Gotham"}}, []string{"targetCities"}},
		{"unknown target state", Input{TargetStates: input.List{"Atlantis"}}, []string{"targetStates"}},
		{"several at once", Input{Title: input.String(strings.Repeat("a", maxTitle+1)), IconName: "Rocket", Color: "magenta"},
			[]string{"title", "iconName", "color"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.in.validate()
			if apperr.CodeOf(err) != apperr.Invalid || !slices.Equal(fieldPaths(err), tc.want) {
				t.Fatalf("validate = %v, field paths %v; want Invalid at %v", err, fieldPaths(err), tc.want)
			}
		})
	}
}

func TestInputValidateAcceptsTheFormsValuesAndFillsItsDefaults(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    Input
		check func(New) bool
	}{
		{"empty input: the form's icon and button", Input{}, func(n New) bool {
			return n.IconName == DefaultIcon && n.ButtonText == DefaultButton && !n.Inactive &&
				len(n.TargetCities) == 0 && len(n.TargetStates) == 0
		}},
		{"text at its limits", Input{Title: input.String(strings.Repeat("ಅ", maxTitle)), Badge: input.String(strings.Repeat("a", maxShort))},
			func(n New) bool { return n.Title == strings.Repeat("ಅ", maxTitle) }},
		{"every icon", Input{IconName: "Globe"}, func(n New) bool { return n.IconName == "Globe" }},
		{"a colour name", Input{Color: "emerald"}, func(n New) bool { return n.Color == "emerald" }},
		{"a colour class", Input{Color: "bg-purple-600"}, func(n New) bool { return n.Color == "bg-purple-600" }},
		{"display order bounds", Input{DisplayOrder: input.Float{Value: input.MaxDisplayOrder, Set: true}},
			func(n New) bool { return n.DisplayOrder == input.MaxDisplayOrder }},
		{"https website", Input{WebsiteURL: "https://example.com/offer"}, func(n New) bool { return n.WebsiteURL == "https://example.com/offer" }},
		{"inactive", Input{IsActive: input.Bool{Value: false, Set: true}}, func(n New) bool { return n.Inactive }},
		{"active", Input{IsActive: input.Bool{Value: true, Set: true}}, func(n New) bool { return !n.Inactive }},
		{"a media URL", Input{AdvertisementImage: "/media/abc123"}, func(n New) bool { return true }},
		{"targets trimmed, split, without empties or repeats in any case",
			Input{TargetCities: input.List{" Pune , Mumbai", "", "pune", "Nashik,,"}, TargetStates: input.List{"Maharashtra", "MAHARASHTRA"}},
			func(n New) bool {
				return slices.Equal(n.TargetCities, []string{"Pune", "Mumbai", "Nashik"}) && slices.Equal(n.TargetStates, []string{"Maharashtra"})
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := tc.in.validate()
			if err != nil || !tc.check(n) {
				t.Fatalf("validate = %+v, %v", n, err)
			}
		})
	}
}
