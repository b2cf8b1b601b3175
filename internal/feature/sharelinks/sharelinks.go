// Package sharelinks lets an agent share listings with a client (issue 27,
// "Share with your client"): a link with a random token that opens a public
// page of the listings (no account needed) showing the sharing agent's
// contact and never the listing agents', the client's "I'm interested" on
// a listing, views per link, expiry and revocation. It owns share_links,
// share_link_items and share_link_interest, and reads listings through
// property's read model (property.Columns/Dest); which listings an agent's
// matches show comes from the matches feature through a hook services.New
// sets (UseMatches).
package sharelinks

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"propmatch/internal/feature/property"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/network"
	"propmatch/internal/platform/notifications"
	"propmatch/internal/platform/settings"
)

// The rules of a link (docs/product.md#share-links).
const (
	// MaxListings is how many listings one link may carry.
	MaxListings = 20
	// DefaultDays and MaxDays bound a link's life in days.
	DefaultDays = 7
	MaxDays     = 90
	// DefaultMaxActive is how many unexpired, unrevoked links an agent may
	// have at once.
	DefaultMaxActive = 100
	// MaxNote is the longest note, in characters.
	MaxNote = 500
	// TokenBytes is the token's randomness: 256 bits, 43 base64url
	// characters in the address.
	TokenBytes = 32
	// InterestEvent is the live event the sharing agent's open tabs get
	// when a client taps "I'm interested".
	InterestEvent = "share-interest"
)

// MatchedListings reports which of ids are listings that appear in one of
// agentID's matches (on the agent's own requirements), read with q.
// services.New sets it from the matches feature, which owns the table.
type MatchedListings func(ctx context.Context, q store.Querier, agentID int64, ids []int64) (map[int64]bool, error)

// Config tunes the service.
type Config struct {
	// MaxActive caps an agent's active links (DefaultMaxActive when zero).
	MaxActive int
	// Secret keys the hash that tells one client's interest from
	// another's without storing their address.
	Secret []byte
	// InterestPerMinute and InterestBurst limit "I'm interested" per
	// client address and link, in memory (10 a minute in bursts of 5 when
	// zero).
	InterestPerMinute, InterestBurst int
}

// Service makes, lists, revokes and opens share links.
type Service struct {
	db       *store.DB
	cfg      Config
	matched  MatchedListings
	pub      network.Publisher
	interest *limits.Burst[string]
}

// NewService returns a Service on db.
func NewService(db *store.DB, cfg Config) *Service {
	if cfg.MaxActive <= 0 {
		cfg.MaxActive = DefaultMaxActive
	}
	per, burst := cfg.InterestPerMinute, cfg.InterestBurst
	if per <= 0 {
		per, burst = 10, 5
	}
	return &Service{db: db, cfg: cfg, interest: limits.NewBurst[string](per, burst)}
}

// UseMatches sets how the service finds the listings of an agent's matches;
// without it only the agent's own listings may be shared.
func (s *Service) UseMatches(m MatchedListings) { s.matched = m }

// UsePublisher sets where interest events go (nil publishes none).
func (s *Service) UsePublisher(p network.Publisher) { s.pub = p }

// Input is the body of POST /api/share-links.
type Input struct {
	PropertyIDs   []input.Int  `json:"propertyIds"`
	ExpiresInDays input.Int    `json:"expiresInDays"`
	Note          input.String `json:"note" input:"multiline"`
}

// Created answers a new link. Token is the secret of its address, shown
// this once; the handler turns it into URL.
type Created struct {
	ID        int64     `json:"id"`
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expiresAt"`
	Token     string    `json:"-"`
}

// Status is a link's state as its agent sees it.
type Status string

// The statuses.
const (
	Active  Status = "active"
	Expired Status = "expired"
	Revoked Status = "revoked"
)

// Item is one listing of a link as its agent sees it.
type Item struct {
	PropertyID int64   `json:"propertyId"`
	Title      string  `json:"title"`
	Locality   string  `json:"locality"`
	City       string  `json:"city"`
	Price      float64 `json:"price"`
	// Own is whether the listing is the agent's own (else it came from a
	// match).
	Own bool `json:"own"`
	// Available is false once the listing is inactive: the page leaves it out.
	Available bool  `json:"available"`
	Interest  int64 `json:"interest"`
}

