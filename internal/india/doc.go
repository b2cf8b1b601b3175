// Package india holds the India-specific reference data and formatting that
// the rest of PropMatch shares: the 36 states and union territories with their
// cities (embedded, generated from @countrystatecity/countries under ODbL, see
// data/ATTRIBUTION.md), mobile-number normalisation to E.164, and rupee
// amounts in lakh and crore.
//
// Everything here is read-only and safe for concurrent use.
package india
