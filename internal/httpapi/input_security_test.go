package httpapi_test

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"propmatch/internal/platform/media/mediatest"
)

// heapCeiling is the most the server's Go heap may hold while image uploads
// arrive at once (issue 9, F1).
const heapCeiling = 300 << 20

// heldCeiling is the most heap memory the server may keep once decoded
// uploads are answered: the pixels go back to the operating system.
const heldCeiling = 64 << 20

// heapDuring runs fn and returns the largest Go heap (live and not yet
// swept objects) seen while it ran, sampled every 2 ms, and the heap memory
// the process still holds once fn returns (objects, and free memory not yet
// handed back to the operating system), without a collection forced here.
func heapDuring(fn func()) (peak, held uint64) {
	runtime.GC()
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"}, {Name: "/memory/classes/heap/free:bytes"}}
	var highest atomic.Uint64
	read := func() {
		metrics.Read(samples)
		if v := samples[0].Value.Uint64(); v > highest.Load() {
			highest.Store(v)
		}
	}
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			read()
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	fn()
	close(done)
	<-stopped
	read()
	for _, s := range samples {
		held += s.Value.Uint64()
	}
	return highest.Load(), held
}

// TestImageUploadsKeepTheHeapBounded uploads many images at once and watches
// the heap: a decompression bomb (a 177 KB PNG that decodes to 184 MB) is
// refused before decoding, and large photos (12 MP, 48 MB each once
// decoded) are decoded a few at a time, so the heap stays under 300 MB
// either way, and the memory is handed back afterwards.
func TestImageUploadsKeepTheHeapBounded(t *testing.T) {
	bomb := mediatest.Bomb()
	if len(bomb) > 300*1024 {
		t.Fatalf("the bomb is %d bytes, over the 300 KB upload limit", len(bomb))
	}
	photo := mediatest.ZeroPNG(mediatest.PNGSpec{Width: 4000, Height: 3000, Depth: 8, ColorType: mediatest.RGBA})
	// Queued uploads wait for a decode slot; on a busy machine sixteen of
	// them take longer than the default 5 s request deadline.
	eachEngine(t, apiOptions{dbTimeout: time.Minute}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		for _, tc := range []struct {
			name   string
			image  []byte
			n      int
			status int
		}{
			{"SixteenBombsAreRefusedBeforeDecoding", bomb, 16, 400},
			{"AHundredBombsAreRefusedBeforeDecoding", bomb, 100, 400},
			{"SixteenLargePhotosAreDecodedAFewAtATime", photo, 16, 201},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				body := listing("images", []string{mediatest.DataURL("image/png", tc.image)})
				statuses := make([]int, tc.n)
				peak, held := heapDuring(func() {
					var wg sync.WaitGroup
					for i := range statuses {
						wg.Go(func() { statuses[i] = a.do("POST", "/api/properties", body, as(A)).status })
					}
					wg.Wait()
				})
				t.Logf("%d concurrent uploads: peak heap %d MiB, %d MiB held afterwards", tc.n, peak>>20, held>>20)
				for i, s := range statuses {
					if s != tc.status {
						t.Errorf("upload %d answered %d, want %d", i, s, tc.status)
					}
				}
				if peak > heapCeiling {
					t.Errorf("peak heap %d MiB, want under %d MiB", peak>>20, heapCeiling>>20)
				}
				if tc.status == 201 && held > heldCeiling {
					t.Errorf("the heap holds %d MiB after the uploads, want the memory handed back (under %d MiB)", held>>20, heldCeiling>>20)
				}
			})
		}
	})
}

// writeCase is one JSON write that must be refused with a field error.
type writeCase struct {
	name, method, path string
	who                *agent // nil: signed out
	body               any
	field, message     string // message "" checks the path only
}

// market is two agents with a listing, a requirement, their match and a
// pending connection request, and a snapshot of everything they can see.
type market struct {
	A, B, C agent
	p, r, m int64
	pending int64
}

