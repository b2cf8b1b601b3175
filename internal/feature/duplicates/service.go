// Package duplicates finds listings of the same physical property by
// different agents (issue 26). When a listing is saved, by the form or an
// import, the check (CheckTx, in the save's transaction through the
// property service's hook) compares it with other agents' active listings
// of the same city, type, purpose and bedrooms in a price band, weighs the
// signals (Score) into a likelihood, and keeps the likely pairs in
// duplicate_pairs, which this package alone writes. The marketplace and the
// match lists group likely duplicates into one card (AlsoListed); admins
// see the clusters and split one for good (Clusters, Split).
package duplicates

import (
	"context"
	"database/sql"
	"encoding/json"
	"slices"
	"sort"
	"strconv"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/property"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/media"
)

// The statuses of a pair.
const (
	StatusLikely       = "likely"
	StatusNotDuplicate = "not_duplicate"
)

// MaxCandidates caps the listings one check compares; MaxShown the
// possible duplicates an answer carries.
const (
	MaxCandidates = 200
	MaxShown      = 5
)

// Service checks listings for duplicates and serves the pairs.
type Service struct{ db *store.DB }

// NewService returns a Service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

var errNotFound = apperr.New(apperr.NotFound, "Property not found")

// candidate is another agent's listing the check compares.
type candidate struct {
	property.Property
	AgentName string
	listing   Listing
}

// CheckTx compares p, just saved in tx, with other agents' active
// listings; stores each likely pair (leaving a pair an admin split as
// not_duplicate, and dropping p's likely pairs that no longer hold); and
// returns the likely duplicates, most likely first. An inactive listing is
// not checked.
func (s *Service) CheckTx(ctx context.Context, tx *sql.Tx, p property.Property) ([]property.PossibleDuplicate, error) {
	if !p.IsActive {
		return []property.PossibleDuplicate{}, nil
	}
	cands, err := s.candidates(ctx, tx, p)
	if err != nil {
		return nil, err
	}
	hashes, err := coverHashes(ctx, tx, p, cands)
	if err != nil {
		return nil, err
	}
	self := listingOf(p, hashes)
	type found struct {
		c       *candidate
		score   float64
		reasons []string
	}
	var likely []found
	for i := range cands {
		c := &cands[i]
		c.listing = listingOf(c.Property, hashes)
		score, reasons := Score(self, c.listing)
		if score >= Likely {
			likely = append(likely, found{c, score, reasons})
		}
	}
	split, err := s.store(ctx, tx, p.ID, func(yield func(other int64, score float64, reasons []string) error) error {
		for _, f := range likely {
			if err := yield(f.c.ID, f.score, f.reasons); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]property.PossibleDuplicate, 0, len(likely))
	for _, f := range likely {
		if split[f.c.ID] {
			continue
		}
		out = append(out, property.PossibleDuplicate{ID: f.c.ID, AgentID: f.c.AgentID, AgentName: f.c.AgentName, Title: f.c.Title,
			Locality: f.c.Locality, City: f.c.City, Price: f.c.Price, Likelihood: f.score, Reasons: f.reasons})
	}
	// The likeliest first; among equals, the newest listing.
	sort.Slice(out, func(i, j int) bool {
		if out[i].Likelihood != out[j].Likelihood {
			return out[i].Likelihood > out[j].Likelihood
		}
		return out[i].ID > out[j].ID
	})
	if len(out) > MaxShown {
		out = out[:MaxShown]
	}
	return out, nil
}

// candidates reads other agents' active listings that could be p: the same
// city, type, purpose and bedrooms, the price within PriceBand
// (properties_duplicate_candidates).
func (s *Service) candidates(ctx context.Context, tx *sql.Tx, p property.Property) ([]candidate, error) {
	if p.Price <= 0 {
		return nil, nil
	}
	args := []any{matchengine.CityKey(p.City), p.PropertyType, p.ListingPurpose, p.Price * (1 - PriceBand), p.Price / (1 - PriceBand), p.AgentID, p.ID}
	beds := `p.bedrooms IS NULL`
	if p.Bedrooms != nil {
		args = append(args, *p.Bedrooms)
		beds = `p.bedrooms = $8`
	}
	// The fewest columns the score needs, read straight from the index's
	// rows (the whole listing costs twice as much at 100,000 listings).
	rows, err := tx.QueryContext(ctx, `SELECT p.id, p.agent_id, p.title, p.locality, p.city, p.price, p.bedrooms, p.sqft, p.built_up_area,
		p.villa_size, p.plot_area, p.acres, p.images, u.full_name
		FROM properties p JOIN users u ON u.id = p.agent_id
		WHERE p.city_key = $1 AND p.property_type = $2 AND p.listing_purpose = $3 AND `+beds+` AND p.price BETWEEN $4 AND $5
		AND p.is_active = TRUE AND p.agent_id <> $6 AND p.id <> $7 AND u.is_active = TRUE
		LIMIT `+strconv.Itoa(MaxCandidates), args...)
	if err != nil {
		return nil, apperr.Wrap(err, "find duplicate candidates")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, c *candidate) error {
		var images string
		if err := rows.Scan(&c.ID, &c.AgentID, &c.Title, &c.Locality, &c.City, &c.Price, &c.Bedrooms, &c.Sqft, &c.BuiltUpArea,
			&c.VillaSize, &c.PlotArea, &c.Acres, &images, &c.AgentName); err != nil {
			return err
		}
		c.Images = store.StringList(images)
		return nil
	})
	return list, apperr.Wrap(err, "find duplicate candidates")
}

