package india

import (
	"fmt"
	"strings"

	"propmatch/internal/kit/apperr"
)

// gstStateCodes are the GST state codes (the first two characters of a
// GSTIN) of the dataset's states. 25 (Daman and Diu) and 28 (Andhra Pradesh
// before 2014) are older codes still found on registrations.
var gstStateCodes = map[string]string{
	"01": "Jammu and Kashmir", "02": "Himachal Pradesh", "03": "Punjab", "04": "Chandigarh", "05": "Uttarakhand",
	"06": "Haryana", "07": "Delhi", "08": "Rajasthan", "09": "Uttar Pradesh", "10": "Bihar", "11": "Sikkim",
	"12": "Arunachal Pradesh", "13": "Nagaland", "14": "Manipur", "15": "Mizoram", "16": "Tripura", "17": "Meghalaya",
	"18": "Assam", "19": "West Bengal", "20": "Jharkhand", "21": "Odisha", "22": "Chhattisgarh", "23": "Madhya Pradesh",
	"24": "Gujarat", "25": "Dadra and Nagar Haveli and Daman and Diu", "26": "Dadra and Nagar Haveli and Daman and Diu",
	"27": "Maharashtra", "28": "Andhra Pradesh", "29": "Karnataka", "30": "Goa", "31": "Lakshadweep", "32": "Kerala",
	"33": "Tamil Nadu", "34": "Puducherry", "35": "Andaman and Nicobar Islands", "36": "Telangana",
	"37": "Andhra Pradesh", "38": "Ladakh",
}

// gstinAlphabet is the base-36 alphabet of the GSTIN check character.
const gstinAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// GSTINMessage is what a form says of a GSTIN that is not one.
const GSTINMessage = "GSTIN must be 15 characters like 27AAACR5055K1Z7: a state code, a PAN, an entity number, Z and a check character"

// NormalizeGSTIN returns raw as a GSTIN (upper case, spaces removed) and the
// state it is registered in, or an error saying why it is not one. A GSTIN
// is 15 characters: the two-digit GST state code, the holder's PAN (five
// letters, four digits, a letter), the entity number (1-9 or A-Z), Z, and
// a check character: with the characters' base-36 values weighted 1, 2, 1,
// 2... from the left, each product folded (quotient plus remainder by 36)
// and summed, the check is (36 - sum mod 36) mod 36.
func NormalizeGSTIN(raw string) (gstin, state string, err error) {
	g := strings.ToUpper(strings.Join(strings.Fields(raw), ""))
	if len(g) != 15 {
		return "", "", fmt.Errorf("%s", GSTINMessage)
	}
	state, ok := gstStateCodes[g[:2]]
	pan := g[2:12]
	if !ok {
		return "", "", fmt.Errorf("GSTIN must start with an Indian state's GST code (01 to 38), not %q", g[:2])
	}
	if !isLetters(pan[:5]) || !allDigits(pan[5:9]) || !isLetters(pan[9:]) ||
		g[12] == '0' || strings.IndexByte(gstinAlphabet, g[12]) < 0 || g[13] != 'Z' {
		return "", "", fmt.Errorf("%s", GSTINMessage)
	}
	if g[14] != gstinCheck(g[:14]) {
		return "", "", fmt.Errorf("GSTIN %s has a wrong check character: check it for a typing mistake", g)
	}
	return g, state, nil
}

// CheckGSTIN returns raw as a GSTIN and its state, or adds why it is not
// one at path.
func CheckGSTIN(f *apperr.Fields, path, raw string) (gstin, state string) {
	g, st, err := NormalizeGSTIN(raw)
	if err != nil {
		f.Add(path, err.Error())
	}
	return g, st
}

// gstinCheck returns the check character of the first 14 characters of a
// GSTIN (all in gstinAlphabet).
func gstinCheck(first14 string) byte {
	sum := 0
	for i := range len(first14) {
		v := strings.IndexByte(gstinAlphabet, first14[i])
		p := v * (1 + i%2)
		sum += p/36 + p%36
	}
	return gstinAlphabet[(36-sum%36)%36]
}

// StateOfGSTCode returns the state of a two-digit GST state code.
func StateOfGSTCode(code string) (string, bool) {
	s, ok := gstStateCodes[code]
	return s, ok
}

func isLetters(s string) bool {
	for i := range len(s) {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return s != ""
}

// GSTStateCode returns the GST state code of state (matched as by
// CanonicalState): the current one where a state has had two (37 for
// Andhra Pradesh, 26 for Dadra and Nagar Haveli and Daman and Diu). It
// returns "" for an unknown state.
func GSTStateCode(state string) string {
	name, ok := CanonicalState(state)
	if !ok {
		return ""
	}
	best := ""
	for code, s := range gstStateCodes {
		if s == name && code > best {
			best = code
		}
	}
	return best
}
