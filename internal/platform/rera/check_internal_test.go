package rera

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"strings"
	"testing"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/media/mediatest"
)

func TestNumberFormats(t *testing.T) {
	for _, tc := range []struct {
		state, number string
		ok            bool
	}{
		{"Maharashtra", "A51700001835", true},
		{"Maharashtra", "a51700001835", true},  // normalized to upper case
		{"Maharashtra", "A5170000183", false},  // nine digits
		{"Maharashtra", "P51700001835", false}, // a project's number, not an agent's
		{"Karnataka", "PRM/KA/RERA/1251/309/AG/171324/000075", true},
		{"Karnataka", "PRM/KA/RERA/1251/310/PR/171015/004240", false}, // a project (PR), not an agent (AG)
		{"Karnataka", "A51700001835", false},
		{"Uttar Pradesh", "UPRERAAGT10202", true},
		{"Uttar Pradesh", "UPRERAAGT0000827072025", true},
		{"Uttar Pradesh", "UPRERAPRJ125342", false},
		{"Haryana", "HRERA-PKL-REA-677-2021", true},
		{"Haryana", "HRERA-PKL-677-2021", false},
		{"Gujarat", "AG/GJ/AHMEDABAD/AHMEDABAD CITY/AUDA/AA00842/160429R2", true},
		{"Gujarat", "AG/GJ/AHMEDABAD/AHMEDABAD CITY/AA06870/170831R1", true},
		{"Gujarat", "AG/GJ/AHMEDABAD/AA06870/170831R1", false},
		{"Tamil Nadu", "TN/Agent/0123/2021", true}, // no known format: anything non-empty
		{"Delhi", "anything at all", true},
		{"Delhi", "   ", false},
		{"Kerala", strings.Repeat("9", MaxNumberLength+1), false},
	} {
		msg := checkNumber(tc.state, normalize(tc.number))
		if (msg == "") != tc.ok {
			t.Errorf("%s %q: message %q, want ok=%v", tc.state, tc.number, msg, tc.ok)
		}
		if !tc.ok && strings.TrimSpace(tc.number) != "" && len(tc.number) <= MaxNumberLength {
			if f, known := formats[tc.state]; known && !strings.Contains(msg, f.Example) {
				t.Errorf("%s: message %q does not show an example", tc.state, msg)
			}
		}
	}
}

// minimalPDF is a one-page PDF with body inserted into its page dictionary.
func minimalPDF(extra string) []byte {
	return []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
		"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] " + extra + " >> endobj\n" +
		"xref\n0 4\n0000000000 65535 f \ntrailer << /Size 4 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n")
}

func smallPNG(t *testing.T) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 40, 30))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestCertificateChecks(t *testing.T) {
	ctx := context.Background()
	pngData := smallPNG(t)
	for _, tc := range []struct {
		name     string
		data     []byte
		wantType string // "" when refused
	}{
		{"plain PDF", minimalPDF(""), typePDF},
		{"PNG", pngData, "image/png"},
		{"PNG named anything, sniffed by content", append([]byte{}, pngData...), "image/png"},
		{"empty", nil, ""},
		{"PDF with JavaScript", minimalPDF("/AA << /O << /S /JavaScript /JS (app.alert(1)) >> >>"), ""},
		{"PDF with an escaped JavaScript name", minimalPDF("/OpenAction << /S /J#61vaScript /J#53 (x) >>"), ""},
		{"PDF launching a program", minimalPDF("/OpenAction << /S /Launch /F (cmd.exe) >>"), ""},
		{"PDF with an attached file", minimalPDF("/Names << /EmbeddedFiles 4 0 R >>"), ""},
		{"PDF cut short (no %%EOF)", minimalPDF("")[:60], ""},
		{"PDF header only", []byte("%PDF-1.7\n"), ""},
		{"HTML", []byte("<!doctype html><script>alert(1)</script>"), ""},
		{"SVG", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`), ""},
		{"PNG header on garbage", append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{1}, 100)...), ""},
		{"decompression bomb", mediatest.Bomb(), ""},
		{"over 5 MB", append(minimalPDF(""), bytes.Repeat([]byte(" "), MaxCertificateBytes)...), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, ct, err := checkCertificate(ctx, tc.data, "certificate")
			if tc.wantType == "" {
				var ae *apperr.Error
				if err == nil || !errorsAs(err, &ae) || ae.Code != apperr.Invalid || len(ae.Fields) != 1 || ae.Fields[0].Path != "certificate" {
					t.Fatalf("accepted or wrong error: %v (type %q)", err, ct)
				}
				return
			}
			if err != nil || ct != tc.wantType || len(out) == 0 {
				t.Fatalf("refused: %v (type %q)", err, ct)
			}
		})
	}
}

func errorsAs(err error, target **apperr.Error) bool {
	ae, ok := err.(*apperr.Error)
	if ok {
		*target = ae
	}
	return ok
}
