package india_test

import (
	"strings"
	"testing"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
)

func TestNormalizeGSTINAcceptsRealGSTINs(t *testing.T) {
	for _, c := range []struct{ raw, want, state string }{
		// Public registrations of listed companies.
		{"27AAACR5055K1Z7", "27AAACR5055K1Z7", "Maharashtra"}, // Reliance Industries, Mumbai
		{"27AAACT2727Q1ZW", "27AAACT2727Q1ZW", "Maharashtra"}, // Tata Consultancy Services, Mumbai
		{"29AABCI1681G1ZK", "29AABCI1681G1ZK", "Karnataka"},   // Infosys, Bengaluru
		{" 27aaacr5055k1z7 ", "27AAACR5055K1Z7", "Maharashtra"},
		{"27 AAACR 5055K 1Z7", "27AAACR5055K1Z7", "Maharashtra"},
	} {
		t.Run(c.raw, func(t *testing.T) {
			g, st, err := india.NormalizeGSTIN(c.raw)
			if err != nil || g != c.want || st != c.state {
				t.Fatalf("NormalizeGSTIN(%q) = %q, %q, %v; want %q, %q", c.raw, g, st, err, c.want, c.state)
			}
		})
	}
}

func TestNormalizeGSTINRefusesWhatIsNotOne(t *testing.T) {
	for _, c := range []struct{ name, raw, says string }{
		{"Empty", "", "15 characters"},
		{"TooShort", "27AAACR5055K1Z", "15 characters"},
		{"TooLong", "27AAACR5055K1Z77", "15 characters"},
		{"UnknownState", "99AAACR5055K1Z7", "state"},
		{"StateNotDigits", "MHAAACR5055K1Z7", "state"},
		{"PANDigitsWhereLettersGo", "271AACR5055K1Z7", "15 characters"},
		{"PANLetterWhereDigitsGo", "27AAACRA055K1Z7", "15 characters"},
		{"EntityZero", "27AAACR5055K0Z7", "15 characters"},
		{"NoZ", "27AAACR5055K1Y7", "15 characters"},
		{"WrongCheck", "27AAACR5055K1Z8", "check character"},
		{"OneTypo", "27AAACR5056K1Z7", "check character"},
		{"Swapped", "72AAACR5055K1Z7", "state"},
		{"Punctuation", "27-AACR5055K1Z7", "15 characters"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := india.NormalizeGSTIN(c.raw)
			if err == nil || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("NormalizeGSTIN(%q) = %v; want an error saying %q", c.raw, err, c.says)
			}
		})
	}
}

func TestCheckGSTINAddsAFieldError(t *testing.T) {
	var f apperr.Fields
	india.CheckGSTIN(&f, "gstin", "27AAACR5055K1Z8")
	if len(f) != 1 || f[0].Path != "gstin" {
		t.Fatalf("fields = %+v", f)
	}
}

func TestEveryGSTStateCodeNamesADatasetState(t *testing.T) {
	for code := 1; code <= 38; code++ {
		c := string(rune('0'+code/10)) + string(rune('0'+code%10))
		st, ok := india.StateOfGSTCode(c)
		if !ok {
			t.Errorf("no state for GST code %s", c)
			continue
		}
		if _, ok := india.CanonicalState(st); !ok {
			t.Errorf("GST code %s names %q, which is not a dataset state", c, st)
		}
	}
}

func TestGSTStateCodeIsTheCurrentCode(t *testing.T) {
	for state, want := range map[string]string{"Karnataka": "29", "andhra pradesh": "37", "Dadra and Nagar Haveli and Daman and Diu": "26", "Ladakh": "38", "Atlantis": ""} {
		if got := india.GSTStateCode(state); got != want {
			t.Errorf("GSTStateCode(%q) = %q, want %q", state, got, want)
		}
	}
}
