package imports_test

import (
	"archive/zip"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"propmatch/internal/feature/imports"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/services"
)

func setup(t *testing.T, db *store.DB, billing bool) (services.Set, int64) {
	t.Helper()
	set := services.New(db, services.Options{Billing: billing})
	return set, storetest.AddUser(t, db, "asha", "+919876500001")
}

func csvOf(lines ...string) []byte { return []byte(strings.Join(lines, "\n") + "\n") }

const listingHeader = "Your reference,Title,Type,Purpose,Price,City,Locality,BHK,Area"

// run starts an uploaded import and drains the queue.
func run(t *testing.T, set services.Set, agent, id int64) imports.Status {
	t.Helper()
	ctx := context.Background()
	if _, err := set.Imports.Start(ctx, agent, id); err != nil {
		t.Fatal(err)
	}
	if err := set.Queue.RunPending(ctx); err != nil {
		t.Fatal(err)
	}
	st, err := set.Imports.Get(ctx, agent, id)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func upload(t *testing.T, set services.Set, agent int64, kind string, data []byte) imports.Preview {
	t.Helper()
	p, err := set.Imports.Upload(context.Background(), agent, kind, "book.csv", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestEachValueFormatIsReadAndTheBadOnesSaySo(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		set, agent := setup(t, db, false)
		p := upload(t, set, agent, imports.Listings, csvOf(listingHeader,
			`A1,Flat one,Flat,Sale,45 L,Hyderabad,Kondapur,3 BHK,"1,650 sq ft"`,
			`A2,Flat two,Apartment,Rent,45 lakh,Bangalore,Whitefield,2,1200`,
			`A3,Flat three,apartment,sale,45 lacs approx,Hyderabad,Kondapur,3,1200`,
			`A4,Villa four,Villa,Sale,1.2 Cr,Gurgaon,Sector 57,4BHK,200 sq yd`,
			`A5,Plot five,Plot,Sale,"1,20,00,000",Cochin,MG Road,,2 acres`,
			`A6,Farm six,Farm,Sale,"₹ 45,00,000",Kochi,Kakkanad,,10 guntas`,
			`A7,Shop seven,Shop,Lease,"Rs. 45,00,000",Bengaluru,Indiranagar,,big`,
			`A8,Flat eight,Castle,Sale,45 L,Atlantis,Nowhere,3,1200`,
		))
		if p.Total != 8 || p.Good != 5 || p.Bad != 3 {
			t.Fatalf("good %d bad %d total %d; errors %+v", p.Good, p.Bad, p.Total, p.Errors)
		}
		want := []string{
			"Row 4, Price: '45 lacs approx' is not an amount; write it like 45 L or 45,00,000",
			"Row 8, Area: 'big' is not an area; write it like 1200 sq ft, 200 sq yd, 2 acres or 10 guntas",
			"Row 9, Type: 'Castle' is not a property type; write Apartment, Villa, Plot, Commercial or Agricultural",
		}
		var got []string
		for _, e := range p.Errors {
			got = append(got, e.Message)
		}
		for _, w := range want {
			if !strings.Contains(strings.Join(got, "\n"), w) {
				t.Errorf("errors lack %q; got\n%s", w, strings.Join(got, "\n"))
			}
		}
		type rec struct {
			Price    float64 `json:"price"`
			City     string  `json:"city"`
			State    string  `json:"state"`
			Bedrooms *int    `json:"bedrooms"`
			Sqft     *int    `json:"sqft"`
			Purpose  string  `json:"listingPurpose"`
			Type     string  `json:"propertyType"`
		}
		read := func(i int) rec {
			b, _ := json.Marshal(p.Preview[i].Record)
			var r rec
			_ = json.Unmarshal(b, &r)
			return r
		}
		if r := read(0); r.Price != 4_500_000 || r.City != "Hyderabad" || r.State != "Telangana" || *r.Bedrooms != 3 || *r.Sqft != 1650 || r.Type != "apartment" {
			t.Errorf("row 2 = %+v", r)
		}
		if r := read(1); r.City != "Bengaluru" || r.State != "Karnataka" || r.Purpose != "for_rent" {
			t.Errorf("row 3 = %+v", r)
		}
		if r := read(3); r.Price != 12_000_000 || r.City != "Gurugram" || *r.Sqft != 1800 || *r.Bedrooms != 4 {
			t.Errorf("row 5 = %+v", r)
		}
		if r := read(4); r.Price != 12_000_000 || r.City != "Kochi" || *r.Sqft != 87_120 {
			t.Errorf("row 6 = %+v", r)
		}
		if r := read(5); r.Price != 4_500_000 || r.Type != "agricultural" || *r.Sqft != 10_890 {
			t.Errorf("row 7 = %+v", r)
		}
	})
}

func TestRequirementValuesPhonesAndCities(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		set, agent := setup(t, db, false)
		p := upload(t, set, agent, imports.Requirements, csvOf(
			"Client Name,Mobile,Type,Purpose,Min Budget,Max Budget,City,Locality,BHK",
			`Ramesh,+91 98765 43210,Flat,Sale,80 L,1.2 Cr,Bangalore,"Whitefield, HSR",3 BHK`,
			`Anita,098450-12345,"Villa, Apartment",Buy,,2 Cr,Gurgaon,,4`,
			`Joseph,080 2345 6789,Shop,Rent,,2 L,Cochin,,`,
		))
		if p.Good != 2 || p.Bad != 1 {
			t.Fatalf("good %d bad %d: %+v", p.Good, p.Bad, p.Errors)
		}
		if msg := p.Errors[0].Message; msg != "Row 4, Mobile: '080 2345 6789' is not an Indian mobile number; write it like 98765 43210 or +91 98765 43210" {
			t.Errorf("error = %q", msg)
		}
		st := run(t, set, agent, p.ID)
		if st.Status != imports.StatusDone || st.Done != 3 || st.Failed != 1 || st.Created != 2 {
			t.Fatalf("status %+v", st)
		}
		list, _, err := set.Requirements.ListMine(context.Background(), agent, paging.Page{Limit: 10})
		if err != nil || len(list) != 2 {
			t.Fatalf("%d requirements, %v", len(list), err)
		}
		phones := map[string]bool{}
		for _, r := range list {
			phones[r.ClientPhone] = true
			if r.PreferredCities[0] != "Bengaluru" && r.PreferredCities[0] != "Gurugram" {
				t.Errorf("cities %v", r.PreferredCities)
			}
		}
		if !phones["+919876543210"] || !phones["+919845012345"] {
			t.Errorf("phones %v", phones)
		}
	})
}