// Link is one share link as its agent sees it (never its token).
type Link struct {
	ID           int64      `json:"id"`
	Note         string     `json:"note"`
	Status       Status     `json:"status"`
	ExpiresAt    time.Time  `json:"expiresAt"`
	RevokedAt    *time.Time `json:"revokedAt"`
	CreatedAt    time.Time  `json:"createdAt"`
	Views        int64      `json:"views"`
	LastViewedAt *time.Time `json:"lastViewedAt"`
	Interest     int64      `json:"interest"`
	// LastInterestAt is when a client last tapped "I'm interested".
	LastInterestAt *time.Time `json:"lastInterestAt"`
	Items          []Item     `json:"items"`
}

var (
	errNotFound  = apperr.New(apperr.NotFound, "Share link not found")
	errNoListing = apperr.New(apperr.NotFound, "This listing is not part of this link")
)

// Create makes a link to the listings of in for agentID: 1 to MaxListings
// listings, each active and the agent's own or from one of their matches
// (a field error names any other); expiring after ExpiresInDays days
// (DefaultDays when absent, 1 to MaxDays); at most cfg.MaxActive active
// links per agent, held under concurrent creates by locking the agent's
// row first (PostgreSQL) or the single writer (SQLite).
func (s *Service) Create(ctx context.Context, agentID int64, in Input) (Created, error) {
	var f apperr.Fields
	ids := make([]int64, 0, len(in.PropertyIDs))
	seen := map[int64]bool{}
	for i, v := range in.PropertyIDs {
		if !v.Set || v.Value <= 0 {
			f.Add(fmt.Sprintf("propertyIds.%d", i), "Each listing must be a listing id")
			continue
		}
		if !seen[v.Value] {
			seen[v.Value] = true
			ids = append(ids, v.Value)
		}
	}
	switch {
	case len(in.PropertyIDs) == 0:
		f.Add("propertyIds", "Choose at least one listing to share")
	case len(ids) > MaxListings:
		f.Add("propertyIds", fmt.Sprintf("A link can share at most %d listings", MaxListings))
	}
	days := int64(DefaultDays)
	if in.ExpiresInDays.Set {
		days = in.ExpiresInDays.Value
		if days < 1 || days > MaxDays {
			f.Add("expiresInDays", fmt.Sprintf("Expires in days must be between 1 and %d", MaxDays))
		}
	}
	note := strings.TrimSpace(string(in.Note))
	if utf8.RuneCountInString(note) > MaxNote {
		f.Add("note", fmt.Sprintf("Note must be at most %d characters", MaxNote))
	}
	if err := f.Err(); err != nil {
		return Created{}, err
	}
	token, hash, err := newToken()
	if err != nil {
		return Created{}, apperr.Wrap(err, "share link token")
	}
	var out Created
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := s.lockAgent(ctx, tx, agentID); err != nil {
			return err
		}
		if err := s.checkListings(ctx, tx, agentID, in.PropertyIDs, ids); err != nil {
			return err
		}
		now := s.db.Time()
		var active int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM share_links WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2`,
			agentID, now).Scan(&active); err != nil {
			return apperr.Wrap(err, "count share links")
		}
		if active >= s.cfg.MaxActive {
			return apperr.New(apperr.Conflict, "You have %d active share links, the most you may have: revoke one you no longer need first", active)
		}
		expires := now.Add(time.Duration(days) * 24 * time.Hour)
		id, err := store.InsertID(ctx, tx, "share_links", []string{"user_id", "token_hash", "note", "expires_at", "created_at"},
			[]any{agentID, hash, note, expires, now})
		if err != nil {
			return apperr.Wrap(err, "create share link")
		}
		for pos, pid := range ids {
			if _, err := tx.ExecContext(ctx, `INSERT INTO share_link_items (link_id, property_id, position) VALUES ($1, $2, $3)`, id, pid, pos); err != nil {
				return apperr.Wrap(err, "create share link item")
			}
		}
		out = Created{ID: id, ExpiresAt: expires, Token: token}
		return nil
	})
	return out, err
}

// lockAgent serialises agentID's creates on PostgreSQL (SQLite has one
// writer), so that the active-link cap holds under concurrent requests.
func (s *Service) lockAgent(ctx context.Context, tx *sql.Tx, agentID int64) error {
	if s.db.Engine != store.Postgres {
		return nil
	}
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, agentID).Scan(&one)
	return apperr.Wrap(err, "lock agent")
}

// checkListings refuses, with a field error at its place in raw, each of
// ids that is not an active listing agentID may share: their own, or one
// in their matches.
func (s *Service) checkListings(ctx context.Context, tx *sql.Tx, agentID int64, raw []input.Int, ids []int64) error {
	args := []any{}
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := tx.QueryContext(ctx, `SELECT p.id, p.agent_id FROM properties p JOIN users u ON u.id = p.agent_id
		WHERE p.is_active = TRUE AND u.is_active = TRUE AND p.id IN (`+placeholders(1, len(ids))+`)`, args...)
	if err != nil {
		return apperr.Wrap(err, "check shared listings")
	}
	owner := map[int64]int64{}
	for rows.Next() {
		var id, agent int64
		if err := rows.Scan(&id, &agent); err != nil {
			_ = rows.Close() // the scan's error is the one to report
			return apperr.Wrap(err, "check shared listings")
		}
		owner[id] = agent
	}
	if err := rows.Close(); err != nil {
		return apperr.Wrap(err, "check shared listings")
	}
	var others []int64
	for _, id := range ids {
		if a, ok := owner[id]; ok && a != agentID {
			others = append(others, id)
		}
	}
	matched := map[int64]bool{}
	if len(others) > 0 && s.matched != nil {
		if matched, err = s.matched(ctx, tx, agentID, others); err != nil {
			return apperr.Wrap(err, "check matched listings")
		}
	}
	var f apperr.Fields
	for i, v := range raw {
		if !v.Set || v.Value <= 0 {
			continue
		}
		a, ok := owner[v.Value]
		switch {
		case !ok:
			f.Add(fmt.Sprintf("propertyIds.%d", i), "This listing does not exist or is no longer active")
		case a != agentID && !matched[v.Value]:
			f.Add(fmt.Sprintf("propertyIds.%d", i), "You can share your own listings and the listings in your matches only")
		}
	}
	return f.Err()
}

// placeholders returns "$from, $from+1, …" for n arguments.
func placeholders(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(from+i))
	}
	return b.String()
}

// newToken returns a fresh token and the hash that is stored of it.
func newToken() (token, hash string, err error) {
	b := make([]byte, TokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// ValidToken reports whether token has the form newToken makes, so that
// nothing else reaches the database.
func ValidToken(token string) bool {
	if len(token) != base64.RawURLEncoding.EncodedLen(TokenBytes) {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(token)
	return err == nil
}

// List returns a page of agentID's links, newest first, with their
// listings, views and interest.
func (s *Service) List(ctx context.Context, agentID int64, page paging.Page) ([]Link, int64, error) {
	now := s.db.Time()
	q, args := page.Apply(`SELECT l.id, l.note, l.expires_at, l.revoked_at, l.created_at, l.views, l.last_viewed_at
		FROM share_links l WHERE l.user_id = $1`, "l.id", []any{agentID})
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list share links")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, l *Link) error {
		var revoked, viewed nullTime
		if err := rows.Scan(&l.ID, &l.Note, store.ScanTime(&l.ExpiresAt), &revoked, store.ScanTime(&l.CreatedAt), &l.Views, &viewed); err != nil {
			return err
		}
		l.RevokedAt, l.LastViewedAt = revoked.Ptr(), viewed.Ptr()
		l.Status = statusOf(l.ExpiresAt, l.RevokedAt, now)
		l.Items = []Item{}
		return nil
	})
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list share links")
	}
	list, next := paging.Trim(list, page, func(l Link) int64 { return l.ID })
	if len(list) == 0 {
		return list, next, nil
	}
	if err := s.fillItems(ctx, agentID, list); err != nil {
		return nil, 0, err
	}
	return list, next, nil
}

func statusOf(expires time.Time, revoked *time.Time, now time.Time) Status {
	switch {
	case revoked != nil:
		return Revoked
	case !expires.After(now):
		return Expired
	}
	return Active
}

// fillItems adds each link's listings with their interest counts.
func (s *Service) fillItems(ctx context.Context, agentID int64, list []Link) error {
	byID := map[int64]*Link{}
	args := []any{}
	for i := range list {
		byID[list[i].ID] = &list[i]
		args = append(args, list[i].ID)
	}
	in := placeholders(1, len(list))
	rows, err := s.db.QueryContext(ctx, `SELECT i.link_id, p.id, p.title, p.locality, p.city, p.price, p.agent_id, p.is_active,
		(SELECT COUNT(*) FROM share_link_interest x WHERE x.link_id = i.link_id AND x.property_id = i.property_id),
		(SELECT MAX(x.created_at) FROM share_link_interest x WHERE x.link_id = i.link_id AND x.property_id = i.property_id)
		FROM share_link_items i JOIN properties p ON p.id = i.property_id
		WHERE i.link_id IN (`+in+`) ORDER BY i.link_id, i.position`, args...)
	if err != nil {
		return apperr.Wrap(err, "list share link items")
	}
	defer func() { _ = rows.Close() }() // read-only: the rows' error is rows.Err
	for rows.Next() {
		var linkID, owner int64
		var it Item
		var last nullTime
		if err := rows.Scan(&linkID, &it.PropertyID, &it.Title, &it.Locality, &it.City, &it.Price, &owner, &it.Available, &it.Interest, &last); err != nil {
			return apperr.Wrap(err, "list share link items")
		}
		it.Own = owner == agentID
		l := byID[linkID]
		l.Items = append(l.Items, it)
		l.Interest += it.Interest
		if t := last.Ptr(); t != nil && (l.LastInterestAt == nil || t.After(*l.LastInterestAt)) {
			l.LastInterestAt = t
		}
	}
	return apperr.Wrap(rows.Err(), "list share link items")
}

// Revoke ends agentID's link id at once; revoking it again changes
// nothing. Another agent's link, or none, is NotFound.
func (s *Service) Revoke(ctx context.Context, agentID, id int64) error {
	return s.db.WithTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE share_links SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND user_id = $2`,
			id, agentID, s.db.Time())
		if err != nil {
			return apperr.Wrap(err, "revoke share link")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNotFound
		}
		return nil
	})
}

