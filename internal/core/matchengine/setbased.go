package matchengine

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/core/listing"
	"propmatch/internal/kit/store"
)

// A listing's matching job runs set-based (issue 24, docs/decisions.md,
// "Set-based matching"): the hard filters and the score are plain column
// comparisons, so one statement scores every candidate requirement of a
// range inside the database and inserts the ones that enter their
// requirement's best N, with no rows read into Go and no statement parsed
// per batch. The Go loop (propertyChangedGo) stays as the reference the
// tests compare it with (Options.Reference).

// sqlDialect holds the few spellings the set-based statements need that
// differ between the engines.
type sqlDialect struct{ pg bool }

func dialectOf(db *store.DB) sqlDialect { return sqlDialect{pg: db.Engine == store.Postgres} }

// contains is the SQL test that haystack contains needle (both text).
func (d sqlDialect) contains(haystack, needle string) string {
	if d.pg {
		return "strpos(" + haystack + ", " + needle + ") > 0"
	}
	return "instr(" + haystack + ", " + needle + ") > 0"
}

// jsonValues is a FROM item listing the strings of the JSON list in
// column as k.value.
func (d sqlDialect) jsonValues(column string) string {
	if d.pg {
		return "json_array_elements_text(CAST(" + column + " AS json)) AS k(value)"
	}
	return "json_each(" + column + ") AS k"
}

// inIDs is the SQL test that column is one of the ids in parameter n,
// bound with idsArg: an array on PostgreSQL, a JSON list on SQLite.
func (d sqlDialect) inIDs(column string, n int) string {
	if d.pg {
		return fmt.Sprintf("%s = ANY(CAST($%d AS BIGINT[]))", column, n)
	}
	return fmt.Sprintf("%s IN (SELECT value FROM json_each($%d))", column, n)
}

// timestamp types the time parameter param for a SELECT list (PostgreSQL
// would read it as text; SQLite stores the driver's text as it is).
func (d sqlDialect) timestamp(param string) string {
	if d.pg {
		return "CAST(" + param + " AS TIMESTAMPTZ)"
	}
	return param
}

// idsArg binds ids for inIDs.
func (d sqlDialect) idsArg(ids []int64) any {
	if d.pg {
		return ids
	}
	b := make([]byte, 0, len(ids)*8+2)
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	return string(append(b, ']'))
}

// LocalityKeys is the form requirement.locality_keys stores a
// requirement's wanted localities in: each as the locality rule compares it
// (normalize), the empty ones left out, as a JSON list.
func LocalityKeys(localities []string) string {
	keys := make([]string, 0, len(localities))
	for _, l := range localities {
		if k := normalize(l); k != "" {
			keys = append(keys, k)
		}
	}
	b, _ := json.Marshal(keys)
	return string(b)
}

// keyLocalities writes locality_keys for the requirements in [lo, hi] that
// have none yet (those stored before migration 00033).
func (e *Engine) keyLocalities(ctx context.Context, tx *sql.Tx, lo, hi int64) error {
	rows, err := e.db.TxQuery(ctx, tx, `SELECT id, preferred_localities FROM requirements
		WHERE locality_keys IS NULL AND id BETWEEN $1 AND $2`, lo, hi)
	if err != nil {
		return fmt.Errorf("unkeyed requirements: %w", err)
	}
	type unkeyed struct {
		id   int64
		keys string
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, u *unkeyed) error {
		var localities string
		if err := rows.Scan(&u.id, &localities); err != nil {
			return err
		}
		u.keys = LocalityKeys(store.StringList(localities))
		return nil
	})
	if err != nil {
		return fmt.Errorf("unkeyed requirements: %w", err)
	}
	for _, u := range list {
		if _, err := tx.ExecContext(ctx, `UPDATE requirements SET locality_keys = $1 WHERE id = $2`, u.keys, u.id); err != nil {
			return fmt.Errorf("key localities: %w", err)
		}
	}
	return nil
}

