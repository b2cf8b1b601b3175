package httpapi_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// importBody is a multipart body of file (named name) and the form's fields.
func importBody(t *testing.T, name string, file []byte, fields map[string]string) ([]byte, reqOption) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	w, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(file)
	_ = mw.Close()
	return b.Bytes(), withHeader("Content-Type", mw.FormDataContentType())
}

func TestImportThroughTheAPI(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		asha := a.newAgent("asha", "9811111111")
		bala := a.newAgent("bala", "9822222222")

		// The templates.
		res := a.do("GET", "/api/imports/templates/listings", nil, as(asha))
		wantStatus(t, res, 200)
		if f, err := excelize.OpenReader(bytes.NewReader(res.body)); err != nil {
			t.Fatalf("template is not an xlsx: %v", err)
		} else if rows, _ := f.GetRows(f.GetSheetName(0)); len(rows) != 6 || rows[0][0] != "Your reference" {
			t.Errorf("template rows %q", rows)
		}
		res = a.do("GET", "/api/imports/templates/requirements?format=csv", nil, as(asha))
		wantStatus(t, res, 200)
		if !strings.HasPrefix(string(res.body), "Your reference,Client name,Mobile") {
			t.Errorf("csv template %q", res.body)
		}
		wantError(t, a.do("GET", "/api/imports/templates/cars", nil, as(asha), invalid()), 400, "kind")
		wantError(t, a.do("GET", "/api/imports/templates/listings", nil), 401)

		// Upload a sheet with a bad row.
		sheet := "Your reference,Title,Type,Purpose,Price,City,Locality,BHK,Area\n" +
			"K1,Flat in Kondapur,Flat,Sale,1.25 Cr,Hyderabad,Kondapur,3 BHK,1650 sq ft\n" +
			"K2,Villa,Villa,Sale,45 lacs approx,Bangalore,Whitefield,4,2400\n" +
			"K3,=HYPERLINK(\"http://x\"),Flat,Sale,bad,Hyderabad,Kondapur,2,900\n"
		body, ct := importBody(t, "book.csv", []byte(sheet), map[string]string{"kind": "listings"})
		res = a.do("POST", "/api/imports", body, as(asha), ct)
		wantStatus(t, res, 201)
		p := res.json(t)
		wantFields(t, "preview", p, map[string]any{"good": 1.0, "bad": 2.0, "total": 3.0, "kind": "listings"})
		errs := p["errors"].([]any)
		if msg := errs[0].(map[string]any)["message"]; msg != "Row 3, Price: '45 lacs approx' is not an amount; write it like 45 L or 45,00,000" {
			t.Errorf("first error %v", msg)
		}
		rec := p["preview"].([]any)[0].(map[string]any)["record"].(map[string]any)
		if rec["price"] != 12_500_000.0 || rec["city"] != "Hyderabad" || rec["state"] != "Telangana" {
			t.Errorf("previewed record %v", rec)
		}
		id := idOf(p)
		path := fmt.Sprintf("/api/imports/%d", id)

		// Another agent's import is not found.
		wantError(t, a.do("GET", path, nil, as(bala)), 404)
		wantError(t, a.do("POST", path+"/start", nil, as(bala)), 404)
		wantError(t, a.do("GET", path+"/report", nil, as(bala)), 404)
		wantError(t, a.do("DELETE", path, nil, as(bala)), 404)
		wantError(t, a.do("GET", path, nil), 401)

		// Start: the harness drains the queue after the write.
		res = a.do("POST", path+"/start", nil, as(asha))
		wantStatus(t, res, 202)
		st := a.do("GET", path, nil, as(asha)).json(t)
		wantFields(t, "status", st, map[string]any{"status": "done", "total": 3.0, "done": 3.0, "failed": 2.0, "created": 1.0})
		wantError(t, a.do("POST", path+"/start", nil, as(asha)), 409)
		wantError(t, a.do("DELETE", path, nil, as(asha)), 409)

		res = a.do("GET", path+"/report", nil, as(asha))
		wantStatus(t, res, 200)
		report := string(res.body)
		if !strings.Contains(report, "Reason") || !strings.Contains(report, `'=HYPERLINK`) || !strings.Contains(report, "45 lacs approx") {
			t.Errorf("report:\n%s", report)
		}
		list := a.do("GET", "/api/properties", nil, as(asha)).list(t)
		if len(list) != 1 || list[0].(map[string]any)["title"] != "Flat in Kondapur" {
			t.Errorf("listings after import: %v", list)
		}

		// Hostile and wrong uploads.
		body, ct = importBody(t, "x.png", []byte("\x89PNG\r\n\x1a\n\x00\x00"), map[string]string{"kind": "listings"})
		wantError(t, a.do("POST", "/api/imports", body, as(asha), ct), 400, "file")
		body, ct = importBody(t, "x.csv", []byte(sheet), map[string]string{"kind": "cars"})
		wantError(t, a.do("POST", "/api/imports", body, as(asha), ct, invalid()), 400, "kind")
		body, ct = importBody(t, "x.csv", []byte(sheet), map[string]string{"kind": "listings", "mapping": "{not json"})
		wantError(t, a.do("POST", "/api/imports", body, as(asha), ct), 400, "mapping")
		wantError(t, a.do("POST", "/api/imports", `{"kind":"listings"}`, as(asha), invalid()), 400, "file")
		big := bytes.Repeat([]byte("a,b\n"), (10<<20)/4+1)
		body, ct = importBody(t, "big.csv", big, map[string]string{"kind": "listings"})
		wantError(t, a.do("POST", "/api/imports", body, as(asha), ct, invalid()), 400, "file")
		body, ct = importBody(t, "big.csv", bytes.Repeat([]byte("a,b\n"), (11<<20)/4), map[string]string{"kind": "listings"})
		wantError(t, a.do("POST", "/api/imports", body, as(asha), ct, invalid()), 413)
		wantError(t, a.do("GET", "/api/imports/0", nil, as(asha), invalid()), 400)

		// Cancel a pending one.
		body, ct = importBody(t, "book.csv", []byte(sheet), map[string]string{"kind": "listings"})
		id = idOf(a.do("POST", "/api/imports", body, as(asha), ct).json(t))
		res = a.do("DELETE", fmt.Sprintf("/api/imports/%d", id), nil, as(asha))
		wantStatus(t, res, 200)
		wantFields(t, "cancelled", res.json(t), map[string]any{"status": "cancelled", "done": 0.0})
	})
}

func TestImportObeysThePlan(t *testing.T) {
	eachEngine(t, apiOptions{billing: true}, func(t *testing.T, a *apiTest) {
		asha := a.newAgent("asha", "9811111111")
		lines := []string{"Title,Type,Purpose,Price,City,Locality"}
		for i := range 12 {
			lines = append(lines, fmt.Sprintf("Flat %d,Flat,Sale,45 L,Hyderabad,Kondapur", i))
		}
		body, ct := importBody(t, "book.csv", []byte(strings.Join(lines, "\n")), map[string]string{"kind": "listings"})
		id := idOf(a.do("POST", "/api/imports", body, as(asha), ct).json(t))
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/imports/%d/start", id), nil, as(asha)), 202)
		st := a.do("GET", fmt.Sprintf("/api/imports/%d", id), nil, as(asha)).json(t)
		wantFields(t, "status", st, map[string]any{"status": "done", "created": 10.0, "failed": 2.0})
		if msg := st["errors"].([]any)[0].(map[string]any)["message"].(string); !strings.Contains(msg, "plan limit reached") {
			t.Errorf("error %q", msg)
		}
	})
}