// savedFields drops what only the save sets.
func savedFields(t *testing.T, v any) map[string]any {
	t.Helper()
	b, _ := json.Marshal(v)
	m := map[string]any{}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"id", "agentId", "createdAt", "updatedAt", "matching", "matchedAt", "pending", "progress", "matchCount"} {
		delete(m, k)
	}
	return m
}

func TestPreviewEqualsTheSavedRows(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		set, agent := setup(t, db, false)
		tpl, err := imports.Template(imports.Listings, imports.XLSX)
		if err != nil {
			t.Fatal(err)
		}
		p, err := set.Imports.Upload(context.Background(), agent, imports.Listings, "template.xlsx", tpl, nil)
		if err != nil {
			t.Fatal(err)
		}
		if p.Bad != 0 || p.Good != 5 {
			t.Fatalf("the template does not import cleanly: %+v", p.Errors)
		}
		st := run(t, set, agent, p.ID)
		if st.Done != 5 || st.Failed != 0 || st.Created != 5 {
			t.Fatalf("status %+v", st)
		}
		list, _, err := set.Properties.ListMine(context.Background(), agent, paging.Page{Limit: 10})
		if err != nil || len(list) != 5 {
			t.Fatalf("%d listings, %v", len(list), err)
		}
		byTitle := map[string]map[string]any{}
		for _, l := range list {
			byTitle[l.Title] = savedFields(t, l)
		}
		for _, row := range p.Preview {
			want := savedFields(t, row.Record)
			got := byTitle[want["title"].(string)]
			wb, _ := json.Marshal(want)
			gb, _ := json.Marshal(got)
			if !bytes.Equal(wb, gb) {
				t.Errorf("row %d previewed\n%s\nsaved\n%s", row.Row, wb, gb)
			}
		}
		// The requirements' template too.
		tpl, _ = imports.Template(imports.Requirements, imports.CSV)
		rp := upload(t, set, agent, imports.Requirements, tpl)
		if rp.Bad != 0 || rp.Good != 5 {
			t.Fatalf("the requirements template does not import cleanly: %+v", rp.Errors)
		}
		run(t, set, agent, rp.ID)
		reqs, _, _ := set.Requirements.ListMine(context.Background(), agent, paging.Page{Limit: 10})
		byName := map[string]map[string]any{}
		for _, r := range reqs {
			byName[r.ClientName] = savedFields(t, r)
		}
		for _, row := range rp.Preview {
			want := savedFields(t, row.Record)
			wb, _ := json.Marshal(want)
			gb, _ := json.Marshal(byName[want["clientName"].(string)])
			if !bytes.Equal(wb, gb) {
				t.Errorf("requirement row %d previewed\n%s\nsaved\n%s", row.Row, wb, gb)
			}
		}
	})
}

