package httpapi_test

import (
	"fmt"
	"reflect"
	"testing"
)

func TestRequirementInputConversion(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		B := a.newAgent("bina", "9822222222")
		for _, tc := range []struct {
			name string
			over []any
			want map[string]any
		}{
			{"BudgetAsText", []any{"minPrice", "70,00,000", "maxPrice", "8000000"}, map[string]any{"minPrice": 7000000, "maxPrice": 8000000}},
			{"EmptyBudgetIsNull", []any{"minPrice", "", "maxPrice", nil}, map[string]any{"minPrice": nil, "maxPrice": nil}},
			{"LocalitiesAsCommaSeparatedText", []any{"preferredLocalities", " Gachibowli, , Kondapur ,"}, map[string]any{"preferredLocalities": []string{"Gachibowli", "Kondapur"}}},
			{"LocalitiesAsList", []any{"preferredLocalities", []string{" Gachibowli ", "", "Kondapur"}}, map[string]any{"preferredLocalities": []string{"Gachibowli", "Kondapur"}}},
			{"NoLocalities", []any{"preferredLocalities", ""}, map[string]any{"preferredLocalities": []string{}}},
			{"PhoneWithASpaceGetsPlus91", []any{"clientPhone", "98765 43210"}, map[string]any{"clientPhone": clientPhone}},
			{"PhoneWithPlus91Stays", []any{"clientPhone", "+919876543210"}, map[string]any{"clientPhone": clientPhone}},
			{"PhoneWithHyphenGetsPlus91", []any{"clientPhone", "98765-43210"}, map[string]any{"clientPhone": clientPhone}},
			{"TimelineWithin1Month", []any{"timeline", "within_1_month"}, map[string]any{"timeline": "1month"}},
			{"TimelineWithin3Months", []any{"timeline", "within_3_months"}, map[string]any{"timeline": "3months"}},
			{"TimelineWithin6Months", []any{"timeline", "within_6_months"}, map[string]any{"timeline": "6months"}},
			{"TimelineOfTheForm", []any{"timeline", "3months"}, map[string]any{"timeline": "3months"}},
			{"MissingTimelineIsFlexible", []any{"timeline", nil}, map[string]any{"timeline": "flexible"}},
			{"PropertySpellingForSale", []any{"listingPurpose", "for_sale"}, map[string]any{"listingPurpose": "forSale"}},
			{"PropertySpellingForRent", []any{"listingPurpose", "for_rent"}, map[string]any{"listingPurpose": "forRent"}},
			{"MissingListingPurposeIsForSale", []any{"listingPurpose", nil}, map[string]any{"listingPurpose": "forSale"}},
			{"BedroomsAsTextAndEmpty", []any{"minBedrooms", "2", "maxBedrooms", ""}, map[string]any{"minBedrooms": 2, "maxBedrooms": nil}},
			{"AreaAsText", []any{"minArea", "1000", "maxArea", "1,500"}, map[string]any{"minArea": 1000, "maxArea": 1500}},
			{"AcresAreaAsDecimal", []any{"propertyTypes", []string{"agricultural"}, "minArea", "2.5", "maxArea", "10"}, map[string]any{"minArea": 2.5, "maxArea": 10}},
			{"EmptyEmailIsNull", []any{"clientEmail", ""}, map[string]any{"clientEmail": nil}},
			{"PropertyTypeAsText", []any{"propertyTypes", "Villa"}, map[string]any{"propertyTypes": []string{"villa"}}},
			{"CityAsTextInAnyCase", []any{"preferredState", "TELANGANA", "preferredCities", "hyderabad"},
				map[string]any{"preferredState": "Telangana", "preferredCities": []string{"Hyderabad"}}},
			{"NewRequirementIsActive", []any{}, map[string]any{"isActive": true, "isRealData": true, "clientEmail": clientEmail}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				got := a.create(B, "/api/requirements", wanted(tc.over...))
				wantFields(t, "POST answer", got, tc.want)
				wantFields(t, "stored requirement", findID(a.objects(B, "/api/requirements"), idOf(got)), tc.want)
			})
		}
		t.Run("PatchConvertsAndKeepsUnsentFields", func(t *testing.T) {
			a := a.sub(t)
			r := a.create(B, "/api/requirements", wanted())
			res := a.do("PATCH", fmt.Sprintf("/api/requirements/%d", idOf(r)), map[string]any{
				"maxPrice": "90,00,000", "timeline": "within_6_months", "clientPhone": "91234 56789", "preferredLocalities": "Kondapur, Madhapur",
			}, as(B))
			wantStatus(t, res, 200)
			wantFields(t, "patched requirement", res.json(t), map[string]any{
				"maxPrice": 9000000, "timeline": "6months", "clientPhone": "+919123456789", "preferredLocalities": []string{"Kondapur", "Madhapur"},
				"minPrice": 7000000, "clientName": "Ramesh Kumar", "clientEmail": clientEmail, "minBedrooms": 3, "preferredCities": []string{"Hyderabad"},
			})
		})
	})
}

