package training

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"propmatch/internal/kit/pdftext"
)

// pdfText parses b as a one-page PDF and returns its text.
func pdfText(t *testing.T, b []byte) string { return pdftext.OnePage(t, b) }

func TestCertificatePDFHoldsEveryDetail(t *testing.T) {
	issued := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC) // 24 November in India
	for _, c := range []struct {
		name        string
		cert        Certificate
		want        []string
		wantMissing []string
	}{
		{"Plain", Certificate{Number: "PM-2026-ABCDEFGHJK", CourseTitle: "RERA Compliance for Agents", AgentName: "Priya Sharma", IssuedAt: issued},
			[]string{"Priya Sharma", "RERA Compliance for Agents", "Issued on 24 November 2026", "PM-2026-ABCDEFGHJK",
				"https://propmatch.example.com/certificates/PM-2026-ABCDEFGHJK"}, nil},
		{"LongTitleWraps", Certificate{Number: "PM-2026-ZZZZZZZZZZ", AgentName: "Venkata Subrahmanya Lakshmi Narasimha Chowdary",
			CourseTitle: strings.Repeat("Stamp Duty and Registration Charges ", 5), IssuedAt: issued},
			[]string{"Venkata Subrahmanya", "Stamp Duty", "PM-2026-ZZZZZZZZZZ"}, nil},
		// Devanagari is drawn in Noto Sans Devanagari, in drawing order
		// (the vowel sign ि before its consonants: see visualOrder).
		{"HindiName", Certificate{Number: "PM-2026-2345678923", AgentName: "प्रिया शर्मा",
			CourseTitle: "GST", IssuedAt: issued}, []string{"िप्रया", "शर्मा", "PM-2026-2345678923"}, []string{"?"}},
		{"HindiAndLatinName", Certificate{Number: "PM-2026-2345678924", AgentName: "प्रिया Sharma",
			CourseTitle: "GST", IssuedAt: issued}, []string{"िप्रया", "Sharma"}, []string{"?"}},
		{"LongHindiNameWraps", Certificate{Number: "PM-2026-2345678925", AgentName: strings.Repeat("वेंकट सुब्रह्मण्य लक्ष्मी ", 8),
			CourseTitle: "GST", IssuedAt: issued}, []string{"वेंकट", "लक्ष्मी"}, []string{"?"}},
		{"ScriptsWithoutAFontBecomeQuestionMarks", Certificate{Number: "PM-2026-2345678926", AgentName: "பிரியா Sharma",
			CourseTitle: "GST", IssuedAt: issued}, []string{"Sharma", "?"}, []string{"பிரியா"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.cert.SetOrigin("https://propmatch.example.com")
			b, err := renderPDF(c.cert)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(b, []byte("%PDF-")) {
				t.Fatalf("does not start as a PDF: %q", b[:min(len(b), 16)])
			}
			text := strings.Join(strings.Fields(pdfText(t, b)), " ")
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("PDF text lacks %q: %q", w, text)
				}
			}
			if hasDeva := strings.ContainsFunc(c.cert.AgentName, isDevaConsonant); hasDeva != bytes.Contains(b, []byte("NotoSansDevanagari")) {
				t.Errorf("Devanagari in the name: %v, but Noto Sans Devanagari embedded: %v", hasDeva, !hasDeva)
			}
			for _, w := range c.wantMissing {
				if strings.Contains(text, w) {
					t.Errorf("PDF text has %q: %q", w, text)
				}
			}
		})
	}
}

// TestCertificatePDFLooksLikeACertificate: the mark, the seal, the signature
// line with the issuer's name (the course's instructor, else PropMatch
// Training), and the verification address as a link, on the QR code too.
func TestCertificatePDFLooksLikeACertificate(t *testing.T) {
	issued := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	for _, c := range []struct{ name, issuer, wantIssuer string }{
		{"Instructor", "Anita Desai", "Anita Desai"},
		{"CourseGone", "", DefaultIssuer},
	} {
		t.Run(c.name, func(t *testing.T) {
			cert := Certificate{Number: "PM-2026-ABCDEFGHJK", CourseTitle: "RERA Compliance", AgentName: "Priya Sharma", IssuedAt: issued, Issuer: c.issuer}
			cert.SetOrigin("https://propmatch.example.com")
			b, err := renderPDF(cert)
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(strings.Fields(pdfText(t, b)), " ")
			for _, w := range []string{"PropMatch", "Real Estate Training", "CERTIFIED", "2026", c.wantIssuer, "Course instructor", "Scan to verify"} {
				if !strings.Contains(text, w) {
					t.Errorf("PDF text lacks %q: %q", w, text)
				}
			}
			// Two link annotations open the verification page: the address and the QR code.
			link := []byte("/URI (https://propmatch.example.com/certificates/PM-2026-ABCDEFGHJK)")
			if n := bytes.Count(b, link); n != 2 {
				t.Errorf("%d links to the verification page, want 2 (the address and the QR code)", n)
			}
		})
	}
}

// TestQRModulesHoldTheAddress: the QR code drawn is a real one of the
// address: a square grid with the three finder patterns in its corners.
func TestQRModulesHoldTheAddress(t *testing.T) {
	rows, err := qrModules("https://propmatch.example.com/certificates/PM-2026-ABCDEFGHJK")
	if err != nil {
		t.Fatal(err)
	}
	n := len(rows)
	if n < 21 || len(rows[0]) != n {
		t.Fatalf("grid %d×%d, want a square of at least 21", n, len(rows[0]))
	}
	q := 4                          // the quiet zone
	finder := func(r, c int) bool { // a 7×7 dark ring around a 3×3 dark centre
		for i := range 7 {
			for j := range 7 {
				ring := i == 0 || i == 6 || j == 0 || j == 6
				centre := i >= 2 && i <= 4 && j >= 2 && j <= 4
				if rows[r+i][c+j] != (ring || centre) {
					return false
				}
			}
		}
		return true
	}
	if !finder(q, q) || !finder(q, n-q-7) || !finder(n-q-7, q) {
		t.Error("the three finder patterns are not in the corners")
	}
}

func TestVisualOrderPutsVowelSignIBeforeItsCluster(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Priya Sharma", "Priya Sharma"},
		{"शर्मा", "शर्मा"},
		{"किताब", "िकताब"},
		{"प्रिया", "िप्रया"},
		{"क्षत्रिय", "क्षित्रय"},
		{"हिन्दी प्रिया", "िहन्दी िप्रया"},
		{"ज़िला", "िज़ला"},
		{"ि", "ि"}, // no consonant to move before
	} {
		if got := visualOrder(c.in); got != c.want {
			t.Errorf("visualOrder(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// BenchmarkCertificatePDF draws a certificate with a Latin name and with a
// Hindi one (which embeds Noto Sans Devanagari as well), and reports the
// PDF's size.
func BenchmarkCertificatePDF(b *testing.B) {
	issued := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	for _, c := range []struct{ name, agent string }{{"Latin", "Priya Sharma"}, {"Hindi", "प्रिया शर्मा"}} {
		b.Run(c.name, func(b *testing.B) {
			cert := Certificate{Number: "PM-2026-ABCDEFGHJK", CourseTitle: "RERA Compliance for Agents", AgentName: c.agent, IssuedAt: issued}
			cert.SetOrigin("https://propmatch.example.com")
			size := 0
			for b.Loop() {
				out, err := renderPDF(cert)
				if err != nil {
					b.Fatal(err)
				}
				size = len(out)
			}
			b.ReportMetric(float64(size), "bytes/pdf")
		})
	}
}