func TestReimportWithReferencesUpdates(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		set, agent := setup(t, db, false)
		ctx := context.Background()
		first := upload(t, set, agent, imports.Listings, csvOf(listingHeader,
			`R1,Flat one,Flat,Sale,45 L,Hyderabad,Kondapur,3,1200`,
			`R2,Flat two,Flat,Sale,50 L,Hyderabad,Kondapur,3,1300`,
			`,No reference,Flat,Sale,55 L,Hyderabad,Kondapur,3,1300`))
		if st := run(t, set, agent, first.ID); st.Created != 3 {
			t.Fatalf("first %+v", st)
		}
		second := upload(t, set, agent, imports.Listings, csvOf(listingHeader,
			`R1,Flat one,Flat,Sale,47 L,Hyderabad,Kondapur,3,1200`,
			`R2,Flat two renamed,Flat,Sale,50 L,Hyderabad,Kondapur,3,1300`,
			`R3,Flat three,Flat,Sale,60 L,Hyderabad,Kondapur,3,1300`))
		if st := run(t, set, agent, second.ID); st.Created != 1 || st.Updated != 2 || st.Failed != 0 {
			t.Fatalf("second %+v", st)
		}
		list, _, _ := set.Properties.ListMine(ctx, agent, paging.Page{Limit: 10})
		if len(list) != 4 {
			t.Fatalf("%d listings, want 4", len(list))
		}
		for _, l := range list {
			if l.Title == "Flat one" && l.Price != 4_700_000 {
				t.Errorf("R1's price %v, want 47 L", l.Price)
			}
			if l.Title == "Flat two" {
				t.Error("R2 was not updated")
			}
		}
		// Another agent's same reference is theirs.
		other := storetest.AddUser(t, db, "bala", "+919876500002")
		p, err := set.Imports.Upload(ctx, other, imports.Listings, "x.csv", csvOf(listingHeader, `R1,Bala's flat,Flat,Sale,45 L,Hyderabad,Kondapur,3,1200`), nil)
		if err != nil {
			t.Fatal(err)
		}
		if st := run(t, set, other, p.ID); st.Created != 1 {
			t.Fatalf("other %+v", st)
		}
	})
}

