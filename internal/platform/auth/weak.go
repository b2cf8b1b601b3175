package auth

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// indiaBases are words Indian users build weak passwords on that the
// (mostly American) common-password list misses: the country's names,
// major cities, cricket and film, and property (issue 21, F10). A password
// that is one of them after normalising (see weakBase), such as India@123,
// Mumbai#2024 or Dh0ni@07, is refused as too common.
var indiaBases = []string{
	// the country
	"india", "bharat", "bharath", "hindustan", "hindusthan", "jaihind", "incredibleindia", "vandemataram", "bharatmata",
	// major cities
	"mumbai", "bombay", "delhi", "newdelhi", "bangalore", "bengaluru", "chennai", "madras", "kolkata", "calcutta",
	"hyderabad", "secunderabad", "pune", "ahmedabad", "surat", "jaipur", "lucknow", "kanpur", "nagpur", "indore",
	"bhopal", "patna", "kochi", "cochin", "goa", "chandigarh", "noida", "gurgaon", "gurugram", "thane", "nashik",
	"vadodara", "visakhapatnam", "vizag", "coimbatore", "mysore", "mysuru", "varanasi", "amritsar", "ludhiana",
	// cricket
	"cricket", "sachin", "tendulkar", "sachintendulkar", "dhoni", "msdhoni", "mahendra", "virat", "kohli",
	"viratkohli", "rohit", "rohitsharma", "yuvraj", "sehwag", "ganguly", "dravid", "kapildev", "gavaskar", "ipl",
	"teamindia", "mumbaiindians", "chennaisuperkings", "csk", "rcb",
	// film
	"bollywood", "tollywood", "kollywood", "shahrukh", "shahrukhkhan", "srk", "salman", "salmankhan", "aamir",
	"aamirkhan", "amitabh", "bachchan", "amitabhbachchan", "hrithik", "akshay", "ranbir", "ranveer", "deepika",
	"katrina", "priyanka", "kareena", "aishwarya", "madhuri", "rajinikanth", "prabhas", "bahubali", "baahubali",
	// property
	"propmatch", "property", "properties", "realestate", "realty", "housing", "apartment", "builder", "broker",
}

// weakBases is the set of bases a normalised password must not be: the
// common list's words without the digits and symbols people add at the end
// ("welcome" from welcome123, which the list holds only with them, since
// its entries are 8 characters or more), and indiaBases.
var weakBases = sync.OnceValue(func() map[string]bool {
	set := make(map[string]bool, 12_000)
	for _, w := range commonPasswords() {
		if stem := trailer.ReplaceAllString(w, ""); stem != w && len(stem) >= 4 && onlyLetters(stem) {
			set[stem] = true
		}
	}
	for _, w := range indiaBases {
		set[w] = true
	}
	return set
})

// trailer is what people add after a word: symbols, digits, a year.
var trailer = regexp.MustCompile(`[^\p{L}]+$`)

func onlyLetters(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}

// The digits and symbols that stand for letters ("P@ssw0rd"). 1 stands for
// l or i, so both readings are tried.
var (
	leetL = strings.NewReplacer("0", "o", "1", "l", "3", "e", "4", "a", "5", "s", "7", "t", "@", "a", "$", "s")
	leetI = strings.NewReplacer("0", "o", "1", "i", "3", "e", "4", "a", "5", "s", "7", "t", "@", "a", "$", "s")
)

// isWeak reports whether pw is a common password once normalised: lower
// case, without spaces, with or without the trailing symbols, digits or
// year, and with digits and symbols read as the letters they stand for
// (0 o, 1 l or i, 3 e, 4 a, 5 s, 7 t, @ a, $ s). Each reading is looked up
// in the common list and among the weak bases (weakBases).
func isWeak(pw string) bool {
	s := strings.Join(strings.Fields(strings.ToLower(pw)), "")
	if s == "" {
		return false
	}
	bare := trailer.ReplaceAllString(s, "")
	for _, c := range []string{s, bare, leetL.Replace(s), leetI.Replace(s), leetL.Replace(bare), leetI.Replace(bare)} {
		if c != "" && (isCommon(c) || weakBases()[c]) {
			return true
		}
	}
	return false
}
