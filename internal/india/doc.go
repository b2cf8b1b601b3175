// Package india holds the India-specific reference data and formatting that
// the rest of PropMatch shares: the 36 states and union territories with their
// cities (embedded, generated from @countrystatecity/countries under ODbL, see
// data/ATTRIBUTION.md), mobile-number normalisation to E.164, and rupee
// amounts in lakh and crore; and the checks every form shares on them (a
// state and a city from the lists, a mobile number, a ten-digit client
// phone), which add field errors to an apperr.Fields.
//
// Everything here is read-only and safe for concurrent use.
package india