func TestPlanLimitsApplyToImportedRows(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		set, agent := setup(t, db, true)
		lines := []string{listingHeader}
		for i := range 12 {
			lines = append(lines, fmt.Sprintf(`P%d,Flat %d,Flat,Sale,45 L,Hyderabad,Kondapur,3,1200`, i, i))
		}
		p := upload(t, set, agent, imports.Listings, csvOf(lines...))
		st := run(t, set, agent, p.ID)
		if st.Created != 10 || st.Failed != 2 || st.Done != 12 {
			t.Fatalf("status %+v", st)
		}
		if !strings.Contains(st.Errors[0].Message, "plan limit reached") || st.Errors[0].Row != 12 {
			t.Errorf("error %+v", st.Errors[0])
		}
		var n int
		_ = db.QueryRow(`SELECT COUNT(*) FROM properties WHERE agent_id = $1`, agent).Scan(&n)
		if n != 10 {
			t.Errorf("%d listings stored, want the plan's 10", n)
		}
	})
}

// cancelling is a Target that cancels its import once the first chunk has
// committed.
type cancelling struct {
	once   sync.Once
	cancel func()
	saved  *int
}

func (c *cancelling) Check(_ context.Context, body map[string]any) (any, error) { return body, nil }
func (c *cancelling) SaveTx(ctx context.Context, tx *sql.Tx, _ int64, _ string, _ map[string]any) (int64, bool, error) {
	*c.saved++
	return int64(*c.saved), false, nil
}
func (c *cancelling) Queued() { c.once.Do(c.cancel) }

func TestCancelStopsTheJob(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		set, agent := setup(t, db, false)
		// Cancelled before it runs: nothing saved.
		p := upload(t, set, agent, imports.Listings, csvOf(listingHeader, `C1,Flat,Flat,Sale,45 L,Hyderabad,Kondapur,3,1200`))
		if _, err := set.Imports.Start(ctx, agent, p.ID); err != nil {
			t.Fatal(err)
		}
		st, err := set.Imports.Cancel(ctx, agent, p.ID)
		if err != nil || st.Status != imports.StatusCancelled {
			t.Fatalf("cancel: %+v %v", st, err)
		}
		if err := set.Queue.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		var n int
		_ = db.QueryRow(`SELECT COUNT(*) FROM properties`).Scan(&n)
		if n != 0 {
			t.Errorf("%d listings saved after cancel", n)
		}
		if _, err := set.Imports.Cancel(ctx, agent, p.ID); apperr.CodeOf(err) != apperr.Conflict {
			t.Errorf("second cancel: %v", err)
		}
		// Cancelled while running: it stops after the chunk in hand.
		saved := 0
		var svc *imports.Service
		target := &cancelling{saved: &saved}
		svc = imports.NewService(db, target, target, nil, nil, nil)
		lines := []string{"Title"}
		for i := range 3*imports.Chunk + 10 {
			lines = append(lines, fmt.Sprintf("Row %d", i))
		}
		p, err = svc.Upload(ctx, agent, imports.Listings, "big.csv", csvOf(lines...), nil)
		if err != nil {
			t.Fatal(err)
		}
		target.cancel = func() {
			if _, err := svc.Cancel(ctx, agent, p.ID); err != nil {
				t.Error(err)
			}
		}
		if _, err := svc.Start(ctx, agent, p.ID); err != nil {
			t.Fatal(err)
		}
		queue := jobs.NewQueue(db, jobs.Config{})
		queue.Add(svc.Jobs()...)
		if err := queue.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		st, _ = svc.Get(ctx, agent, p.ID)
		if saved != imports.Chunk || st.Done != imports.Chunk || st.Status != imports.StatusCancelled {
			t.Errorf("saved %d, status %+v; want one chunk then cancelled", saved, st)
		}
	})
}

func refused(t *testing.T, set services.Set, agent int64, name string, data []byte, want string) {
	t.Helper()
	_, err := set.Imports.Upload(context.Background(), agent, imports.Listings, name, data, nil)
	var ae *apperr.Error
	if !errorsAs(err, &ae) || ae.Code != apperr.Invalid || len(ae.Fields) == 0 || !strings.Contains(ae.Fields[0].Message, want) {
		t.Errorf("%s: err %v, want Invalid saying %q", name, err, want)
	}
}