// scoredSQL is the WITH clause naming `scored`: the requirements in
// [@low, @high] that the listing qualifies for (the target row holds the
// purpose, type, city and widened band; the agents differ and are
// active), with their bound and their score by the rules of Score. The
// listing's own side of each rule is a parameter (see scoredArgs).
func (d sqlDialect) scoredSQL() string {
	price := "CAST(@price AS DOUBLE PRECISION)"
	bedrooms := "CAST(@bedrooms AS INTEGER)"
	locality := "CAST(@locality AS TEXT)"
	return `WITH scored AS (SELECT c.*, ` + strconv.Itoa(PointsType+PointsCity) + ` + c.price_points + c.bedroom_points + c.locality_points AS total FROM (
		SELECT r.id, r.agent_id, r.new_matches, r.floor_score, r.floor_property_id,
			CASE WHEN (r.min_price IS NULL OR r.min_price <= ` + price + `) AND (r.max_price IS NULL OR r.max_price >= ` + price + `)
				THEN ` + strconv.Itoa(PointsPrice) + ` ELSE 0 END AS price_points,
			CASE WHEN ` + bedrooms + ` IS NOT NULL AND (r.min_bedrooms IS NULL OR r.min_bedrooms <= ` + bedrooms + `)
				AND (r.max_bedrooms IS NULL OR r.max_bedrooms >= ` + bedrooms + `) THEN ` + strconv.Itoa(PointsBedrooms) + ` ELSE 0 END AS bedroom_points,
			CASE WHEN ` + locality + ` <> '' AND r.locality_keys <> '[]' AND EXISTS (SELECT 1 FROM ` + d.jsonValues("r.locality_keys") + `
				WHERE ` + d.contains(locality, "k.value") + `) THEN ` + strconv.Itoa(PointsLocality) + ` ELSE 0 END AS locality_points
		FROM requirement_targets t JOIN requirements r ON r.id = t.requirement_id JOIN users u ON u.id = r.agent_id AND u.is_active = TRUE
		WHERE t.listing_purpose = @purpose AND t.property_type = @type AND t.city_key = @city
		AND (t.price_low IS NULL OR t.price_low <= ` + price + `) AND (t.price_high IS NULL OR t.price_high >= ` + price + `)
		AND t.requirement_id BETWEEN @low AND @high
		AND r.is_active = TRUE AND r.agent_id <> @agent) c) `
}

// breakdownSQL is Breakdown's JSON, as encoding/json writes it, of a row
// of scored named s.
func breakdownSQL() string {
	part := func(name, expr string) string { return `',"` + name + `":' || CAST(` + expr + ` AS TEXT) || ` }
	return `'{"propertyType":` + strconv.Itoa(PointsType) + `,"city":` + strconv.Itoa(PointsCity) + `' || ` +
		part("price", "s.price_points") + part("bedrooms", "s.bedroom_points") + part("locality", "s.locality_points") +
		part("total", "s.total") + `'}'`
}

// entersSQL is the condition that the scored row s, unmatched with the
// listing, enters its requirement's best N: a free slot, or it ranks above
// the floor (the floor match is then pushed out).
func entersSQL() string {
	return `NOT EXISTS (SELECT 1 FROM matches m WHERE m.property_id = @property AND m.requirement_id = s.id)
		AND (s.new_matches < @limit OR (s.floor_score IS NOT NULL AND (s.total > s.floor_score
			OR (s.total = s.floor_score AND @property > s.floor_property_id))))`
}

