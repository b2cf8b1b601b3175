package httpapi_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/png"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestPropertyInputConversion(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		for _, tc := range []struct {
			name string
			over []any
			want map[string]any
		}{
			{"PriceWithIndianCommasIsANumber", []any{"price", "75,00,000"}, map[string]any{"price": 7500000}},
			{"PriceAsTextIsANumber", []any{"price", "7500000"}, map[string]any{"price": 7500000}},
			{"PriceAsNumberStays", []any{"price", 7500000}, map[string]any{"price": 7500000}},
			{"PriceWithSpacesAndDecimals", []any{"price", " 7500000.50 "}, map[string]any{"price": 7500000.5}},
			{"EmptyPriceIsZero", []any{"price", ""}, map[string]any{"price": 0}},
			{"IntegerFieldsAsText", []any{"bedrooms", "3", "bathrooms", "2", "builtUpArea", "1250", "totalFloors", "14"},
				map[string]any{"bedrooms": 3, "bathrooms": 2, "builtUpArea": 1250, "totalFloors": 14}},
			{"IntegerFieldsOfVillaAndCommercialAsText", []any{"villaSize", "2400", "plotArea", "3000", "totalCabins", "12", "washrooms", "4"},
				map[string]any{"villaSize": 2400, "plotArea": 3000, "totalCabins": 12, "washrooms": 4}},
			{"EmptyIntegerIsDropped", []any{"bedrooms", "", "bathrooms", "  "}, map[string]any{"bedrooms": nil, "bathrooms": nil}},
			{"NullIntegerIsDropped", []any{"bedrooms", nil}, map[string]any{"bedrooms": nil}},
			{"AcresAsDecimalText", []any{"propertyType", "agricultural", "bedrooms", nil, "acres", "2.5"}, map[string]any{"acres": 2.5, "propertyType": "agricultural"}},
			{"AcresAsNumber", []any{"propertyType", "agricultural", "acres", 12.75}, map[string]any{"acres": 12.75}},
			{"EmptyAcresIsDropped", []any{"propertyType", "agricultural", "acres", ""}, map[string]any{"acres": nil}},
			{"AmenitiesAsCommaSeparatedText", []any{"amenities", "Parking, , Gym "}, map[string]any{"amenities": []string{"Parking", "Gym"}}},
			{"RequirementSpellingOfListingPurpose", []any{"listingPurpose", "forRent"}, map[string]any{"listingPurpose": "for_rent"}},
			{"MissingListingPurposeIsForSale", []any{"listingPurpose", nil}, map[string]any{"listingPurpose": "for_sale"}},
			{"CityInAnyCaseIsStoredCanonical", []any{"state", "telangana", "city", "  hyderabad "}, map[string]any{"state": "Telangana", "city": "Hyderabad"}},
			{"DefaultsAreActiveAndRealWithoutImages", []any{}, map[string]any{"isActive": true, "isRealData": true, "images": []string{}, "hasLegalDocs": false}},
			{"BooleansAsText", []any{"hasLegalDocs", "true", "reraApproved", "yes", "isActive", "false"},
				map[string]any{"hasLegalDocs": true, "reraApproved": true, "isActive": false}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				got := a.create(A, "/api/properties", listing(tc.over...))
				wantFields(t, "POST answer", got, tc.want)
				wantFields(t, "stored listing", findID(a.objects(A, "/api/properties"), idOf(got)), tc.want)
			})
		}
	})
}