func TestHostileFilesAreRefused(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		set, agent := setup(t, db, false)
		ctx := context.Background()
		// A zip bomb: a part of 300 MB of zeros in a small file.
		var bomb bytes.Buffer
		zw := zip.NewWriter(&bomb)
		w, _ := zw.Create("xl/worksheets/sheet1.xml")
		zeros := make([]byte, 1<<20)
		for range 300 {
			_, _ = w.Write(zeros)
		}
		_ = zw.Close()
		refused(t, set, agent, "bomb.xlsx", bomb.Bytes(), "unpacks to far more")
		// A truncated workbook.
		tpl, _ := imports.Template(imports.Listings, imports.XLSX)
		refused(t, set, agent, "cut.xlsx", tpl[:len(tpl)/2], "damaged or incomplete")
		// Not a spreadsheet.
		refused(t, set, agent, "photo.png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "not a spreadsheet")
		refused(t, set, agent, "old.xls", []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, "old Excel file")
		refused(t, set, agent, "empty.csv", nil, "empty")
		// A zip that is not a workbook.
		var notBook bytes.Buffer
		zw = zip.NewWriter(&notBook)
		w, _ = zw.Create("readme.txt")
		_, _ = w.Write([]byte("hello"))
		_ = zw.Close()
		refused(t, set, agent, "zip.xlsx", notBook.Bytes(), "could not be read")
		// Too many rows.
		lines := []string{listingHeader}
		for i := range imports.MaxRows + 1 {
			lines = append(lines, fmt.Sprintf("X%d,Flat,Flat,Sale,45 L,Hyderabad,Kondapur,3,1200", i))
		}
		refused(t, set, agent, "big.csv", csvOf(lines...), "more than 10000 rows")
		// Over 10 MB.
		refused(t, set, agent, "huge.csv", bytes.Repeat([]byte("a,b\n"), imports.MaxFileBytes/4+1), "over 10 MB")
		var n int
		_ = db.QueryRow(`SELECT COUNT(*) FROM imports`).Scan(&n)
		if n != 0 {
			t.Errorf("%d imports kept from refused files", n)
		}
		// Exactly 10,000 rows are fine.
		p, err := set.Imports.Upload(ctx, agent, imports.Listings, "ok.csv", csvOf(lines[:imports.MaxRows+1]...), nil)
		if err != nil || p.Total != imports.MaxRows {
			t.Errorf("10,000 rows: %v, total %d", err, p.Total)
		}
	})
}