// propertyRange settles listing p's matches with the requirements whose
// ids are in [lo, hi], as propertyChangedGo does, counting the matches it
// stores in added: the matches that stopped qualifying leave (by the Go
// path: an open one frees a slot to refill), then one statement each
// rescores the kept matches, pushes out the floors the newcomers beat,
// inserts the newcomers, and updates the bounds.
func (e *Engine) propertyRange(ctx context.Context, tx *sql.Tx, now time.Time, p Property, lo, hi int64, added Gained) error {
	if err := e.keyLocalities(ctx, tx, lo, hi); err != nil {
		return err
	}
	d := dialectOf(e.db)
	vals := e.scoredValues(p, lo, hi, now)
	var had int
	rows, err := e.db.TxQuery(ctx, tx, `SELECT COUNT(*) FROM matches WHERE property_id = $1 AND requirement_id BETWEEN $2 AND $3`, p.ID, lo, hi)
	if counts, err := collectIDs(rows, err, "count listing matches"); err != nil {
		return err
	} else if len(counts) == 1 {
		had = int(counts[0])
	}
	if had > 0 {
		if err := e.leaveRange(ctx, tx, now, p, vals, added); err != nil {
			return err
		}
	}
	if !p.Active {
		return nil
	}
	if had > 0 {
		if err := e.rescoreRange(ctx, tx, d, vals); err != nil {
			return err
		}
	}
	q, args := bind(d.scoredSQL()+`DELETE FROM matches WHERE `+openSQL("")+` AND (requirement_id, property_id) IN (
		SELECT s.id, s.floor_property_id FROM scored s WHERE s.new_matches >= @limit AND `+entersSQL()+`)`, vals)
	if _, err := e.db.TxExec(ctx, tx, q, args...); err != nil {
		return fmt.Errorf("push out matches: %w", err)
	}
	q, args = bind(d.scoredSQL()+`INSERT INTO matches (property_id, requirement_id, seller_agent_id, buyer_agent_id,
		match_score, breakdown, created_at, updated_at)
		SELECT CAST(@property AS BIGINT), s.id, CAST(@agent AS BIGINT), s.agent_id, s.total, `+breakdownSQL()+`,
			`+d.timestamp("@now")+`, `+d.timestamp("@now")+` FROM scored s WHERE `+entersSQL()+`
		RETURNING requirement_id, buyer_agent_id`, vals)
	rows, err = e.db.TxQuery(ctx, tx, q, args...)
	if err != nil {
		return fmt.Errorf("insert matches: %w", err)
	}
	type gain struct{ req, buyer int64 }
	gains, err := store.Collect(rows, func(rows *sql.Rows, g *gain) error { return rows.Scan(&g.req, &g.buyer) })
	if err != nil || len(gains) == 0 {
		return err
	}
	ids := make([]int64, len(gains))
	for i, g := range gains {
		ids[i] = g.req
		added.add(p.AgentID, g.buyer)
	}
	// A requirement that had a free slot counts one more; one that was full
	// lost its floor to the push-out. Either way its floor is its lowest
	// open match, read from the rank index.
	sub := `FROM matches m WHERE m.requirement_id = requirements.id AND ` + openSQL("m") + ` ORDER BY m.match_score, m.property_id LIMIT 1`
	_, err = e.db.TxExec(ctx, tx, `UPDATE requirements SET
		new_matches = CASE WHEN new_matches < $1 THEN new_matches + 1 ELSE new_matches END,
		floor_score = (SELECT m.match_score `+sub+`), floor_property_id = (SELECT m.property_id `+sub+`)
		WHERE `+d.inIDs("id", 2), e.opt.Limit, d.idsArg(ids))
	if err != nil {
		return fmt.Errorf("update match bounds: %w", err)
	}
	return nil
}

