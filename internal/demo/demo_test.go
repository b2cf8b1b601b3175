package demo_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/demo"
	"propmatch/internal/feature/training"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/auth"
)

var ctx = context.Background()

var now = time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)

func generate(t *testing.T, db *store.DB, opt demo.Options) demo.Result {
	t.Helper()
	if opt.Now.IsZero() {
		opt.Now = now
	}
	res, err := demo.Generate(ctx, db, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// dump returns the rows of query, one line each.
func dump(t *testing.T, db *store.DB, query string) []string {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			switch x := v.(type) {
			case []byte:
				vals[i] = string(x)
			case time.Time:
				vals[i] = x.UTC().Format(time.RFC3339Nano)
			}
		}
		out = append(out, fmt.Sprint(vals...))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func digest(lines []string) string {
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

func count(t *testing.T, db *store.DB, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// marketDump is everything generated except password hashes (random by design).
func marketDump(t *testing.T, db *store.DB) string {
	var all []string
	for _, q := range []string{
		`SELECT id, username, full_name, email, phone, role, agent_type, rera_number, is_rera_verified, state, city, bio, created_at FROM users ORDER BY id`,
		`SELECT * FROM properties ORDER BY id`,
		`SELECT * FROM requirements ORDER BY id`,
		`SELECT * FROM requirement_targets ORDER BY requirement_id, property_type, city_key`,
		`SELECT property_id, requirement_id, seller_agent_id, buyer_agent_id, match_score, breakdown, buyer_status, seller_status, created_at FROM matches ORDER BY requirement_id, property_id`,
	} {
		all = append(all, dump(t, db, q)...)
	}
	return digest(all)
}

func TestSameSeedSameMarket(t *testing.T) {
	opt := demo.Options{Agents: 40, Properties: 300, Requirements: 300, Seed: 7}
	a, b, c := storetest.New(t, store.SQLite), storetest.New(t, store.SQLite), storetest.New(t, store.SQLite)
	generate(t, a, opt)
	generate(t, b, opt)
	opt.Seed = 8
	generate(t, c, opt)
	if marketDump(t, a) != marketDump(t, b) {
		t.Error("two runs with the same seed gave different markets")
	}
	if marketDump(t, a) == marketDump(t, c) {
		t.Error("seeds 7 and 8 gave the same market")
	}
}

func TestMarketIsRealistic(t *testing.T) {
	db := storetest.New(t, store.SQLite)
	res := generate(t, db, demo.Options{Agents: 300, Properties: 3000, Requirements: 1500, Seed: 1})
	if res.Agents != 300 || res.Properties != 3000 || res.Requirements != 1500 || res.Matches == 0 {
		t.Fatalf("result = %+v", res)
	}
	for table, want := range map[string]int64{"users": 300, "properties": 3000, "requirements": 1500, "matches": res.Matches} {
		if n := count(t, db, `SELECT COUNT(*) FROM `+table); n != want {
			t.Errorf("%s has %d rows, want %d", table, n, want)
		}
	}

	t.Run("Cities", func(t *testing.T) {
		if n := count(t, db, `SELECT COUNT(DISTINCT city_key) FROM properties`); n < 120 {
			t.Errorf("listings are in %d cities, want at least 120", n)
		}
		top := dump(t, db, `SELECT COUNT(*) FROM properties GROUP BY city_key ORDER BY COUNT(*) DESC LIMIT 5`)
		var n int
		for _, l := range top {
			var k int
			fmt.Sscan(l, &k)
			n += k
		}
		if share := float64(n) / 3000; share <= 0.4 {
			t.Errorf("the top 5 cities hold %.0f%% of listings, want more than 40%%", share*100)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM properties WHERE city_key IN ('mumbai', 'bengaluru', 'hyderabad', 'pune', 'delhi')`); n < 1000 {
			t.Errorf("the big metros hold only %d listings", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM properties WHERE locality IN ('Whitefield', 'Koramangala', 'Andheri West', 'Gachibowli')`); n == 0 {
			t.Error("no listing in the well-known localities")
		}
	})

	t.Run("Prices", func(t *testing.T) {
		var lo, hi float64
		db.QueryRow(`SELECT MIN(price), MAX(price) FROM properties WHERE listing_purpose = 'for_sale'`).Scan(&lo, &hi)
		if lo > 1_000_000 || hi < 100_000_000 {
			t.Errorf("sale prices run from %.0f to %.0f, want from a few lakh to tens of crores", lo, hi)
		}
		db.QueryRow(`SELECT MIN(price), MAX(price) FROM properties WHERE listing_purpose = 'for_rent'`).Scan(&lo, &hi)
		if lo < 8000 || lo > 15000 || hi < 200_000 {
			t.Errorf("rents run from %.0f to %.0f, want from about 8,000 to a few lakh", lo, hi)
		}
		var sale, rent, lease int64
		db.QueryRow(`SELECT SUM(CASE WHEN listing_purpose = 'for_sale' THEN 1 ELSE 0 END), SUM(CASE WHEN listing_purpose = 'for_rent' THEN 1 ELSE 0 END),
			SUM(CASE WHEN listing_purpose = 'for_lease' THEN 1 ELSE 0 END) FROM properties`).Scan(&sale, &rent, &lease)
		if sale <= rent || rent <= lease || lease <= 0 {
			t.Errorf("purposes: %d for sale, %d for rent, %d for lease; want mostly sale, then rent, few lease", sale, rent, lease)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM requirements WHERE min_price IS NULL AND max_price IS NOT NULL`); n == 0 {
			t.Error("no requirement gives only a maximum budget")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM requirements WHERE min_price > max_price`); n != 0 {
			t.Errorf("%d requirements have min budget above max", n)
		}
	})

	t.Run("TypeSpecificFields", func(t *testing.T) {
		for typ, filled := range map[string]string{
			"apartment":    "bedrooms IS NOT NULL AND bathrooms IS NOT NULL AND floor IS NOT NULL AND balcony IS NOT NULL AND maintenance IS NOT NULL",
			"villa":        "villa_size IS NOT NULL AND plot_area IS NOT NULL AND parking IS NOT NULL AND furnished IS NOT NULL AND garden IS NOT NULL AND total_floors IS NOT NULL",
			"plot":         "plot_area IS NOT NULL AND zone IS NOT NULL AND frontage IS NOT NULL AND road_access IS NOT NULL",
			"agricultural": "acres IS NOT NULL AND soil_type IS NOT NULL AND crop_history IS NOT NULL AND fencing IS NOT NULL AND irrigation_system IS NOT NULL",
			"commercial":   "commercial_type IS NOT NULL AND built_up_area IS NOT NULL AND total_cabins IS NOT NULL AND washrooms IS NOT NULL AND power_backup IS NOT NULL AND lease_term IS NOT NULL",
		} {
			all := count(t, db, `SELECT COUNT(*) FROM properties WHERE property_type = $1`, typ)
			ok := count(t, db, `SELECT COUNT(*) FROM properties WHERE property_type = $1 AND `+filled, typ)
			if all == 0 || ok != all {
				t.Errorf("%s: %d of %d listings have their fields", typ, ok, all)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM properties WHERE property_type = 'apartment' AND title NOT LIKE '% BHK Apartment%'`); n != 0 {
			t.Errorf("%d apartment titles do not read 'N BHK Apartment in ...'", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM properties WHERE property_type <> 'villa' AND amenities LIKE '%Bore Well%'`); n != 0 {
			t.Errorf("%d non-villas have villa amenities", n)
		}
		for _, table := range []string{"properties", "requirements"} {
			if n := count(t, db, `SELECT COUNT(*) FROM `+table+` WHERE search_text = ''`); n != 0 {
				t.Errorf("%d %s have no search text", n, table)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM properties WHERE amenities = '[]'`); n != 0 {
			t.Errorf("%d listings have no amenities", n)
		}
	})

	t.Run("PeopleAreUnique", func(t *testing.T) {
		phone := regexp.MustCompile(`^\+91[6-9][0-9]{9}$`)
		seen := map[string]bool{}
		for _, col := range []string{"phone", "lower(username)", "lower(email)"} {
			vals := dump(t, db, `SELECT `+col+` FROM users WHERE `+strings.TrimSuffix(strings.TrimPrefix(col, "lower("), ")")+` IS NOT NULL`)
			for _, v := range vals {
				if seen[col+v] {
					t.Errorf("%s %s is used twice", col, v)
				}
				seen[col+v] = true
				if col == "phone" && !phone.MatchString(v) {
					t.Errorf("phone %q is not an Indian mobile in E.164", v)
				}
			}
		}
		if n := count(t, db, `SELECT COUNT(DISTINCT password_hash) FROM users WHERE password_hash LIKE '$argon2id$%'`); n != 300 {
			t.Errorf("%d distinct well-formed password hashes, want 300", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM requirements WHERE client_phone NOT LIKE '+91__________' OR length(client_phone) <> 13`); n != 0 {
			t.Errorf("%d client phones are not +91 and 10 digits", n)
		}
		rera := dump(t, db, `SELECT state, rera_number FROM users WHERE rera_number IS NOT NULL`)
		if len(rera) < 100 || len(rera) > 280 {
			t.Errorf("%d of 300 agents have a RERA number, want most but not all", len(rera))
		}
		formats := map[string]*regexp.Regexp{
			"Maharashtra": regexp.MustCompile(`^A5[0-9]{10}$`),
			"Karnataka":   regexp.MustCompile(`^PRM/KA/RERA/[0-9]{4}/[0-9]{3}/AG/[0-9]{6}/[0-9]{6}$`),
		}
		for _, l := range rera {
			state, number, _ := strings.Cut(l, " ")
			if len(strings.Fields(state)) > 1 { // "Tamil Nadu ..." and the like
				continue
			}
			if re := formats[state]; re != nil && !re.MatchString(number) {
				t.Errorf("%s RERA number %q is not in the state's format", state, number)
			}
		}
		if n := count(t, db, `SELECT COUNT(DISTINCT agent_type) FROM users`); n != 3 {
			t.Errorf("%d agent types, want buyer, seller and both", n)
		}
	})

	t.Run("GeneratedAgentsCannotSignIn", func(t *testing.T) {
		cfg := auth.DefaultConfig()
		cfg.Argon = auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}
		svc := auth.New(db, cfg, nil, nil, slog.New(slog.DiscardHandler))
		var username string
		db.QueryRow(`SELECT username FROM users ORDER BY id LIMIT 1`).Scan(&username)
		for _, pw := range []string{"", "password", username, "PropMatch@Agent1"} {
			if _, _, err := svc.Login(ctx, username, pw+"x", auth.Client{IP: "127.0.0.1"}); err == nil {
				t.Errorf("generated agent %s signed in with %q", username, pw+"x")
			}
		}
	})
}

func TestRefusesANonEmptyDatabase(t *testing.T) {
	db := storetest.New(t, store.SQLite)
	generate(t, db, demo.Options{Agents: 5, Properties: 20, Requirements: 20, Seed: 1})
	_, err := demo.Generate(ctx, db, demo.Options{Agents: 5, Properties: 20, Requirements: 20, Seed: 2, Now: now})
	if !errors.Is(err, demo.ErrNotEmpty) || !strings.Contains(err.Error(), "--append") {
		t.Fatalf("second run = %v, want ErrNotEmpty naming --append", err)
	}
	res := generate(t, db, demo.Options{Agents: 5, Properties: 20, Requirements: 20, Seed: 2, Append: true})
	if res.Properties != 20 || count(t, db, `SELECT COUNT(*) FROM properties`) != 40 || count(t, db, `SELECT COUNT(*) FROM users`) != 10 {
		t.Errorf("append added %+v", res)
	}
}

// engineState is what the match engine keeps: the matches, the requirements'
// bounds and the requirement targets.
func engineState(t *testing.T, db *store.DB) []string {
	t.Helper()
	var out []string
	out = append(out, dump(t, db, `SELECT property_id, requirement_id, seller_agent_id, buyer_agent_id, match_score, breakdown, buyer_status, seller_status
		FROM matches ORDER BY requirement_id, property_id`)...)
	out = append(out, dump(t, db, `SELECT id, new_matches, floor_score, floor_property_id FROM requirements ORDER BY id`)...)
	out = append(out, dump(t, db, `SELECT requirement_id, listing_purpose, property_type, city_key, price_low, price_high
		FROM requirement_targets ORDER BY requirement_id, property_type, city_key`)...)
	return out
}

func ids(t *testing.T, db *store.DB, table string) []int64 {
	t.Helper()
	var out []int64
	for _, l := range dump(t, db, `SELECT id FROM `+table+` ORDER BY id`) {
		var id int64
		fmt.Sscan(l, &id)
		out = append(out, id)
	}
	return out
}

// checkEngineAgrees runs the engine over every requirement (and every
// property) and fails when it changes anything the generator stored.
func checkEngineAgrees(t *testing.T, db *store.DB, limit int, kinds ...string) {
	t.Helper()
	before := engineState(t, db)
	e := matchengine.New(db, matchengine.Options{Limit: limit})
	if len(kinds) == 0 {
		kinds = []string{"requirements", "properties"}
	}
	for _, kind := range kinds {
		list := ids(t, db, kind)
		for i := 0; i < len(list); i += 100 {
			err := db.WithTx(ctx, func(tx *sql.Tx) error {
				for _, id := range list[i:min(i+100, len(list))] {
					var err error
					if kind == "requirements" {
						_, err = e.RequirementChanged(ctx, tx, now, id)
					} else {
						_, err = e.PropertyChanged(ctx, tx, now, id)
					}
					if err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		after := engineState(t, db)
		if diff := firstDiff(before, after); diff != "" {
			t.Fatalf("the engine changed the generated matches when re-running all %s: %s", kind, diff)
		}
	}
}

func firstDiff(a, b []string) string {
	if len(a) != len(b) {
		sa, sb := map[string]bool{}, map[string]bool{}
		for _, x := range a {
			sa[x] = true
		}
		for _, x := range b {
			sb[x] = true
		}
		var only []string
		for x := range sa {
			if !sb[x] {
				only = append(only, "generated only: "+x)
			}
		}
		for x := range sb {
			if !sa[x] {
				only = append(only, "engine only: "+x)
			}
		}
		sort.Strings(only)
		return fmt.Sprintf("%d rows, engine %d rows; %v", len(a), len(b), only[:min(len(only), 5)])
	}
	for i := range a {
		if a[i] != b[i] {
			return fmt.Sprintf("generated %q, engine %q", a[i], b[i])
		}
	}
	return ""
}

func TestMatchesAreTheEngines(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		// A small bound makes most metro requirements full, so the ranking,
		// its tie-break and the floor columns are all exercised.
		const limit = 6
		res := generate(t, db, demo.Options{Agents: 60, Properties: 1500, Requirements: 600, Seed: 3, Limit: limit})
		full := count(t, db, `SELECT COUNT(*) FROM requirements WHERE new_matches = $1`, limit)
		partial := count(t, db, `SELECT COUNT(*) FROM requirements WHERE new_matches BETWEEN 1 AND $1`, limit-1)
		if res.Matches == 0 || full < 50 || partial < 10 {
			t.Fatalf("%d matches, %d full and %d partly filled requirements: the market does not test the bound", res.Matches, full, partial)
		}
		checkEngineAgrees(t, db, limit)

		// Appending re-matches the existing requirements through the engine
		// and the new ones in bulk; the result must still be the engine's.
		generate(t, db, demo.Options{Agents: 10, Properties: 300, Requirements: 200, Seed: 4, Limit: limit, Append: true})
		checkEngineAgrees(t, db, limit)
	})
}

func TestMatchesAreTheEnginesAtTheDefaultBound(t *testing.T) {
	db := storetest.New(t, store.SQLite)
	generate(t, db, demo.Options{Agents: 30, Properties: 8000, Requirements: 120, Seed: 5})
	if n := count(t, db, `SELECT COUNT(*) FROM requirements WHERE new_matches = 100`); n == 0 {
		t.Fatal("no requirement reached the bound of 100")
	}
	checkEngineAgrees(t, db, matchengine.DefaultLimit, "requirements")
}

func TestShowcase(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		cfg := auth.DefaultConfig()
		cfg.Argon = auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}
		svc := auth.New(db, cfg, nil, nil, slog.New(slog.DiscardHandler))
		var uid = map[string]int64{}
		for i, name := range []string{"priya", "rahul"} {
			u, err := svc.CreateUser(ctx, auth.NewUser{Username: name, Password: "Long-Enough-Pass-1", FullName: name,
				Phone: fmt.Sprintf("+91987650000%d", i+2), AgentType: "both", State: "Karnataka", City: "Bengaluru"})
			if err != nil {
				t.Fatal(err)
			}
			uid[name] = u.ID
		}
		generate(t, db, demo.Options{Agents: demo.DefaultAgents, Properties: demo.DefaultProperties, Requirements: demo.DefaultRequirements,
			Seed: 1, Showcase: &demo.Showcase{Seller: uid["priya"], Buyer: uid["rahul"]}})
		priya, rahul := uid["priya"], uid["rahul"]
		if n := count(t, db, `SELECT COUNT(*) FROM properties WHERE agent_id = $1 AND city = 'Bengaluru' AND property_type = 'apartment'`, priya); n < 3 {
			t.Errorf("priya lists %d Bengaluru apartments", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM matches WHERE seller_agent_id = $1 AND buyer_agent_id = $2 AND match_score = 100`, priya, rahul); n < 3 {
			t.Errorf("rahul's requirements match %d of priya's listings with 100 points, want at least 3", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM matches WHERE seller_agent_id = $1 AND buyer_agent_id = $2`, rahul, priya); n < 1 {
			t.Error("priya's requirement does not match rahul's listing")
		}
		for name, id := range uid {
			for _, q := range []string{`SELECT COUNT(*) FROM matches WHERE seller_agent_id = $1`, `SELECT COUNT(*) FROM matches WHERE buyer_agent_id = $1`,
				`SELECT COUNT(*) FROM requirements WHERE agent_id = $1`, `SELECT COUNT(*) FROM properties WHERE agent_id = $1`} {
				if count(t, db, q, id) == 0 {
					t.Errorf("%s: %s is 0", name, q)
				}
			}
		}
		checkEngineAgrees(t, db, matchengine.DefaultLimit)

		t.Run("Billing", func(t *testing.T) {
			res, err := demo.SeedBilling(ctx, db, demo.Showcase{Seller: priya, Buyer: rahul})
			if err != nil {
				t.Fatal(err)
			}
			if res.Accounts != 3 || res.Unlocks < 2 {
				t.Errorf("billing seed %+v: want three agents on plans and some unlocks", res)
			}
			for _, plan := range []string{"starter", "professional", "enterprise"} {
				if n := count(t, db, `SELECT COUNT(*) FROM billing_accounts WHERE plan_id = $1`, plan); n < 1 {
					t.Errorf("no demo agent on %s", plan)
				}
			}
			if n := count(t, db, `SELECT COUNT(*) FROM billing_ledger WHERE user_id = $1 AND kind = 'lead'`, rahul); n < 1 {
				t.Error("rahul's ledger has no lead")
			}
			if n := count(t, db, `SELECT COUNT(*) FROM billing_accounts a WHERE a.balance_paise <> (SELECT SUM(amount_paise) FROM billing_ledger l WHERE l.user_id = a.user_id)`); n != 0 {
				t.Errorf("%d demo accounts whose balance is not their ledger's sum", n)
			}
			if again, err := demo.SeedBilling(ctx, db, demo.Showcase{Seller: priya, Buyer: rahul}); err != nil || again.Accounts != 0 {
				t.Errorf("a second seed added %+v, %v", again, err)
			}
		})
		t.Run("Network", func(t *testing.T) {
			low, high := min(priya, rahul), max(priya, rahul)
			if n := count(t, db, `SELECT COUNT(*) FROM connections WHERE user_low = $1 AND user_high = $2 AND status = 'accepted'`, low, high); n != 1 {
				t.Errorf("priya and rahul have %d accepted connections, want 1", n)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM messages WHERE user_low = $1 AND user_high = $2`, low, high); n < 2 {
				t.Errorf("priya and rahul exchanged %d messages", n)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM messages WHERE sender_id = $1 AND receiver_id = $2 AND is_read = FALSE`, rahul, priya); n < 1 {
				t.Error("priya has no unread message from rahul")
			}
			for name, id := range uid {
				if n := count(t, db, `SELECT COUNT(*) FROM connections WHERE receiver_id = $1 AND status = 'pending'`, id); n != 1 {
					t.Errorf("%s has %d pending requests, want 1", name, n)
				}
			}
			if n := count(t, db, `SELECT COUNT(*) FROM connections`); n < demo.DefaultAgents*demo.DefaultConnections/2 {
				t.Errorf("%d connections for %d agents", n, demo.DefaultAgents)
			}
			// Messages only pass between connected agents, and ids follow time.
			if n := count(t, db, `SELECT COUNT(*) FROM messages m WHERE NOT EXISTS (SELECT 1 FROM connections c
				WHERE c.user_low = m.user_low AND c.user_high = m.user_high AND c.status = 'accepted')`); n != 0 {
				t.Errorf("%d messages between agents who are not connected", n)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM conversations`); n == 0 || n%2 != 0 {
				t.Errorf("%d conversation rows, want two per talking pair", n)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM messages a JOIN messages b ON b.id > a.id WHERE b.created_at < a.created_at`); n != 0 {
				t.Errorf("%d message pairs out of time order", n)
			}
		})

		t.Run("Training", func(t *testing.T) {
			res, err := demo.SeedTraining(ctx, db, 1, &demo.Showcase{Seller: priya, Buyer: rahul})
			if err != nil {
				t.Fatal(err)
			}
			if res.Courses < 20 || res.Courses != count(t, db, `SELECT COUNT(*) FROM courses`) {
				t.Errorf("courses = %d", res.Courses)
			}
			if n := count(t, db, `SELECT COUNT(DISTINCT category) FROM courses`); n != int64(len(training.Categories)) {
				t.Errorf("courses cover %d categories, want all %d", n, len(training.Categories))
			}
			if n := count(t, db, `SELECT COUNT(*) FROM courses c WHERE (SELECT COUNT(*) FROM course_modules m WHERE m.course_id = c.id) NOT BETWEEN 3 AND 6`); n != 0 {
				t.Errorf("%d courses without 3 to 6 modules", n)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM courses WHERE price <> 'Free' AND price NOT LIKE '₹%'`); n != 0 {
				t.Errorf("%d courses priced neither Free nor in rupees", n)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM certificates WHERE user_id = $1`, priya); n != 1 {
				t.Errorf("priya has %d certificates, want 1", n)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM enrollments WHERE user_id = $1 AND completed_at IS NULL`, rahul); n != 2 {
				t.Errorf("rahul has %d courses in progress, want 2", n)
			}
			if res.Enrollments != count(t, db, `SELECT COUNT(*) FROM enrollments`) || res.Enrollments < 40 ||
				res.Certificates != count(t, db, `SELECT COUNT(*) FROM certificates`) || res.Certificates < 3 {
				t.Errorf("result %+v disagrees with the database or is thin", res)
			}
			// Completed means every module done, and each completion has its certificate.
			if n := count(t, db, `SELECT COUNT(*) FROM enrollments e WHERE e.completed_at IS NOT NULL AND (
				(SELECT COUNT(*) FROM module_progress p WHERE p.user_id = e.user_id AND p.course_id = e.course_id) <>
				(SELECT COUNT(*) FROM course_modules m WHERE m.course_id = e.course_id)
				OR NOT EXISTS (SELECT 1 FROM certificates c WHERE c.user_id = e.user_id AND c.course_id = e.course_id))`); n != 0 {
				t.Errorf("%d completed enrolments without every module or a certificate", n)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE c.status <> 'available'`); n != 0 {
				t.Errorf("%d enrolments in courses not open yet", n)
			}
			again, err := demo.SeedTraining(ctx, db, 1, nil)
			if err != nil || again != (demo.TrainingResult{}) {
				t.Errorf("seeding again = %+v, %v; want nothing added", again, err)
			}
		})
	})
}