// link is what opening a token finds.
type link struct {
	id, agentID int64
	note        string
	expires     time.Time
	revoked     *time.Time
	agentActive bool
}

// ErrGone is the error of an expired or revoked link (the page answers 410).
var ErrGone = errors.New("share link expired")

// find returns the link of token: NotFound for none, ErrGone when it has
// expired or been revoked, or its agent's account is closed.
func (s *Service) find(ctx context.Context, q store.Querier, token string) (link, error) {
	if !ValidToken(token) {
		return link{}, errNotFound
	}
	var l link
	var revoked nullTime
	err := q.QueryRowContext(ctx, `SELECT l.id, l.user_id, l.note, l.expires_at, l.revoked_at, u.is_active
		FROM share_links l JOIN users u ON u.id = l.user_id WHERE l.token_hash = $1`, hashToken(token)).
		Scan(&l.id, &l.agentID, &l.note, store.ScanTime(&l.expires), &revoked, &l.agentActive)
	if errors.Is(err, sql.ErrNoRows) {
		return link{}, errNotFound
	}
	if err != nil {
		return link{}, apperr.Wrap(err, "open share link")
	}
	l.revoked = revoked.Ptr()
	if statusOf(l.expires, l.revoked, s.db.Time()) != Active || !l.agentActive {
		return l, ErrGone
	}
	return l, nil
}