func TestRequirementValidation(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		B := a.newAgent("bina", "9822222222")
		for _, tc := range []struct {
			name          string
			over          []any
			path, message string
		}{
			{"ClientNameIsRequired", []any{"clientName", ""}, "clientName", "Client name is required"},
			{"ClientNameOfSpacesIsRequired", []any{"clientName", "   "}, "clientName", "Client name is required"},
			{"PhoneOfNineDigits", []any{"clientPhone", "987654321"}, "clientPhone", "Phone number must be exactly 10 digits"},
			{"PhoneOfElevenDigits", []any{"clientPhone", "98765432101"}, "clientPhone", "Phone number must be exactly 10 digits"},
			{"PhoneWithLetters", []any{"clientPhone", "98765abcde"}, "clientPhone", "Phone number must be exactly 10 digits"},
			{"PhoneMissing", []any{"clientPhone", nil}, "clientPhone", "Phone number must be exactly 10 digits"},
			{"InvalidEmail", []any{"clientEmail", "ramesh-at-example"}, "clientEmail", "Enter a valid email address"},
			{"EmailWithAName", []any{"clientEmail", "Ramesh <r@example.com>"}, "clientEmail", "Enter a valid email address"},
			{"PropertyTypeIsRequired", []any{"propertyTypes", []string{}}, "propertyTypes", "Please select a property type"},
			{"PropertyTypeMissing", []any{"propertyTypes", nil}, "propertyTypes", "Please select a property type"},
			{"UnknownPropertyType", []any{"propertyTypes", []string{"castle"}}, "propertyTypes", "Property type must be apartment, villa, plot, commercial or agricultural"},
			{"PreferredStateIsRequired", []any{"preferredState", ""}, "preferredState", "Please select a preferred state"},
			{"UnknownState", []any{"preferredState", "Atlantis"}, "preferredState", "Choose a state from the list"},
			{"PreferredCityIsRequired", []any{"preferredCities", []string{}}, "preferredCities", "Please select a preferred city"},
			{"PreferredCityMissing", []any{"preferredCities", ""}, "preferredCities", "Please select a preferred city"},
			{"CityOfAnotherState", []any{"preferredCities", []string{"Bengaluru"}}, "preferredCities", "Choose a city of Telangana from the list"},
			{"MaxBudgetBelowMinBudget", []any{"minPrice", 8000000, "maxPrice", "70,00,000"}, "maxPrice", "Max budget must be greater than or equal to min budget"},
			{"MaxAreaBelowMinArea", []any{"minArea", "1500", "maxArea", 1000}, "maxArea", "Max area must be greater than or equal to min area"},
			{"UnknownListingPurpose", []any{"listingPurpose", "forSwap"}, "listingPurpose", "Listing purpose must be for sale, for rent or for lease"},
			{"UnknownTimeline", []any{"timeline", "someday"}, "timeline", "Timeline must be immediate, 1month, 3months, 6months or flexible"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				wantFieldError(t, a.do("POST", "/api/requirements", wanted(tc.over...), as(B)), tc.path, tc.message)
			})
		}
		t.Run("EqualBudgetsAndAreasAreFine", func(t *testing.T) {
			a := a.sub(t)
			a.create(B, "/api/requirements", wanted("minPrice", 7500000, "maxPrice", "75,00,000", "minArea", 1200, "maxArea", "1200"))
		})
		t.Run("NothingInvalidWasStored", func(t *testing.T) {
			a := a.sub(t)
			if got := a.objects(B, "/api/requirements"); len(got) != 1 {
				t.Errorf("%d requirements stored, want the 1 valid one", len(got))
			}
		})
		t.Run("PatchIsValidatedAgainstTheStoredFields", func(t *testing.T) {
			a := a.sub(t)
			r := a.objects(B, "/api/requirements")[0]
			path := fmt.Sprintf("/api/requirements/%d", idOf(r))
			wantFieldError(t, a.do("PATCH", path, map[string]any{"maxPrice": "60,00,000"}, as(B)), "maxPrice", "Max budget must be greater than or equal to min budget")
			wantFieldError(t, a.do("PATCH", path, map[string]any{"clientName": ""}, as(B)), "clientName", "Client name is required")
			wantFieldError(t, a.do("PATCH", path, map[string]any{"clientPhone": "12345"}, as(B)), "clientPhone", "Phone number must be exactly 10 digits")
			if after := findID(a.objects(B, "/api/requirements"), idOf(r)); !reflect.DeepEqual(after, r) {
				t.Errorf("a refused PATCH changed the requirement:\nbefore %v\nafter  %v", r, after)
			}
		})
	})
}