func TestPropertyValidation(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		img := pngDataURL(t, 4, 4, false)
		for _, tc := range []struct {
			name          string
			over          []any
			path, message string
		}{
			{"TitleIsRequired", []any{"title", ""}, "title", "Title is required"},
			{"TitleOfSpacesIsRequired", []any{"title", "   "}, "title", "Title is required"},
			{"TitleMissing", []any{"title", nil}, "title", "Title is required"},
			{"TitleOver200Characters", []any{"title", strings.Repeat("घ", 201)}, "title", "Title must be at most 200 characters"},
			{"UnknownPropertyType", []any{"propertyType", "castle"}, "propertyType", "Property type must be apartment, villa, plot, commercial or agricultural"},
			{"MissingPropertyType", []any{"propertyType", ""}, "propertyType", "Property type must be apartment, villa, plot, commercial or agricultural"},
			{"UnknownListingPurpose", []any{"listingPurpose", "for_swap"}, "listingPurpose", "Listing purpose must be for_sale, for_rent or for_lease"},
			{"PincodeOfFiveDigits", []any{"pincode", "50003"}, "pincode", "Pincode must be 6 digits"},
			{"PincodeStartingWithZero", []any{"pincode", "050032"}, "pincode", "Pincode must be 6 digits"},
			{"PincodeWithLetters", []any{"pincode", "5000AB"}, "pincode", "Pincode must be 6 digits"},
			{"MoreThanTenImages", []any{"images", slices.Repeat([]string{img}, 11)}, "images", "At most 10 photos per property"},
			{"NegativePrice", []any{"price", -1}, "price", "Price must be between 0 and 1,00,000 crore"},
			{"NegativePriceAsText", []any{"price", "-5,00,000"}, "price", "Price must be between 0 and 1,00,000 crore"},
			{"NegativeBedrooms", []any{"bedrooms", "-2"}, "bedrooms", "Bedrooms must be between 0 and 50"},
			{"NegativeAcres", []any{"acres", "-1.5"}, "acres", "Acres must be between 0 and 10,00,000"},
			{"StateIsRequired", []any{"state", ""}, "state", "State is required"},
			{"UnknownState", []any{"state", "Atlantis"}, "state", "Choose a state from the list"},
			{"CityIsRequired", []any{"city", ""}, "city", "City is required"},
			{"CityOfAnotherState", []any{"city", "Bengaluru"}, "city", "Choose a city of Telangana from the list"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				wantFieldError(t, a.do("POST", "/api/properties", listing(tc.over...), as(A), invalid()), tc.path, tc.message)
			})
		}
		t.Run("NothingInvalidWasStored", func(t *testing.T) {
			a := a.sub(t)
			if got := a.objects(A, "/api/properties"); len(got) != 0 {
				t.Errorf("%d listings stored, want none", len(got))
			}
		})
		t.Run("RefusedPutChangesNothing", func(t *testing.T) {
			a := a.sub(t)
			p := a.create(A, "/api/properties", listing())
			path := fmt.Sprintf("/api/properties/%d", idOf(p))
			wantFieldError(t, a.do("PUT", path, listing("title", ""), as(A)), "title", "Title is required")
			wantFieldError(t, a.do("PUT", path, listing("pincode", "1234567"), as(A)), "pincode", "Pincode must be 6 digits")
			after := findID(a.objects(A, "/api/properties"), idOf(p))
			// Only its matching progress moved on: the create's job has run.
			// (possibleDuplicates is on a save's answer only.)
			for _, m := range []map[string]any{p, after} {
				delete(m, "possibleDuplicates")
				delete(m, "matching")
				delete(m, "matchingQueuedAt")
			}
			if !reflect.DeepEqual(after, p) {
				t.Errorf("a refused PUT changed the listing:\nbefore %v\nafter  %v", p, after)
			}
		})
	})
}

var mediaURL = regexp.MustCompile(`^/media/[A-Za-z0-9_-]{16,64}$`)