// rescoreRange gives the listing's kept matches in the range their new
// score where it changed, and re-reads the floors of the requirements
// whose open match it rescored.
func (e *Engine) rescoreRange(ctx context.Context, tx *sql.Tx, d sqlDialect, vals map[string]any) error {
	q, args := bind(d.scoredSQL()+`UPDATE matches SET match_score = s.total, breakdown = `+breakdownSQL()+`, updated_at = @now
		FROM scored s WHERE matches.property_id = @property AND matches.requirement_id = s.id AND matches.match_score <> s.total
		RETURNING matches.requirement_id, matches.buyer_status, matches.seller_status`, vals)
	rows, err := e.db.TxQuery(ctx, tx, q, args...)
	if err != nil {
		return fmt.Errorf("rescore matches: %w", err)
	}
	type rescored struct {
		req           int64
		buyer, seller Status
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, r *rescored) error { return rows.Scan(&r.req, &r.buyer, &r.seller) })
	if err != nil {
		return fmt.Errorf("rescore matches: %w", err)
	}
	var open []int64
	for _, r := range list {
		if Open(r.buyer, r.seller) {
			open = append(open, r.req)
		}
	}
	return updateFloors(ctx, tx, open)
}

// scoredValues are the named parameters of the set-based statements for
// listing p and [lo, hi]: the listing's side of each rule, its bound.
func (e *Engine) scoredValues(p Property, lo, hi int64, now time.Time) map[string]any {
	var bedrooms any // NULL gives no bedroom points
	if listing.PropertyType(p.Type).HasBedrooms() && p.Bedrooms != nil && *p.Bedrooms > 0 {
		bedrooms = int64(*p.Bedrooms)
	}
	return map[string]any{"purpose": string(p.Purpose), "type": p.Type, "city": CityKey(p.City), "price": p.Price,
		"agent": p.AgentID, "low": lo, "high": hi, "bedrooms": bedrooms, "locality": normalize(p.Locality),
		"property": p.ID, "limit": e.opt.Limit, "now": now}
}

// bind numbers the @name parameters of query in order of first use, as
// both engines' drivers take them, and returns their values in that order.
func bind(query string, vals map[string]any) (string, []any) {
	var out strings.Builder
	var args []any
	index := map[string]int{}
	for {
		i := strings.IndexByte(query, '@')
		if i < 0 {
			out.WriteString(query)
			return out.String(), args
		}
		out.WriteString(query[:i])
		j := i + 1
		for j < len(query) && (query[j] >= 'a' && query[j] <= 'z') {
			j++
		}
		name := query[i+1 : j]
		v, ok := vals[name]
		if !ok {
			panic("matchengine: no value for @" + name) // a programming error in this file's SQL
		}
		n, seen := index[name]
		if !seen {
			args = append(args, v)
			n = len(args)
			index[name] = n
		}
		out.WriteString("$" + strconv.Itoa(n))
		query = query[j:]
	}
}

// leaveRange handles listing p's matches in the range whose requirement it
// no longer qualifies for (all of them when p is inactive), by the Go
// path: an open one is removed and its requirement refilled; one either
// side worked on is kept, its score following the listing.
func (e *Engine) leaveRange(ctx context.Context, tx *sql.Tx, now time.Time, p Property, vals map[string]any, added Gained) error {
	query := `SELECT m.id, m.requirement_id, m.buyer_status, m.seller_status, m.match_score FROM matches m
		WHERE m.property_id = @property AND m.requirement_id BETWEEN @low AND @high`
	if p.Active {
		query = dialectOf(e.db).scoredSQL() + query + ` AND NOT EXISTS (SELECT 1 FROM scored s WHERE s.id = m.requirement_id)`
	}
	q, args := bind(query, vals)
	existing, err := scanMatches(tx.QueryContext(ctx, q, args...))
	if err != nil {
		return err
	}
	w := newWriter(tx, now, added)
	for reqID, m := range existing {
		if m.open {
			if err := w.deleteMatch(ctx, m.id); err != nil {
				return err
			}
			if err := e.syncRequirement(ctx, tx, now, reqID, false, added); err != nil {
				return err
			}
			continue
		}
		if err := w.followListing(ctx, p, reqID, m); err != nil {
			return err
		}
	}
	return nil
}

// collectIDs reads a column of ids.
func collectIDs(rows *sql.Rows, err error, what string) ([]int64, error) {
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	ids, err := store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return ids, nil
}