func TestFormulaCellsAreReadAsValuesAndEscapedInTheReport(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		set, agent := setup(t, db, false)
		ctx := context.Background()
		f := excelize.NewFile()
		sh := f.GetSheetName(0)
		_ = f.SetSheetRow(sh, "A1", &[]any{"Title", "Type", "Purpose", "Price", "City", "Locality"})
		_ = f.SetSheetRow(sh, "A2", &[]any{"=HYPERLINK(\"http://evil\",\"x\")", "Flat", "Sale", "lots", "Hyderabad", "@SUM(1)"})
		_ = f.SetSheetRow(sh, "A3", &[]any{"Good flat", "Flat", "Sale", nil, "Hyderabad", "Kondapur"})
		_ = f.SetCellFormula(sh, "D3", "=1+1") // a formula cell with no cached value: never evaluated
		_ = f.SetSheetRow(sh, "A4", &[]any{"+cmd|' /C calc'!A0", "Flat", "Sale", "-45 L", "Hyderabad", "Kondapur"})
		b, _ := f.WriteToBuffer()
		p, err := set.Imports.Upload(ctx, agent, imports.Listings, "f.xlsx", b.Bytes(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if p.Good != 1 || p.Bad != 2 {
			t.Fatalf("good %d bad %d: %+v", p.Good, p.Bad, p.Errors)
		}
		// The formula =1+1 was not evaluated: its cell is read as it is stored (no value).
		if rec := savedFields(t, p.Preview[1].Record); rec["price"] != 0.0 {
			t.Errorf("formula cell read as %v", rec["price"])
		}
		run(t, set, agent, p.ID)
		var out bytes.Buffer
		if err := set.Imports.Report(ctx, agent, p.ID, &out); err != nil {
			t.Fatal(err)
		}
		report := out.String()
		for _, line := range strings.Split(report, "\n") {
			for _, cell := range strings.Split(line, ",") {
				cell = strings.TrimPrefix(cell, `"`)
				if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
					t.Errorf("unescaped cell %q in report:\n%s", cell, report)
				}
			}
		}
		if !strings.Contains(report, `'=HYPERLINK`) || !strings.Contains(report, "'@SUM(1)") || !strings.Contains(report, "Reason") {
			t.Errorf("report:\n%s", report)
		}
		// Another agent sees none of it.
		other := storetest.AddUser(t, db, "bala", "+919876500002")
		if err := set.Imports.Report(ctx, other, p.ID, &out); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("another agent's report: %v", err)
		}
		for _, fn := range []func() error{
			func() error { _, err := set.Imports.Get(ctx, other, p.ID); return err },
			func() error { _, err := set.Imports.Start(ctx, other, p.ID); return err },
			func() error { _, err := set.Imports.Cancel(ctx, other, p.ID); return err },
		} {
			if err := fn(); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("another agent's import: %v", err)
			}
		}
	})
}

func TestMappingIsOverriddenAndRemembered(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		set, agent := setup(t, db, false)
		ctx := context.Background()
		data := csvOf("Heading,Kind,For,Quote,Town,Area name", "Flat one,Flat,Sale,45 L,Hyderabad,Kondapur")
		p, err := set.Imports.Upload(ctx, agent, imports.Listings, "m.csv", data, map[string]string{"Heading": "title", "Kind": "propertyType", "Quote": "price", "For": "listingPurpose", "Town": "city"})
		if err != nil {
			t.Fatal(err)
		}
		if p.Good != 1 {
			t.Fatalf("%+v", p.Errors)
		}
		if _, err := set.Imports.Cancel(ctx, agent, p.ID); err != nil {
			t.Fatal(err)
		}
		again := upload(t, set, agent, imports.Listings, data)
		if again.Good != 1 || again.Columns[0].Field != "title" || again.Columns[3].Field != "price" || again.Columns[5].Field != "locality" {
			t.Errorf("remembered mapping not used: %+v %+v", again.Columns, again.Errors)
		}
		if _, err := set.Imports.Upload(ctx, agent, imports.Listings, "m.csv", data, map[string]string{"Heading": "nonsense"}); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("unknown field: %v", err)
		}
	})
}

func TestOpenImportsLimitHoldsUnderConcurrency(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		set, agent := setup(t, db, false)
		data := csvOf(listingHeader, `A1,Flat one,Flat,Sale,45 L,Hyderabad,Kondapur,3,1200`)
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, limited := 0, 0
		for range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := set.Imports.Upload(context.Background(), agent, imports.Listings, "a.csv", data, nil)
				mu.Lock()
				defer mu.Unlock()
				switch apperr.CodeOf(err) {
				case "":
					ok++
				case apperr.Conflict:
					limited++
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		var n int
		_ = db.QueryRow(`SELECT COUNT(*) FROM imports WHERE user_id = $1`, agent).Scan(&n)
		if ok != 5 || n != 5 || limited != 95 {
			t.Errorf("%d accepted, %d stored, %d limited; want 5, 5, 95", ok, n, limited)
		}
	})
}