func TestPropertyImage(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		a.create(B, "/api/requirements", wanted())
		p := a.create(A, "/api/properties", listing("images", []string{pngDataURL(t, 8, 6, false)}))
		images, _ := p["images"].([]any)
		if len(images) != 1 || !mediaURL.MatchString(fmt.Sprint(images[0])) {
			t.Fatalf("images = %v, want one /media/{id} URL", p["images"])
		}
		url := images[0].(string)

		t.Run("StoredImageIsServedAsImmutablePNG", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("GET", url, nil)
			wantStatus(t, res, 200)
			if ct := res.header.Get("Content-Type"); ct != "image/png" {
				t.Errorf("Content-Type = %q, want image/png", ct)
			}
			if cc := res.header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
				t.Errorf("Cache-Control = %q, want immutable", cc)
			}
			img, err := png.Decode(bytes.NewReader(res.body))
			if err != nil {
				t.Fatalf("body is not a PNG: %v", err)
			}
			if b := img.Bounds(); b.Dx() != 8 || b.Dy() != 6 {
				t.Errorf("image is %v, want 8x6", b)
			}
			if etag := res.header.Get("ETag"); etag == "" {
				t.Errorf("no ETag")
			} else {
				wantStatus(t, a.do("GET", url, nil, withHeader("If-None-Match", etag)), 304)
			}
		})
		t.Run("UnknownMediaIs404", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("GET", "/media/AAAAAAAAAAAAAAAAAAAAAA", nil), 404)
		})
		t.Run("ListsNeverCarryImageBytes", func(t *testing.T) {
			a := a.sub(t)
			for _, c := range []struct {
				who  agent
				path string
			}{{A, "/api/properties"}, {B, "/api/marketplace/properties"}, {B, "/api/matches"}, {A, "/api/matches"}} {
				res := a.do("GET", c.path, nil, as(c.who))
				wantStatus(t, res, 200)
				if bytes.Contains(res.body, []byte("data:")) {
					t.Errorf("GET %s carries a data URL: %.300s", c.path, res.body)
				}
				if !bytes.Contains(res.body, []byte(url)) {
					t.Errorf("GET %s does not carry the image URL %s: %.300s", c.path, url, res.body)
				}
			}
		})
		t.Run("EditingWithTheMediaURLKeepsIt", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("PUT", fmt.Sprintf("/api/properties/%d", idOf(p)), listing("title", "Edited", "images", []string{url}), as(A))
			wantStatus(t, res, 200)
			wantFields(t, "edited listing", res.json(t), map[string]any{"images": []string{url}, "title": "Edited"})
			wantStatus(t, a.do("GET", url, nil), 200)
		})
		t.Run("EditingWithoutImagesRemovesIt", func(t *testing.T) {
			a := a.sub(t)
			q := a.create(A, "/api/properties", listing("images", []string{pngDataURL(t, 2, 2, false)}))
			res := a.do("PUT", fmt.Sprintf("/api/properties/%d", idOf(q)), listing("images", []string{}), as(A))
			wantStatus(t, res, 200)
			wantFields(t, "edited listing", res.json(t), map[string]any{"images": []string{}})
		})
		for _, tc := range []struct {
			name, image, message string
		}{
			{"GIFIsRefused", gifDataURL(t), "Only PNG and JPEG images are accepted"},
			{"SVGIsRefused", "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>`)), "Only PNG and JPEG images are accepted"},
			{"GIFLabelledAsPNGIsRefused", strings.Replace(gifDataURL(t), "image/gif", "image/png", 1), "Only PNG and JPEG images are accepted"},
			{"Over300KBIsRefused", pngDataURL(t, 400, 400, true), "Image size must be less than 300KB"},
			{"NotBase64IsRefused", "data:image/png;base64,!!!!", "Image data is not valid base64"},
			{"NotADataURLIsRefused", "https://example.com/a.png", "Image must be a PNG or JPEG data URL, or a /media/ URL"},
			{"UnknownMediaURLIsRefused", "/media/AAAAAAAAAAAAAAAAAAAAAA", "That image no longer exists; upload it again"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				wantFieldError(t, a.do("POST", "/api/properties", listing("images", []string{tc.image}), as(A)), "images.0", tc.message)
			})
		}
		t.Run("RefusedImagesStoredNothing", func(t *testing.T) {
			a := a.sub(t)
			if got := a.objects(A, "/api/properties"); len(got) != 2 {
				t.Errorf("%d listings, want 2", len(got))
			}
		})
	})
}

// ---- matching -------------------------------------------------------------