// coverHashes reads the perceptual hashes of the cover photos of p and the
// candidates, hashing p's own cover now when it was stored before hashes
// were kept.
func coverHashes(ctx context.Context, tx *sql.Tx, p property.Property, cands []candidate) (map[string]uint64, error) {
	ids := make([]string, 0, len(cands)+1)
	own := coverID(p)
	if own == "" {
		return nil, nil // nothing to compare against
	}
	for _, c := range cands {
		if id := coverID(c.Property); id != "" {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	mine, err := media.PHashes(ctx, tx, []string{own}, true)
	if err != nil {
		return nil, apperr.Wrap(err, "hash cover photo")
	}
	theirs, err := media.PHashes(ctx, tx, ids, false)
	if err != nil {
		return nil, apperr.Wrap(err, "read photo hashes")
	}
	for k, v := range mine {
		theirs[k] = v
	}
	return theirs, nil
}

// coverID is the media id of p's cover photo, or "".
func coverID(p property.Property) string {
	if len(p.Images) == 0 {
		return ""
	}
	return media.IDFromURL(p.Images[0])
}

// listingOf is what Score compares of p.
func listingOf(p property.Property, hashes map[string]uint64) Listing {
	l := Listing{ID: p.ID, AgentID: p.AgentID, City: p.City, Locality: p.Locality, Price: p.Price, Bedrooms: p.Bedrooms, Area: AreaOf(p)}
	if h, ok := hashes[coverID(p)]; ok {
		l.Photo = &h
	}
	return l
}

// AreaOf is the listing's area in square feet: the carpet or super area,
// else the built-up area, the villa's size or the plot's; acres in square
// feet for land; 0 when none is given.
func AreaOf(p property.Property) float64 {
	for _, v := range []*int{p.Sqft, p.BuiltUpArea, p.VillaSize, p.PlotArea} {
		if v != nil && *v > 0 {
			return float64(*v)
		}
	}
	if p.Acres != nil && *p.Acres > 0 {
		return *p.Acres * 43_560
	}
	return 0
}

// store keeps listing id's likely pairs: each found pair is added or its
// likelihood and reasons updated (its status kept: a split pair stays
// not_duplicate), and id's likely pairs not found again are dropped. It
// returns the ids paired with id that an admin split.
func (s *Service) store(ctx context.Context, tx *sql.Tx, id int64, each func(yield func(int64, float64, []string) error) error) (map[int64]bool, error) {
	now := s.db.Time()
	found := map[int64]bool{}
	err := each(func(other int64, score float64, reasons []string) error {
		found[other] = true
		a, b := min(id, other), max(id, other)
		why, _ := json.Marshal(reasons)
		_, err := tx.ExecContext(ctx, `INSERT INTO duplicate_pairs (property_a, property_b, likelihood, reasons, status, created_at, updated_at)
			VALUES ($1, $2, $3, $4, 'likely', $5, $5)
			ON CONFLICT (property_a, property_b) DO UPDATE SET likelihood = excluded.likelihood, reasons = excluded.reasons, updated_at = excluded.updated_at`,
			a, b, score, string(why), now)
		return apperr.Wrap(err, "store duplicate pair")
	})
	if err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, property_a, property_b, status FROM duplicate_pairs WHERE property_a = $1
		UNION ALL SELECT id, property_a, property_b, status FROM duplicate_pairs WHERE property_b = $1`, id)
	if err != nil {
		return nil, apperr.Wrap(err, "read duplicate pairs")
	}
	type pair struct {
		id, a, b int64
		status   string
	}
	pairs, err := store.Collect(rows, func(rows *sql.Rows, p *pair) error { return rows.Scan(&p.id, &p.a, &p.b, &p.status) })
	if err != nil {
		return nil, apperr.Wrap(err, "read duplicate pairs")
	}
	split := map[int64]bool{}
	for _, p := range pairs {
		other := p.a
		if other == id {
			other = p.b
		}
		switch {
		case p.status == StatusNotDuplicate:
			split[other] = true
		case !found[other]:
			if _, err := tx.ExecContext(ctx, `DELETE FROM duplicate_pairs WHERE id = $1`, p.id); err != nil {
				return nil, apperr.Wrap(err, "drop duplicate pair")
			}
		}
	}
	return split, nil
}

// AlsoListed returns, for each of ids that has any, the other active
// listings (of active agents) paired with it as likely duplicates, newest
// first. It implements property.DuplicateGroups.
func (s *Service) AlsoListed(ctx context.Context, ids []int64) (map[int64][]property.AlsoListed, error) {
	out := map[int64][]property.AlsoListed{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	in := store.Placeholders(1, len(ids))
	rows, err := s.db.QueryContext(ctx, `SELECT d.property_a, p.id, p.agent_id, u.full_name FROM duplicate_pairs d
		JOIN properties p ON p.id = d.property_b JOIN users u ON u.id = p.agent_id
		WHERE d.property_a IN (`+in+`) AND d.status = 'likely' AND p.is_active = TRUE AND u.is_active = TRUE
		UNION ALL
		SELECT d.property_b, p.id, p.agent_id, u.full_name FROM duplicate_pairs d
		JOIN properties p ON p.id = d.property_a JOIN users u ON u.id = p.agent_id
		WHERE d.property_b IN (`+in+`) AND d.status = 'likely' AND p.is_active = TRUE AND u.is_active = TRUE`, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "read duplicates")
	}
	type row struct {
		of int64
		property.AlsoListed
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, r *row) error {
		return rows.Scan(&r.of, &r.PropertyID, &r.AgentID, &r.AgentName)
	})
	if err != nil {
		return nil, apperr.Wrap(err, "read duplicates")
	}
	for _, r := range list {
		out[r.of] = append(out[r.of], r.AlsoListed)
	}
	for k := range out {
		slices.SortFunc(out[k], func(a, b property.AlsoListed) int { return int(b.PropertyID - a.PropertyID) })
	}
	return out, nil
}

// ForProperty returns listing id's likely duplicates as stored by its last
// check (other agents' active listings), most likely first. The owner may
// ask, and so may an admin; anyone else gets NotFound.
func (s *Service) ForProperty(ctx context.Context, actor access.Actor, id int64) ([]property.PossibleDuplicate, error) {
	if err := access.CheckOwner(ctx, s.db, "properties", id, actor, errNotFound); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT p.id, p.agent_id, u.full_name, p.title, p.locality, p.city, p.price, d.likelihood, d.reasons
		FROM duplicate_pairs d JOIN properties p ON p.id = CASE WHEN d.property_a = $1 THEN d.property_b ELSE d.property_a END
		JOIN users u ON u.id = p.agent_id
		WHERE (d.property_a = $1 OR d.property_b = $1) AND d.status = 'likely' AND p.is_active = TRUE AND u.is_active = TRUE
		ORDER BY d.likelihood DESC, p.id DESC`, id)
	if err != nil {
		return nil, apperr.Wrap(err, "read duplicates")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, d *property.PossibleDuplicate) error {
		var reasons string
		if err := rows.Scan(&d.ID, &d.AgentID, &d.AgentName, &d.Title, &d.Locality, &d.City, &d.Price, &d.Likelihood, &reasons); err != nil {
			return err
		}
		d.Reasons = store.StringList(reasons)
		return nil
	})
	if list == nil {
		list = []property.PossibleDuplicate{}
	}
	return list, apperr.Wrap(err, "read duplicates")
}