func newMarket(a *apiTest) market {
	a.t.Helper()
	mk := market{A: a.newAgent("anil", "9811111111"), B: a.newAgent("bina", "9822222222"), C: a.newAgent("chetan", "9833333333")}
	mk.p = idOf(a.create(mk.A, "/api/properties", listing()))
	mk.r = idOf(a.create(mk.B, "/api/requirements", wanted()))
	mk.m = idOf(a.onlyMatch(mk.B, "/api/matches"))
	mk.pending = a.connect(mk.C, mk.B)
	a.send(mk.A, mk.B, "Hello")
	return mk
}

// snapshot is every list the market's agents can read, as one text.
func (mk market) snapshot(a *apiTest) string {
	a.t.Helper()
	var b bytes.Buffer
	for _, r := range []struct {
		who  agent
		path string
	}{
		{mk.A, "/api/properties"}, {mk.B, "/api/requirements"}, {mk.A, "/api/matches"}, {mk.B, "/api/matches"},
		{mk.B, "/api/connections"}, {mk.A, "/api/connections"}, {mk.B, "/api/messages"}, {mk.A, "/api/agents"},
	} {
		res := a.do("GET", r.path, nil, as(r.who))
		wantStatus(a.t, res, 200)
		fmt.Fprintf(&b, "%s as %d: %s\n", r.path, r.who.id, res.body)
	}
	return b.String()
}

// run sends each case and wants its field error, then wants nothing changed.
func (mk market) run(t *testing.T, a *apiTest, cases []writeCase) {
	before := mk.snapshot(a)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := a.sub(t)
			var opts []reqOption
			if tc.who != nil {
				opts = append(opts, as(*tc.who))
			}
			res := a.do(tc.method, tc.path, tc.body, opts...)
			switch {
			case tc.field == "":
				wantError(t, res, 400)
			case tc.message == "":
				wantError(t, res, 400, tc.field)
			default:
				wantFieldError(t, res, tc.field, tc.message)
			}
		})
	}
	t.Run("NothingWasStored", func(t *testing.T) {
		a := a.sub(t)
		if after := mk.snapshot(a); after != before {
			t.Errorf("refused writes changed what agents see:\nbefore:\n%s\nafter:\n%s", before, after)
		}
		res := a.do("POST", "/api/login", map[string]any{"username": "newagent\x00", "password": "Monsoon-Terrace-42"})
		if res.status == 200 {
			t.Errorf("an account was registered with a NUL in its name")
		}
	})
}

