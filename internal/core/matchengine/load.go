package matchengine

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"propmatch/internal/core/listing"
	"propmatch/internal/kit/store"
)

var errGone = errors.New("matching: row not found")

func loadProperty(ctx context.Context, tx store.Querier, id int64) (Property, error) {
	var p Property
	var bedrooms sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT p.id, p.agent_id, (p.is_active AND u.is_active), p.listing_purpose, p.property_type, p.city, p.locality, p.price, p.bedrooms
		FROM properties p JOIN users u ON u.id = p.agent_id WHERE p.id = $1`, id).Scan(&p.ID, &p.AgentID, &p.Active, &p.Purpose, &p.Type, &p.City, &p.Locality, &p.Price, &bedrooms)
	if errors.Is(err, sql.ErrNoRows) {
		return p, errGone
	}
	p.Bedrooms = intPtr(bedrooms)
	return p, err
}

const requirementColumns = `r.id, r.agent_id, r.is_active, r.listing_purpose, r.property_types, r.preferred_cities,
	r.preferred_localities, r.min_price, r.max_price, r.min_bedrooms, r.max_bedrooms`

// liveRequirementColumns is requirementColumns where a requirement is
// active only while its agent's account is too (a deactivated agent's
// listings and requirements leave matching; docs/product.md#admin-console).
var liveRequirementColumns = strings.Replace(requirementColumns, "r.is_active", "(r.is_active AND u.is_active)", 1)

func scanRequirement(row interface{ Scan(...any) error }, extra ...any) (Requirement, error) {
	var r Requirement
	var purpose, types, cities, localities string
	var minP, maxP sql.NullFloat64
	var minB, maxB sql.NullInt64
	dest := append([]any{&r.ID, &r.AgentID, &r.Active, &purpose, &types, &cities, &localities, &minP, &maxP, &minB, &maxB}, extra...)
	if err := row.Scan(dest...); err != nil {
		return r, err
	}
	r.Purpose, _ = listing.ParsePurpose(purpose) // stored in the requirements' spelling
	r.Types, r.Cities, r.Localities = store.StringList(types), store.StringList(cities), store.StringList(localities)
	r.MinPrice, r.MaxPrice = floatPtr(minP), floatPtr(maxP)
	r.MinBedrooms, r.MaxBedrooms = intPtr(minB), intPtr(maxB)
	return r, nil
}

func loadRequirement(ctx context.Context, tx *sql.Tx, id int64) (Requirement, error) {
	r, err := scanRequirement(tx.QueryRowContext(ctx, `SELECT `+liveRequirementColumns+` FROM requirements r JOIN users u ON u.id = r.agent_id WHERE r.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, errGone
	}
	return r, err
}

// requirementCandidates finds, through requirement_targets, the active
// requirements of other agents whose purpose, type, city and widened band
// fit p. The target row settles type, city and purpose, so only what scoring
// still needs is read.
func requirementCandidates(ctx context.Context, tx store.Querier, p Property) ([]candidate, error) {
	rows, err := tx.QueryContext(ctx, `SELECT r.id, r.agent_id, r.min_price, r.max_price, r.min_bedrooms, r.max_bedrooms,
		r.preferred_localities, r.new_matches, r.floor_score, r.floor_property_id
		FROM requirement_targets t JOIN requirements r ON r.id = t.requirement_id JOIN users u ON u.id = r.agent_id AND u.is_active = TRUE
		WHERE t.listing_purpose = $1 AND t.property_type = $2 AND t.city_key = $3
		AND (t.price_low IS NULL OR t.price_low <= $4) AND (t.price_high IS NULL OR t.price_high >= $4)
		AND r.agent_id <> $5`, string(p.Purpose), p.Type, CityKey(p.City), p.Price, p.AgentID)
	if err != nil {
		return nil, fmt.Errorf("requirement candidates: %w", err)
	}
	types, cities := []string{p.Type}, []string{p.City}
	return store.Collect(rows, func(rows *sql.Rows, c *candidate) error {
		c.req = Requirement{Active: true, Purpose: p.Purpose, Types: types, Cities: cities}
		var minP, maxP sql.NullFloat64
		var minB, maxB sql.NullInt64
		var localities string
		if err := rows.Scan(&c.req.ID, &c.req.AgentID, &minP, &maxP, &minB, &maxB, &localities, &c.newMatches, &c.floorScore, &c.floorProp); err != nil {
			return fmt.Errorf("scan candidate: %w", err)
		}
		c.req.MinPrice, c.req.MaxPrice = floatPtr(minP), floatPtr(maxP)
		c.req.MinBedrooms, c.req.MaxBedrooms = intPtr(minB), intPtr(maxB)
		c.req.Localities = store.StringList(localities)
		return nil
	})
}