// BenchmarkImport5000Listings imports 5,000 listings on SQLite (and on
// PostgreSQL with TEST_DATABASE_URL) into a market of 1,000 requirements in
// the same city (spread over its localities, budgets and sizes): the upload's preview, then the job, then the queue drained
// with every listing's matching job. It reports the upload's seconds, the
// whole run's, and the largest heap in use seen (sampled every 10 ms).
func BenchmarkImport5000Listings(b *testing.B) {
	lines := []string{listingHeader}
	for i := range 5000 {
		lines = append(lines, fmt.Sprintf(`B%d,Flat %d,Flat,Sale,%d L,Hyderabad,%s,%d BHK,"1,%03d sq ft"`, i, i, 40+i%60, []string{"Kondapur", "Gachibowli", "Madhapur", "Kukatpally", "Miyapur", "Banjara Hills", "Jubilee Hills", "Manikonda", "Kokapet", "Uppal"}[i%10], 1+i%4, i%1000))
	}
	data := csvOf(lines...)
	req := []string{"Client name,Mobile,Type,Purpose,Min budget,Max budget,City,Localities,BHK"}
	localities := []string{"Kondapur", "Gachibowli", "Madhapur", "Kukatpally", "Miyapur", "Banjara Hills", "Jubilee Hills", "Manikonda", "Kokapet", "Uppal"}
	for i := range 1000 {
		req = append(req, fmt.Sprintf(`Client %d,98%08d,Flat,Sale,%d L,%d L,Hyderabad,%s,%d`, i, i, 30+i%50, 45+i%50, localities[i%len(localities)], 1+i%4))
	}
	for _, e := range storetest.Engines() {
		b.Run(string(e), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				db := storetest.New(b, e)
				set := services.New(db, services.Options{})
				agent := storetest.AddUser(b, db, "asha", "+919876500001")
				buyer := storetest.AddUser(b, db, "bala", "+919876500002")
				ctx := context.Background()
				rp, err := set.Imports.Upload(ctx, buyer, imports.Requirements, "req.csv", csvOf(req...), nil)
				if err != nil || rp.Good != 1000 {
					b.Fatalf("%v %+v", err, rp.Errors)
				}
				if _, err := set.Imports.Start(ctx, buyer, rp.ID); err != nil {
					b.Fatal(err)
				}
				if err := set.Queue.RunPending(ctx); err != nil {
					b.Fatal(err)
				}
				var peak uint64
				stop := make(chan struct{})
				sampled := make(chan struct{})
				go func() {
					defer close(sampled)
					var m runtime.MemStats
					for {
						runtime.ReadMemStats(&m)
						peak = max(peak, m.HeapInuse)
						select {
						case <-stop:
							return
						case <-time.After(10 * time.Millisecond):
						}
					}
				}()
				b.StartTimer()
				start := time.Now()
				p, err := set.Imports.Upload(ctx, agent, imports.Listings, "5000.csv", data, nil)
				if err != nil || p.Good != 5000 {
					b.Fatalf("%v %+v", err, p.Errors)
				}
				uploaded := time.Since(start)
				if _, err := set.Imports.Start(ctx, agent, p.ID); err != nil {
					b.Fatal(err)
				}
				if err := set.Queue.RunPending(ctx); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				close(stop)
				<-sampled
				b.ReportMetric(uploaded.Seconds(), "upload-s")
				b.ReportMetric(time.Since(start).Seconds(), "total-s")
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
				st, _ := set.Imports.Get(ctx, agent, p.ID)
				var pending, matches int
				_ = db.QueryRow(`SELECT COUNT(*) FROM jobs WHERE state IN ('pending', 'running') AND kind LIKE 'match%'`).Scan(&pending)
				_ = db.QueryRow(`SELECT COUNT(*) FROM matches`).Scan(&matches)
				if st.Created != 5000 || st.Status != imports.StatusDone || pending != 0 || matches == 0 {
					b.Fatalf("status %+v, %d jobs left, %d matches", st, pending, matches)
				}
				b.ReportMetric(float64(matches), "matches")
				b.ReportMetric(st.FinishedAt.Sub(*st.StartedAt).Seconds(), "job-s")
				b.StartTimer()
			}
		})
	}
}