// TestNULCharactersAre400 sends a NUL character (\u0000) in a string of
// every JSON write, and in every query parameter and path value that reaches
// the database: each is refused with 400 at the input layer and nothing is
// stored (issue 9, F13: PostgreSQL answered 500, as it cannot store NUL in text).
func TestNULCharactersAre400(t *testing.T) {
	const nul = "\x00"
	const message = " must not contain the NUL character (\\u0000)"
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		mk := newMarket(a)
		A, B := &mk.A, &mk.B
		reg := with(registration("newagent", "Monsoon-Terrace-42", "+919844444444", "new@example.com"), "username", "newagent"+nul)
		mk.run(t, a, []writeCase{
			{"SendOTP", "POST", "/api/send-otp", nil, map[string]any{"phone": "98444" + nul + "44444"}, "phone", "Phone" + message},
			{"VerifyOTP", "POST", "/api/verify-otp", nil, map[string]any{"phone": "9844444444", "otp": "123" + nul + "456"}, "otp", "Code" + message},
			{"Register", "POST", "/api/register", nil, reg, "username", "Username" + message},
			{"Login", "POST", "/api/login", nil, map[string]any{"username": "anil" + nul, "password": "x"}, "username", "Username" + message},
			{"SendResetCode", "POST", "/api/send-reset-code", nil, map[string]any{"email": "a" + nul + "@example.com"}, "email", "Email" + message},
			{"VerifyResetCode", "POST", "/api/verify-reset-code", nil, map[string]any{"email": "a@example.com", "code": "123" + nul + "456"}, "code", "Code" + message},
			{"ResetPassword", "POST", "/api/reset-password", nil, map[string]any{"email": "a@example.com", "code": "123456", "newPassword": "Monsoon" + nul + "Terrace-42"}, "newPassword", "New password" + message},
			{"PostProperty", "POST", "/api/properties", A, listing("title", "2BHK"+nul), "title", "Title" + message},
			{"PostPropertyAmenity", "POST", "/api/properties", A, listing("amenities", []string{"Gym", "Pool" + nul}), "amenities.1", "Amenities" + message},
			{"PostPropertyImage", "POST", "/api/properties", A, listing("images", []string{"data:image/png;base64," + nul}), "images.0", "Images" + message},
			{"PostPropertyNumberAsText", "POST", "/api/properties", A, listing("price", "75"+nul), "price", "Price" + message},
			{"PutProperty", "PUT", fmt.Sprintf("/api/properties/%d", mk.p), A, listing("description", nul), "description", "Description" + message},
			{"PostRequirement", "POST", "/api/requirements", B, wanted("clientName", "Ramesh"+nul), "clientName", "Client name" + message},
			{"PostRequirementLocality", "POST", "/api/requirements", B, wanted("preferredLocalities", []string{"Gachibowli", nul}), "preferredLocalities.1", "Preferred localities" + message},
			{"PatchRequirement", "PATCH", fmt.Sprintf("/api/requirements/%d", mk.r), B, map[string]any{"notes": "call" + nul}, "notes", "Notes" + message},
			{"PutMatchStatus", "PUT", fmt.Sprintf("/api/matches/%d/status", mk.m), B, map[string]any{"status": "viewed" + nul}, "status", "Status" + message},
			{"PutMatchNotes", "PUT", fmt.Sprintf("/api/matches/%d/notes", mk.m), B, map[string]any{"notes": nul}, "notes", "Notes" + message},
			{"PostConnection", "POST", "/api/connections", A, map[string]any{"recipientId": mk.C.id, "message": "hi" + nul}, "message", "Message" + message},
			{"PutConnection", "PUT", fmt.Sprintf("/api/connections/%d", mk.pending), B, map[string]any{"status": "accepted" + nul}, "status", "Status" + message},
			{"PostMessage", "POST", "/api/messages", A, map[string]any{"receiverId": B.id, "content": "hi" + nul}, "content", "Content" + message},
			{"KeyWithNUL", "POST", "/api/properties", A, `{"title\u0000": "x"}`, "", ""},
			{"BodyIsOneString", "POST", "/api/properties", A, `"\u0000"`, "", ""},
		})
		for _, tc := range []struct {
			name  string
			who   agent
			path  string
			field string
		}{
			{"MarketplacePropertiesSearch", *A, "/api/marketplace/properties?q=2BHK%00", "q"},
			{"MarketplaceRequirementsSearch", *A, "/api/marketplace/requirements?q=%00", "q"},
			{"AgentsSearch", *A, "/api/agents?q=an%00il", "q"},
			{"MatchesByStatus", *B, "/api/matches?status=new%00", "status"},
			{"MatchesByType", *B, "/api/matches?type=%00", "type"},
			{"ConnectionsByStatus", *B, "/api/connections?status=pending%00", "status"},
			{"ConnectionsByDirection", *B, "/api/connections?direction=%00", "direction"},
			{"MessagesWith", *B, "/api/messages?with=1%00", "with"},
			{"UsersByIds", *B, "/api/users?ids=1%00", "ids"},
			{"Cursor", *A, "/api/properties?cursor=%00", "cursor"},
			{"ParameterNameWithNUL", *A, "/api/properties?li%00mit=1", "limit"},
			{"CitiesOfAState", *A, "/api/cities/Telangana%00", ""},
			{"MediaID", *A, "/media/AAAA%00", ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				res := a.do("GET", tc.path, nil, as(tc.who))
				if tc.field == "" {
					wantError(t, res, 400)
				} else {
					wantFieldError(t, res, tc.field, "The address"+message)
				}
			})
		}
		t.Run("EscapedBackslashBeforeU0000IsText", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("PUT", fmt.Sprintf("/api/matches/%d/notes", mk.m), `{"notes": "C:\\u0000"}`, as(*B))
			wantStatus(t, res, 200)
			if got := res.json(t)["notes"]; got != `C:\u0000` {
				t.Errorf("notes = %q, want the text C:\\u0000", got)
			}
		})
	})
}