// requirementsByID reads the requirements in ids with their bound state,
// for the chunks of a listing's job (the loop applies Qualifies).
func requirementsByID(ctx context.Context, tx store.Querier, ids []int64) ([]candidate, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+requirementColumns+`, r.new_matches, r.floor_score, r.floor_property_id
		FROM requirements r WHERE r.id IN (`+store.Placeholders(1, len(ids))+`) ORDER BY r.id`, int64Args(ids)...)
	if err != nil {
		return nil, fmt.Errorf("requirements by id: %w", err)
	}
	return store.Collect(rows, func(rows *sql.Rows, c *candidate) error {
		var err error
		c.req, err = scanRequirement(rows, &c.newMatches, &c.floorScore, &c.floorProp)
		if err != nil {
			return fmt.Errorf("scan requirement: %w", err)
		}
		return nil
	})
}

// propertyCandidates finds the active properties of other agents whose
// purpose, type, city and price fit r, through the candidates index.
func propertyCandidates(ctx context.Context, tx *sql.Tx, r Requirement) ([]Property, error) {
	if len(r.Types) == 0 || len(r.Cities) == 0 {
		return nil, nil
	}
	args := []any{string(r.Purpose), r.AgentID}
	q := `SELECT id, agent_id, is_active, listing_purpose, property_type, city, locality, price, bedrooms FROM properties
		WHERE is_active = TRUE AND listing_purpose = $1 AND agent_id <> $2
		AND agent_id IN (SELECT id FROM users WHERE is_active = TRUE)`
	q += ` AND property_type IN (` + store.Placeholders(len(args)+1, len(r.Types)) + `)`
	for _, t := range r.Types {
		args = append(args, t)
	}
	keys := map[string]bool{}
	for _, c := range r.Cities {
		keys[CityKey(c)] = true
	}
	q += ` AND city_key IN (` + store.Placeholders(len(args)+1, len(keys)) + `)`
	for k := range keys {
		args = append(args, k)
	}
	low, high := Band(r.MinPrice, r.MaxPrice)
	if low != nil {
		args = append(args, *low)
		q += fmt.Sprintf(` AND price >= $%d`, len(args))
	}
	if high != nil {
		args = append(args, *high)
		q += fmt.Sprintf(` AND price <= $%d`, len(args))
	}
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("property candidates: %w", err)
	}
	return store.Collect(rows, func(rows *sql.Rows, p *Property) error {
		var bedrooms sql.NullInt64
		if err := rows.Scan(&p.ID, &p.AgentID, &p.Active, &p.Purpose, &p.Type, &p.City, &p.Locality, &p.Price, &bedrooms); err != nil {
			return fmt.Errorf("scan property candidate: %w", err)
		}
		p.Bedrooms = intPtr(bedrooms)
		return nil
	})
}

// matchesOf returns the matches of one property or requirement, keyed by the other side's id.
func matchesOf(ctx context.Context, tx store.Querier, column string, id int64) (map[int64]existingMatch, error) {
	other := "requirement_id"
	if column == "requirement_id" {
		other = "property_id"
	}
	return scanMatches(tx.QueryContext(ctx, `SELECT id, `+other+`, buyer_status, seller_status, match_score FROM matches WHERE `+column+` = $1`, id))
}

// propertyMatchesWith returns a property's matches with the requirements in
// ids, keyed by requirement id.
func propertyMatchesWith(ctx context.Context, tx store.Querier, propertyID int64, ids []int64) (map[int64]existingMatch, error) {
	return scanMatches(tx.QueryContext(ctx, `SELECT id, requirement_id, buyer_status, seller_status, match_score FROM matches
		WHERE property_id = $1 AND requirement_id IN (`+store.Placeholders(2, len(ids))+`)`, append([]any{propertyID}, int64Args(ids)...)...))
}

// scanMatches reads rows of (id, other side's id, buyer status, seller
// status, score), keyed by the other side's id.
func scanMatches(rows *sql.Rows, err error) (map[int64]existingMatch, error) {
	if err != nil {
		return nil, fmt.Errorf("existing matches: %w", err)
	}
	defer func() { _ = rows.Close() }()
	out := map[int64]existingMatch{}
	for rows.Next() {
		var m existingMatch
		var otherID int64
		var buyer, seller Status
		if err := rows.Scan(&m.id, &otherID, &buyer, &seller, &m.score); err != nil {
			return nil, fmt.Errorf("scan match: %w", err)
		}
		m.open = Open(buyer, seller)
		out[otherID] = m
	}
	return out, rows.Err()
}
