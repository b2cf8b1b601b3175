package requirement

import (
	"encoding/json"

	"propmatch/internal/kit/input"
)

// Patch is the body of PATCH /api/requirements/{id}: the fields of Input,
// each of which changes only when the body names it. A field sent as null
// or "" is cleared (or, for a field with a default, reset to it), as in a
// POST. id, agentId and timestamps are not read, so a client cannot set them.
type Patch struct {
	ClientName          Change[input.String] `json:"clientName"`
	ClientPhone         Change[input.String] `json:"clientPhone"`
	ClientEmail         Change[input.String] `json:"clientEmail"`
	PropertyTypes       Change[input.List]   `json:"propertyTypes"`
	ListingPurpose      Change[input.String] `json:"listingPurpose"`
	MinPrice            Change[input.Float]  `json:"minPrice"`
	MaxPrice            Change[input.Float]  `json:"maxPrice"`
	PreferredState      Change[input.String] `json:"preferredState"`
	PreferredCities     Change[input.List]   `json:"preferredCities"`
	PreferredLocalities Change[input.List]   `json:"preferredLocalities"`
	MinBedrooms         Change[input.Int]    `json:"minBedrooms"`
	MaxBedrooms         Change[input.Int]    `json:"maxBedrooms"`
	MinArea             Change[input.Float]  `json:"minArea"`
	MaxArea             Change[input.Float]  `json:"maxArea"`
	Timeline            Change[input.String] `json:"timeline"`
	SpecialRequirements Change[input.String] `json:"specialRequirements" input:"multiline"`
	Notes               Change[input.String] `json:"notes" input:"multiline"`
	IsActive            Change[input.Bool]   `json:"isActive"`
	IsRealData          Change[input.Bool]   `json:"isRealData"`
}

// Change is one field of a Patch. Sent reports whether the body named the
// field, even as null; Value is what it held, read as Input reads it.
type Change[T any] struct {
	Value T
	Sent  bool
}

// UnmarshalJSON records that the field was sent and reads its value. A value
// of the wrong kind is the value type's *json.UnmarshalTypeError, which
// encoding/json places at the field's path.
func (c *Change[T]) UnmarshalJSON(b []byte) error {
	c.Sent = true
	return json.Unmarshal(b, &c.Value)
}

// to puts the sent value in dst; an unsent field leaves dst as it is.
func (c Change[T]) to(dst *T) {
	if c.Sent {
		*dst = c.Value
	}
}

// apply returns in with the fields p sends in place of its own.
func (p Patch) apply(in Input) Input {
	p.ClientName.to(&in.ClientName)
	p.ClientPhone.to(&in.ClientPhone)
	p.ClientEmail.to(&in.ClientEmail)
	p.PropertyTypes.to(&in.PropertyTypes)
	p.ListingPurpose.to(&in.ListingPurpose)
	p.MinPrice.to(&in.MinPrice)
	p.MaxPrice.to(&in.MaxPrice)
	p.PreferredState.to(&in.PreferredState)
	p.PreferredCities.to(&in.PreferredCities)
	p.PreferredLocalities.to(&in.PreferredLocalities)
	p.MinBedrooms.to(&in.MinBedrooms)
	p.MaxBedrooms.to(&in.MaxBedrooms)
	p.MinArea.to(&in.MinArea)
	p.MaxArea.to(&in.MaxArea)
	p.Timeline.to(&in.Timeline)
	p.SpecialRequirements.to(&in.SpecialRequirements)
	p.Notes.to(&in.Notes)
	p.IsActive.to(&in.IsActive)
	p.IsRealData.to(&in.IsRealData)
	return in
}

// inputOf returns the Input that r was stored from: validating it gives r's
// fields back.
func inputOf(r Requirement) Input {
	return Input{
		ClientName:          input.String(r.ClientName),
		ClientPhone:         input.String(r.ClientPhone),
		ClientEmail:         input.String(deref(r.ClientEmail)),
		PropertyTypes:       input.List(r.PropertyTypes),
		ListingPurpose:      input.String(r.ListingPurpose),
		MinPrice:            floatOf(r.MinPrice),
		MaxPrice:            floatOf(r.MaxPrice),
		PreferredState:      input.String(r.PreferredState),
		PreferredCities:     input.List(r.PreferredCities),
		PreferredLocalities: input.List(r.PreferredLocalities),
		MinBedrooms:         intOf(r.MinBedrooms),
		MaxBedrooms:         intOf(r.MaxBedrooms),
		MinArea:             floatOf(r.MinArea),
		MaxArea:             floatOf(r.MaxArea),
		Timeline:            input.String(r.Timeline),
		SpecialRequirements: input.String(deref(r.SpecialRequirements)),
		Notes:               input.String(deref(r.Notes)),
		IsActive:            input.Bool{Value: r.IsActive, Set: true},
		IsRealData:          input.Bool{Value: r.IsRealData, Set: true},
	}
}

func floatOf(v *float64) input.Float {
	if v == nil {
		return input.Float{}
	}
	return input.Float{Value: *v, Set: true}
}

func intOf(v *int) input.Int {
	if v == nil {
		return input.Int{}
	}
	return input.Int{Value: int64(*v), Set: true}
}