// TestUnreadableNumbersAreRefused sends numbers that cannot be read to every
// write that takes one: each is a field error, never a price of 0 or an
// open budget (issue 9, F14). TestPropertyInputConversion and
// TestRequirementInputConversion keep the shapes the forms may send
// (docs/product.md#input-and-errors).
func TestUnreadableNumbersAreRefused(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		mk := newMarket(a)
		A, B := &mk.A, &mk.B
		put := fmt.Sprintf("/api/properties/%d", mk.p)
		patch := fmt.Sprintf("/api/requirements/%d", mk.r)
		mk.run(t, a, []writeCase{
			{"PriceAsWords", "POST", "/api/properties", A, listing("price", "abc"), "price", "Price must be a number"},
			{"PriceWithATrailingLetter", "POST", "/api/properties", A, listing("price", "12,00,000x"), "price", "Price must be a number"},
			{"PriceWithADecimalComma", "POST", "/api/properties", A, listing("price", "75,5"), "price", "Price must be a number"},
			{"PriceAsNaN", "POST", "/api/properties", A, listing("price", "NaN"), "price", "Price must be a number"},
			{"PriceAsABoolean", "POST", "/api/properties", A, listing("price", true), "price", "Price must be a number, not a boolean"},
			{"PriceBeyondFloat64", "POST", "/api/properties", A, `{"title": "x", "price": 1e999}`, "price", "Price is out of range"},
			{"BedroomsAsWords", "POST", "/api/properties", A, listing("bedrooms", "three"), "bedrooms", "Bedrooms must be a number"},
			{"AreaWithAUnit", "POST", "/api/properties", A, listing("builtUpArea", "1200 sqft"), "builtUpArea", "Built up area must be a number"},
			{"AcresAsWords", "POST", "/api/properties", A, listing("propertyType", "agricultural", "acres", "two"), "acres", "Acres must be a number"},
			{"ActiveAsMaybe", "POST", "/api/properties", A, listing("isActive", "maybe"), "isActive", "Active must be true or false"},
			{"PutPriceAsWords", "PUT", put, A, listing("price", "abc"), "price", "Price must be a number"},
			{"MinBudgetWithATrailingLetter", "POST", "/api/requirements", B, wanted("minPrice", "12,00,000x"), "minPrice", "Minimum price must be a number"},
			{"MaxBudgetAsWords", "POST", "/api/requirements", B, wanted("maxPrice", "abc"), "maxPrice", "Maximum price must be a number"},
			{"MinBedroomsAsWords", "POST", "/api/requirements", B, wanted("minBedrooms", "many"), "minBedrooms", "Minimum bedrooms must be a number"},
			{"MinAreaWithAUnit", "POST", "/api/requirements", B, wanted("minArea", "1.5 acres"), "minArea", "Minimum area must be a number"},
			{"PatchMaxBudgetAsWords", "PATCH", patch, B, map[string]any{"maxPrice": "abc"}, "maxPrice", "Maximum price must be a number"},
			{"PatchMinBudgetWithATrailingLetter", "PATCH", patch, B, map[string]any{"minPrice": "12,00,000x"}, "minPrice", "Minimum price must be a number"},
			{"ConnectionRecipientAsWords", "POST", "/api/connections", A, map[string]any{"recipientId": "abc"}, "recipientId", "Recipient must be a number"},
			{"MessageReceiverAsWords", "POST", "/api/messages", A, map[string]any{"receiverId": "abc", "content": "hi"}, "receiverId", "Receiver must be a number"},
		})
	})
}
