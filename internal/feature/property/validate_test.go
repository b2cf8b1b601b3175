package property

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"propmatch/internal/core/listing"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
)

// fieldErr is an apperr.FieldError, short to write in tables.
type fieldErr struct{ path, message string }

func errorsOf(err error) []fieldErr {
	var out []fieldErr
	if e, ok := err.(*apperr.Error); ok {
		for _, f := range e.Fields {
			out = append(out, fieldErr{f.Path, f.Message})
		}
	}
	return out
}

func collect(check func(f *apperr.Fields)) []fieldErr {
	var f apperr.Fields
	check(&f)
	return errorsOf(f.Err())
}

// valid is a listing that passes every check.
func valid(t *testing.T, over ...any) Input {
	t.Helper()
	body := map[string]any{"title": "2BHK in Gachibowli", "propertyType": "apartment", "listingPurpose": "for_sale",
		"price": 7500000, "state": "Telangana", "city": "Hyderabad", "locality": "Gachibowli", "bedrooms": 2}
	for i := 0; i < len(over); i += 2 {
		body[over[i].(string)] = over[i+1]
	}
	b, _ := json.Marshal(body)
	var in Input
	if err := json.Unmarshal(b, &in); err != nil {
		t.Fatal(err)
	}
	return in
}

func TestValidListingIsStoredInCanonicalForm(t *testing.T) {
	rec, err := valid(t, "propertyType", "Villa", "listingPurpose", "forRent", "state", "telangana", "city", " hyderabad ").validate(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := rec.p
	if p.PropertyType != listing.Villa || p.ListingPurpose != listing.ForRent || p.State != "Telangana" || p.City != "Hyderabad" {
		t.Errorf("stored %q %q %q %q", p.PropertyType, p.ListingPurpose, p.State, p.City)
	}
	if !p.IsActive || !p.IsRealData || p.Images == nil || rec.photos != nil {
		t.Errorf("defaults: active %v, real %v, images %v, photos %v", p.IsActive, p.IsRealData, p.Images, rec.photos)
	}
}

func TestMissingPurposeIsForSale(t *testing.T) {
	rec, err := valid(t, "listingPurpose", "").validate(context.Background())
	if err != nil || rec.p.ListingPurpose != listing.ForSale {
		t.Errorf("purpose %q, err %v", rec.p.ListingPurpose, err)
	}
}

// TestErrorsComeInTheOrderOfTheForm holds the order the fields were
// checked in before the checks were named: a client shows the first
// error's message.
func TestErrorsComeInTheOrderOfTheForm(t *testing.T) {
	in := valid(t, "title", "", "description", strings.Repeat("x", 5001), "bedrooms", -1, "floor", strings.Repeat("x", 201),
		"propertyType", "castle", "listingPurpose", "swap", "price", -1, "acres", -1, "pincode", "0123", "state", "",
		"city", "", "amenities", []string{strings.Repeat("a", 61)}, "images", make([]string, 11))
	_, err := in.validate(context.Background())
	var paths []string
	for _, e := range errorsOf(err) {
		paths = append(paths, e.path)
	}
	want := []string{"description", "bedrooms", "floor", "title", "propertyType", "listingPurpose", "price", "acres",
		"pincode", "state", "city", "amenities.0", "images"}
	if !slices.Equal(paths, want) {
		t.Errorf("paths = %v\nwant    %v", paths, want)
	}
}

func TestPriceIsBetweenZeroAndALakhCrore(t *testing.T) {
	for _, tc := range []struct {
		name  string
		price float64
		ok    bool
	}{{"Zero", 0, true}, {"Crores", 1e9, true}, {"ALakhCrore", 1e12, true}, {"Negative", -1, false}, {"OverALakhCrore", 1e12 + 1, false}} {
		t.Run(tc.name, func(t *testing.T) {
			got := collect(func(f *apperr.Fields) { checkPrice(f, tc.price) })
			if want := []fieldErr{{"price", "Price must be between 0 and 1,00,000 crore"}}; tc.ok != (got == nil) || (!tc.ok && !slices.Equal(got, want)) {
				t.Errorf("errors = %v", got)
			}
		})
	}
}

func TestAcresAreBetweenZeroAndTenLakh(t *testing.T) {
	for _, tc := range []struct {
		name  string
		acres input.Float
		ok    bool
	}{{"Unset", input.Float{}, true}, {"HalfAnAcre", input.Float{Value: 0.5, Set: true}, true},
		{"Negative", input.Float{Value: -1.5, Set: true}, false}, {"OverTenLakh", input.Float{Value: 1_000_001, Set: true}, false}} {
		t.Run(tc.name, func(t *testing.T) {
			var got *float64
			errs := collect(func(f *apperr.Fields) { got = checkAcres(f, tc.acres) })
			if tc.ok != (errs == nil) || (got == nil) != !tc.acres.Set {
				t.Errorf("checkAcres = %v with %v", got, errs)
			}
		})
	}
}

func TestPincodeIsSixDigits(t *testing.T) {
	for _, tc := range []struct {
		pincode string
		ok      bool
	}{{"", true}, {"500032", true}, {"50003", false}, {"050032", false}, {"5000AB", false}, {"5000321", false}} {
		got := collect(func(f *apperr.Fields) { checkPincode(f, tc.pincode) })
		if tc.ok != (got == nil) {
			t.Errorf("checkPincode(%q) errors = %v", tc.pincode, got)
		}
	}
}

func TestAmenitiesAreFewAndShort(t *testing.T) {
	many := make([]string, 41)
	for i := range many {
		many[i] = "Gym"
	}
	for _, tc := range []struct {
		name      string
		amenities []string
		want      []fieldErr
	}{
		{"None", nil, nil},
		{"Forty", many[:40], nil},
		{"FortyOne", many, []fieldErr{{"amenities", "At most 40 amenities"}}},
		{"NameOver60Characters", []string{"Gym", strings.Repeat("घ", 61)}, []fieldErr{{"amenities.1", "Amenity names are at most 60 characters"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := collect(func(f *apperr.Fields) { checkAmenities(f, tc.amenities) }); !slices.Equal(got, tc.want) {
				t.Errorf("errors = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestUpToTenPhotosAsDataURLsOrMediaURLs(t *testing.T) {
	ten := make([]string, 10)
	for i := range ten {
		ten[i] = fmt.Sprintf("/media/p%d", i)
	}
	for _, tc := range []struct {
		name       string
		images     []string
		otherError bool
		want       []fieldErr
		kept       []string
	}{
		{"None", nil, false, nil, nil},
		{"EmptyURLsAreDropped", []string{"", "/media/a", ""}, false, nil, []string{"/media/a"}},
		{"OrderIsKept", []string{"/media/c", "/media/a", "/media/b"}, false, nil, []string{"/media/c", "/media/a", "/media/b"}},
		{"TenPhotos", ten, false, nil, ten},
		{"ElevenPhotos", append(slices.Clone(ten), "/media/x"), false, []fieldErr{{"images", "At most 10 photos per property"}}, nil},
		{"SamePhotoTwice", []string{"/media/a", "/media/b", "/media/a"}, false,
			[]fieldErr{{"images.2", "This photo is already in the list"}}, nil},
		{"OtherURL", []string{"/media/a", "https://example.com/a.png"}, false,
			[]fieldErr{{"images.1", "Image must be a PNG or JPEG data URL, or a /media/ URL"}}, nil},
		{"UploadIsNotDecodedWhileAnotherFieldFails", []string{"data:image/png;base64,broken"}, true, []fieldErr{{"title", "Title is required"}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var photos []photo
			got := collect(func(f *apperr.Fields) {
				if tc.otherError {
					checkTitle(f, "")
				}
				var err error
				if photos, err = (Input{Images: tc.images}).images(context.Background(), f); err != nil {
					t.Errorf("images() error %v", err)
				}
			})
			var kept []string
			for _, ph := range photos {
				if ph.upload != nil {
					t.Errorf("photo %d decoded; want none", ph.index)
				}
				kept = append(kept, ph.url)
			}
			if !slices.Equal(got, tc.want) || !slices.Equal(kept, tc.kept) {
				t.Errorf("errors = %v, kept = %v; want %v, %v", got, kept, tc.want, tc.kept)
			}
		})
	}
}

func TestABrokenUploadIsAFieldErrorAtItsPlace(t *testing.T) {
	var f apperr.Fields
	_, err := (Input{Images: []string{"/media/a", "data:image/png;base64,broken"}}).images(context.Background(), &f)
	if e := errorsOf(err); len(e) != 1 || e[0].path != "images.1" {
		t.Errorf("error = %v; want one at images.1", err)
	}
}

// TestARenamedCityIsStoredUnderItsCurrentNameAndFoundUnderBoth: a listing in
// "Cochin" is stored in Kochi, and marketplace search finds it as either.
func TestARenamedCityIsStoredUnderItsCurrentNameAndFoundUnderBoth(t *testing.T) {
	rec, err := valid(t, "state", "Kerala", "city", "cochin", "locality", "Kakkanad").validate(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rec.p.City != "Kochi" {
		t.Errorf("city stored as %q, want Kochi", rec.p.City)
	}
	text := SearchText(rec.p)
	if !strings.Contains(text, "kochi") || !strings.Contains(text, "cochin") {
		t.Errorf("search text %q lacks kochi or cochin", text)
	}
}
