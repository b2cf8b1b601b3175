package imports

import (
	"bytes"
	"encoding/csv"

	"github.com/xuri/excelize/v2"

	"propmatch/internal/kit/apperr"
)

// templateRows are each kind's example rows, one per property type, under
// the titles of Fields(kind).
var templateRows = map[string][]map[string]string{
	Listings: {
		{"ref": "FLAT-101", "title": "3 BHK in Kondapur", "propertyType": "Apartment", "listingPurpose": "Sale", "price": "1.25 Cr",
			"state": "Telangana", "city": "Hyderabad", "locality": "Kondapur", "pincode": "500084", "bedrooms": "3 BHK", "bathrooms": "3",
			"sqft": "1,650 sq ft", "floor": "7", "totalFloors": "14", "facing": "East", "furnishing": "Semi-furnished", "isActive": "Yes"},
		{"ref": "VILLA-7", "title": "Independent villa near Whitefield", "propertyType": "Villa", "listingPurpose": "Sale", "price": "₹ 2,40,00,000",
			"state": "Karnataka", "city": "Bangalore", "locality": "Whitefield", "bedrooms": "4", "bathrooms": "4", "sqft": "3200",
			"plotArea": "240 sq yd", "facing": "North", "isActive": "Yes"},
		{"ref": "PLOT-22", "title": "East-facing plot in Sector 57", "propertyType": "Plot", "listingPurpose": "Sale", "price": "85 L",
			"state": "Haryana", "city": "Gurgaon", "locality": "Sector 57", "plotArea": "200 sq yd", "facing": "East", "isActive": "Yes"},
		{"ref": "SHOP-3", "title": "Office space on MG Road", "propertyType": "Commercial", "listingPurpose": "Rent", "price": "1.8 L",
			"state": "Kerala", "city": "Cochin", "locality": "MG Road", "sqft": "2,400", "bathrooms": "2", "isActive": "Yes"},
		{"ref": "FARM-9", "title": "Mango farm with borewell", "propertyType": "Agricultural", "listingPurpose": "Sale", "price": "60 lakh",
			"state": "Telangana", "city": "Hyderabad", "locality": "Shamshabad", "acres": "20 guntas", "isActive": "Yes"},
	},
	Requirements: {
		{"ref": "CL-1", "clientName": "Ramesh Kumar", "clientPhone": "+91 98765 43210", "propertyTypes": "Apartment", "listingPurpose": "Sale",
			"minPrice": "80 L", "maxPrice": "1.2 Cr", "preferredState": "Telangana", "preferredCities": "Hyderabad",
			"preferredLocalities": "Kondapur, Gachibowli", "minBedrooms": "3 BHK", "minArea": "1400", "timeline": "3months"},
		{"ref": "CL-2", "clientName": "Anita Shah", "clientPhone": "098450 12345", "propertyTypes": "Villa", "listingPurpose": "Sale",
			"maxPrice": "3 Cr", "preferredCities": "Bengaluru", "preferredLocalities": "Whitefield", "minBedrooms": "4", "timeline": "6months"},
		{"ref": "CL-3", "clientName": "Vikram Singh", "clientPhone": "9812345678", "propertyTypes": "Plot", "listingPurpose": "Sale",
			"maxPrice": "1 Cr", "preferredCities": "Gurugram", "minArea": "200 sq yd", "timeline": "flexible"},
		{"ref": "CL-4", "clientName": "Joseph Mathew", "clientPhone": "+91-94470-12345", "propertyTypes": "Commercial", "listingPurpose": "Rent",
			"maxPrice": "2 L", "preferredCities": "Kochi", "minArea": "2000", "timeline": "1month"},
		{"ref": "CL-5", "clientName": "Lakshmi Reddy", "clientPhone": "9000012345", "propertyTypes": "Agricultural", "listingPurpose": "Sale",
			"maxPrice": "75 lakh", "preferredCities": "Hyderabad", "minArea": "1 acre", "timeline": "flexible"},
	},
}

// Template returns kind's template as an .xlsx file (format "xlsx") or
// CSV (format "csv"): the titles the import detects and an example row for
// each property type.
func Template(kind, format string) ([]byte, error) {
	if err := checkKind(kind); err != nil {
		return nil, err
	}
	fields := Fields(kind)
	header := make([]string, len(fields))
	for i, f := range fields {
		header[i] = f.Label
	}
	rows := [][]string{header}
	for _, ex := range templateRows[kind] {
		row := make([]string, len(fields))
		for i, f := range fields {
			row[i] = ex[f.Key]
		}
		rows = append(rows, row)
	}
	switch format {
	case CSV:
		var b bytes.Buffer
		w := csv.NewWriter(&b)
		_ = w.WriteAll(rows)
		return b.Bytes(), w.Error()
	case XLSX, "":
		f := excelize.NewFile()
		defer func() { _ = f.Close() }()
		sheet := f.GetSheetName(0)
		for i, r := range rows {
			cell, _ := excelize.CoordinatesToCellName(1, i+1)
			vals := make([]any, len(r))
			for j, v := range r {
				vals[j] = v
			}
			if err := f.SetSheetRow(sheet, cell, &vals); err != nil {
				return nil, apperr.Wrap(err, "write template")
			}
		}
		if style, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err == nil {
			last, _ := excelize.CoordinatesToCellName(len(header), 1)
			_ = f.SetCellStyle(sheet, "A1", last, style)
		}
		_ = f.SetColWidth(sheet, "A", "Z", 18)
		b, err := f.WriteToBuffer()
		if err != nil {
			return nil, apperr.Wrap(err, "write template")
		}
		return b.Bytes(), nil
	}
	return nil, apperr.Validation(apperr.FieldError{Path: "format", Message: "Format must be xlsx or csv"})
}