// Agent is the sharing agent as the page shows them.
type Agent struct {
	Name  string
	Photo string // a /media/ URL, or ""
	Phone string // E.164
	// ReraVerified is the badge (users.is_rera_verified).
	ReraVerified bool
}

// Listing is one listing as the page shows it: never its title,
// description, address, pincode or agent.
type Listing struct {
	ID           int64
	PropertyType string
	Purpose      string
	Price        float64
	Bedrooms     *int
	Bathrooms    *int
	Sqft         *int
	BuiltUpArea  *int
	PlotArea     *int
	Acres        *float64
	Furnishing   string
	Locality     string
	City         string
	State        string
	// Photos are the listing's stored images' URLs (/media/{id}); other
	// addresses are left out.
	Photos []string
}

// Page is what the public page shows.
type Page struct {
	LinkID    int64
	AgentID   int64
	Agent     Agent
	Note      string
	ExpiresAt time.Time
	Listings  []Listing
}

// Open returns the page of token for a visitor, counting the view unless
// viewerID is the link's own agent (0 for a visitor without an account).
// It returns NotFound for an unknown token and ErrGone for an expired or
// revoked link.
func (s *Service) Open(ctx context.Context, token string, viewerID int64, count bool) (Page, error) {
	l, err := s.find(ctx, s.db.DB, token)
	if err != nil {
		return Page{}, err
	}
	p := Page{LinkID: l.id, AgentID: l.agentID, Note: l.note, ExpiresAt: l.expires}
	var photo sql.NullString
	if err := s.db.QueryRowContext(ctx, `SELECT full_name, phone, profile_picture, is_rera_verified FROM users WHERE id = $1`, l.agentID).
		Scan(&p.Agent.Name, &p.Agent.Phone, &photo, &p.Agent.ReraVerified); err != nil {
		return Page{}, apperr.Wrap(err, "share link agent")
	}
	if strings.HasPrefix(photo.String, "/media/") {
		p.Agent.Photo = photo.String
	}
	if p.Listings, err = s.listings(ctx, l.id); err != nil {
		return Page{}, err
	}
	if count && viewerID != l.agentID {
		if err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE share_links SET views = views + 1, last_viewed_at = $2 WHERE id = $1`, l.id, s.db.Time())
			return err
		}); err != nil {
			return Page{}, apperr.Wrap(err, "count share link view")
		}
	}
	return p, nil
}

// listings reads the active listings of link id in the agent's order.
func (s *Service) listings(ctx context.Context, id int64) ([]Listing, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+property.Columns("p")+` FROM share_link_items i
		JOIN properties p ON p.id = i.property_id JOIN users u ON u.id = p.agent_id
		WHERE i.link_id = $1 AND p.is_active = TRUE AND u.is_active = TRUE ORDER BY i.position`, id)
	if err != nil {
		return nil, apperr.Wrap(err, "share link listings")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, out *Listing) error {
		var p property.Property
		dest, done := property.Dest(&p)
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		done()
		*out = Listing{ID: p.ID, PropertyType: string(p.PropertyType), Purpose: string(p.ListingPurpose), Price: p.Price,
			Bedrooms: p.Bedrooms, Bathrooms: p.Bathrooms, Sqft: p.Sqft, BuiltUpArea: p.BuiltUpArea, PlotArea: p.PlotArea,
			Acres: p.Acres, Locality: p.Locality, City: p.City, State: p.State, Photos: []string{}}
		if p.Furnishing != nil {
			out.Furnishing = *p.Furnishing
		}
		for _, img := range p.Images {
			if strings.HasPrefix(img, "/media/") && !strings.ContainsAny(strings.TrimPrefix(img, "/media/"), "/?#") {
				out.Photos = append(out.Photos, img)
			}
		}
		return nil
	})
	return list, apperr.Wrap(err, "share link listings")
}

// Interest records a client's "I'm interested" in listing propertyID of
// the link of token, once per link, listing and client (client is their
// address, kept only as a keyed hash), and tells the sharing agent: a
// notice (notifications.ItemShareInterest, Property Updates) added in the
// interest's transaction, and a live event to their open tabs; a repeated
// tap tells nothing. It returns NotFound for an unknown token or a listing not on the
// link, ErrGone for an expired or revoked link, and TooManyRequests past
// the per-client limit.
func (s *Service) Interest(ctx context.Context, token string, propertyID int64, client string) error {
	l, err := s.find(ctx, s.db.DB, token)
	if err != nil {
		return err
	}
	key := s.clientKey(l.id, client)
	if wait, _ := s.interest.Take(key, time.Now()); wait > 0 {
		return apperr.Throttled(wait, "Too many taps: please try again in %s", apperr.Wait(wait))
	}
	added := false
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM share_link_items i JOIN properties p ON p.id = i.property_id
			WHERE i.link_id = $1 AND i.property_id = $2 AND p.is_active = TRUE`, l.id, propertyID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoListing
		}
		if err != nil {
			return apperr.Wrap(err, "share link interest")
		}
		now := s.db.Time()
		var id int64
		err = tx.QueryRowContext(ctx, `INSERT INTO share_link_interest (link_id, property_id, client_key, created_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`, l.id, propertyID, key, now).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) { // this client's interest is already counted and told
			return nil
		}
		if err != nil {
			return apperr.Wrap(err, "share link interest")
		}
		added = true
		// The notice joins the interest's transaction: an agent who is not
		// online learns it by email (and WhatsApp) as Property Updates allow.
		err = notifications.Add(ctx, tx, now, notifications.Item{UserID: l.agentID, Kind: settings.Updates,
			Type: notifications.ItemShareInterest, RefID: id})
		return apperr.Wrap(err, "share link interest notice")
	})
	if err != nil {
		return err
	}
	if added && s.pub != nil {
		s.pub.Publish(ctx, []int64{l.agentID}, events.New(InterestEvent, map[string]int64{"linkId": l.id, "propertyId": propertyID}))
	}
	return nil
}

// clientKey is the keyed hash of client on link id.
func (s *Service) clientKey(id int64, client string) string {
	m := hmac.New(sha256.New, s.cfg.Secret)
	_, _ = fmt.Fprintf(m, "share-interest:%d:%s", id, client) // a hash never fails to write
	return hex.EncodeToString(m.Sum(nil))
}

// nullTime scans a time column that may be NULL, as store.ScanTime does
// the others.
type nullTime struct{ t *time.Time }

func (n *nullTime) Scan(v any) error {
	if v == nil {
		n.t = nil
		return nil
	}
	var t time.Time
	if err := store.ScanTime(&t).Scan(v); err != nil {
		return err
	}
	n.t = &t
	return nil
}

// Ptr is the time, or nil for NULL.
func (n nullTime) Ptr() *time.Time { return n.t }
