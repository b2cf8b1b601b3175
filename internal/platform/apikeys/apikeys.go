// Package apikeys holds agents' personal API keys (issue 23): creating,
// listing and revoking them, and authenticating a request's
// `Authorization: Bearer pm_live_…` as its agent with the key's scopes.
// Only a keyed hash of a key is stored (HMAC-SHA256 with a key derived from
// the server secret, as the one-time codes are), so a copy of the database
// alone cannot be used to call the API. docs/product.md#api-keys has the
// rules.
package apikeys

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/security"
)

// The rules of keys.
const (
	// Prefix starts every key.
	Prefix = "pm_live_"
	// randomBytes is how many random bytes a key carries.
	randomBytes = 32
	// bodyLen is the base62 length of randomBytes (62^43 > 2^256).
	bodyLen = 43
	// shownPrefix is how many characters after Prefix the list shows.
	shownPrefix = 4
	// MaxActive is how many unrevoked, unexpired keys an agent may hold.
	MaxActive = 10
	// MaxName is the longest name of a key, in characters.
	MaxName = 60
	// RequestsPerMinute is each key's rate limit.
	RequestsPerMinute = 120
	// MaxAddressesPerDay is how many addresses a key is used from in a UTC
	// day before each further one is a security event.
	MaxAddressesPerDay = 5
	// touchEvery is how often a key's last use is written, at most.
	touchEvery = time.Minute
	// maxListed is how many keys a list shows (newest first): at most
	// MaxActive of them are active.
	maxListed = 100
)

// The scopes.
const (
	ScopeRead  = "read"
	ScopeWrite = "write"
)

// The statuses of a key.
const (
	StatusActive  = "active"
	StatusExpired = "expired"
	StatusRevoked = "revoked"
)

// Key is a key as its agent and the admins see it: never its secret.
type Key struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	Scopes     []string   `json:"scopes"`
	Prefix     string     `json:"prefix"`
	Status     string     `json:"status"`
	CreatedAt  time.Time  `json:"createdAt"`
	ExpiresAt  *time.Time `json:"expiresAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
	LastUsedIP string     `json:"lastUsedIp"`
	RevokedAt  *time.Time `json:"revokedAt"`
}

// Created is a new key with its secret, which is shown this once.
type Created struct {
	Key
	Secret string `json:"key"`
}

// NewKey is the body of a key's creation.
type NewKey struct {
	Name      input.String `json:"name"`
	Scopes    input.List   `json:"scopes"`
	ExpiresAt input.String `json:"expiresAt"`
}

// Caller is who a key authenticates: its agent and the key.
type Caller struct {
	User  auth.User
	KeyID int64
	Write bool // the key has the write scope
}

// Service keeps the keys.
type Service struct {
	db      *store.DB
	users   *auth.Service
	hashKey []byte
	random  io.Reader
	gate    limits.APIAccess
	events  *security.Recorder
	limiter *limits.Fixed[int64]

	mu   sync.Mutex
	day  string
	seen map[int64]map[string]bool // addresses each key was seen from today on this instance
}

// NewService returns the keys' service. secret is the server secret (the one
// the one-time codes are keyed with); without one, a random key is made and
// keys stop working when the process ends.
func NewService(db *store.DB, users *auth.Service, secret []byte) *Service {
	return &Service{db: db, users: users, hashKey: deriveKey(secret), random: rand.Reader,
		limiter: limits.NewFixed[int64](RequestsPerMinute, time.Minute), seen: map[int64]map[string]bool{}}
}

// UseAPIAccess makes keys obey the plan's API-access feature (billing's);
// without it everyone has API access.
func (s *Service) UseAPIAccess(g limits.APIAccess) { s.gate = g }

// UseRecorder records the keys' security events through r.
func (s *Service) UseRecorder(r *security.Recorder) { s.events = r }

// deriveKey derives the key of the stored hashes from the server secret.
func deriveKey(secret []byte) []byte {
	if len(secret) == 0 {
		secret = make([]byte, 32)
		if _, err := rand.Read(secret); err != nil {
			panic("apikeys: no random source: " + err.Error())
		}
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("propmatch api keys v1"))
	return m.Sum(nil)
}

// hash is the stored form of key.
func (s *Service) hash(key string) string {
	m := hmac.New(sha256.New, s.hashKey)
	m.Write([]byte(key))
	return hex.EncodeToString(m.Sum(nil))
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// newSecret returns a new key: Prefix and base62 of randomBytes random bytes,
// left-padded to bodyLen characters.
func newSecret(random io.Reader) (string, error) {
	b := make([]byte, randomBytes)
	if _, err := io.ReadFull(random, b); err != nil {
		return "", err
	}
	n := new(big.Int).SetBytes(b)
	out := make([]byte, bodyLen)
	base, rem := big.NewInt(62), new(big.Int)
	for i := bodyLen - 1; i >= 0; i-- {
		n.DivMod(n, base, rem)
		out[i] = base62[rem.Int64()]
	}
	return Prefix + string(out), nil
}

// wellFormed reports whether key looks like a key (before any lookup).
func wellFormed(key string) bool {
	body, ok := strings.CutPrefix(key, Prefix)
	if !ok || len(body) != bodyLen {
		return false
	}
	for i := range len(body) {
		if strings.IndexByte(base62, body[i]) < 0 {
			return false
		}
	}
	return true
}

// HasAPIAccess tells whether userID's plan includes API access.
func (s *Service) HasAPIAccess(ctx context.Context, userID int64) (bool, error) {
	ok, err := limits.HasAPIAccess(ctx, s.gate, userID)
	if err != nil {
		return false, apperr.Wrap(err, "check API access")
	}
	return ok, nil
}

// errNoPlan is the answer to an agent whose plan has no API access.
func errNoPlan() error {
	return apperr.New(apperr.PlanLimit, "Your plan does not include API access. Choose a plan with API access on the Billing page to use API keys.")
}

// Create makes a key for userID, at most MaxActive active ones at a time
// (the count and the insert are one transaction, serialised per agent).
func (s *Service) Create(ctx context.Context, userID int64, in NewKey) (Created, error) {
	now := s.db.Time()
	name, scopes, expires, err := in.check(now)
	if err != nil {
		return Created{}, err
	}
	ok, err := s.HasAPIAccess(ctx, userID)
	if err != nil {
		return Created{}, err
	}
	if !ok {
		return Created{}, errNoPlan()
	}
	secret, err := newSecret(s.random)
	if err != nil {
		return Created{}, apperr.Wrap(err, "new API key")
	}
	var out Created
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if s.db.Engine == store.Postgres { // SQLite's transaction already holds the one write lock
			if _, err := tx.ExecContext(ctx, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, userID); err != nil {
				return apperr.Wrap(err, "lock agent")
			}
		}
		var active int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL
			AND (expires_at IS NULL OR expires_at > $2)`, userID, now).Scan(&active); err != nil {
			return apperr.Wrap(err, "count API keys")
		}
		if active >= MaxActive {
			return apperr.New(apperr.Conflict, "You have %d active API keys, the most an agent may hold. Revoke one to create another.", MaxActive)
		}
		prefix := secret[len(Prefix) : len(Prefix)+shownPrefix]
		id, err := store.InsertID(ctx, tx, "api_keys", []string{"user_id", "name", "scopes", "prefix", "key_hash", "expires_at", "created_at"},
			[]any{userID, name, scopes, prefix, s.hash(secret), expires, now})
		if err != nil {
			return apperr.Wrap(err, "create API key")
		}
		out = Created{Key: Key{ID: id, Name: name, Scopes: strings.Split(scopes, ","), Prefix: prefix, Status: StatusActive,
			CreatedAt: now, ExpiresAt: expires}, Secret: secret}
		return nil
	})
	return out, err
}

// check validates a new key's fields, returning the name, the stored scopes
// and the expiry.
func (in NewKey) check(now time.Time) (name, scopes string, expires *time.Time, err error) {
	var bad apperr.Fields
	name = string(in.Name)
	switch {
	case name == "":
		bad.Add("name", "Name is required")
	case utf8.RuneCountInString(name) > MaxName:
		bad.Add("name", fmt.Sprintf("Name must be at most %d characters", MaxName))
	case !input.IsLine(name):
		bad.Add("name", input.LineMessage("name"))
	}
	read, write := false, false
	for _, sc := range in.Scopes {
		switch sc {
		case ScopeRead:
			read = true
		case ScopeWrite:
			write = true
		default:
			bad.Add("scopes", "Scopes are read and write")
		}
	}
	switch {
	case !read && !write:
		bad.Add("scopes", "Choose at least one scope: read, or read and write")
	case write:
		scopes = ScopeRead + "," + ScopeWrite // writing includes reading
	default:
		scopes = ScopeRead
	}
	if in.ExpiresAt != "" {
		t, ok := parseExpiry(string(in.ExpiresAt))
		switch {
		case !ok:
			bad.Add("expiresAt", "Expiry must be a date (2027-03-31) or a date and time (2027-03-31T18:00:00+05:30)")
		case !t.After(now):
			bad.Add("expiresAt", "Expiry must be in the future")
		case t.After(now.AddDate(10, 0, 0)):
			bad.Add("expiresAt", "Expiry must be within ten years")
		default:
			expires = &t
		}
	}
	return name, scopes, expires, bad.Err()
}

// parseExpiry reads an expiry: an RFC 3339 time, or a date, which means the
// end of that day in India (the key works through it).
func parseExpiry(s string) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC().Truncate(time.Microsecond), true
	}
	if d, err := time.ParseInLocation(time.DateOnly, s, india.Zone); err == nil {
		return d.AddDate(0, 0, 1).UTC(), true
	}
	return time.Time{}, false
}

// keyColumns are the columns scanKey reads.
const keyColumns = `id, name, scopes, prefix, created_at, expires_at, last_used_at, last_used_ip, revoked_at`

func scanKey(rows *sql.Rows, k *Key, now time.Time) error {
	var scopes string
	var expires, used, revoked sql.NullTime
	if err := rows.Scan(&k.ID, &k.Name, &scopes, &k.Prefix, &k.CreatedAt, &expires, &used, &k.LastUsedIP, &revoked); err != nil {
		return err
	}
	k.Scopes = strings.Split(scopes, ",")
	k.ExpiresAt, k.LastUsedAt, k.RevokedAt = timePtr(expires), timePtr(used), timePtr(revoked)
	k.Status = status(now, k.ExpiresAt, k.RevokedAt)
	return nil
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	v := t.Time.UTC()
	return &v
}

func status(now time.Time, expires, revoked *time.Time) string {
	switch {
	case revoked != nil:
		return StatusRevoked
	case expires != nil && !now.Before(*expires):
		return StatusExpired
	}
	return StatusActive
}

// List returns userID's keys, newest first.
func (s *Service) List(ctx context.Context, userID int64) ([]Key, error) {
	now := s.db.Time()
	rows, err := s.db.QueryContext(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE user_id = $1 ORDER BY id DESC LIMIT $2`, userID, maxListed)
	if err != nil {
		return nil, apperr.Wrap(err, "list API keys")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, k *Key) error { return scanKey(rows, k, now) })
	if err != nil {
		return nil, apperr.Wrap(err, "list API keys")
	}
	return list, nil
}

// Revoke revokes userID's key id at once; another agent's key is not found.
// Revoking a revoked key changes nothing.
func (s *Service) Revoke(ctx context.Context, userID, id int64) error {
	return s.db.WithTx(ctx, func(tx *sql.Tx) error {
		_, _, err := s.revokeTx(ctx, tx, id, userID, userID)
		return err
	})
}

// AdminList returns agent userID's keys for an admin (404 for no such user).
func (s *Service) AdminList(ctx context.Context, userID int64) ([]Key, error) {
	if _, err := s.users.UserByID(ctx, userID); err != nil {
		return nil, err
	}
	return s.List(ctx, userID)
}

// AdminRevoke revokes any agent's key id for adminID, in the audit log.
func (s *Service) AdminRevoke(ctx context.Context, adminID, id int64) error {
	return s.db.WithTx(ctx, func(tx *sql.Tx) error {
		k, changed, err := s.revokeTx(ctx, tx, id, 0, adminID)
		if err != nil || !changed {
			return err // an error, or already revoked: nothing to record
		}
		before := k
		before.RevokedAt = nil
		before.Status = status(s.db.Time(), before.ExpiresAt, nil)
		return audit.Record(ctx, tx, s.db.Time(), audit.Entry{ActorID: adminID, Action: "api_key.revoke", TargetType: "api_key",
			TargetID: id, Before: before, After: k})
	})
}

// revokeTx revokes key id (of owner, or anyone's when owner is 0) as by,
// and returns it as it now is; changed is false when it was revoked already.
func (s *Service) revokeTx(ctx context.Context, tx *sql.Tx, id, owner, by int64) (k Key, changed bool, err error) {
	now := s.db.Time()
	whose, args := "", []any{id}
	if owner != 0 {
		whose, args = " AND user_id = $2", append(args, owner)
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE id = $1`+whose, args...)
	if err != nil {
		return Key{}, false, apperr.Wrap(err, "read API key")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, k *Key) error { return scanKey(rows, k, now) })
	if err != nil {
		return Key{}, false, apperr.Wrap(err, "read API key")
	}
	if len(list) == 0 {
		return Key{}, false, apperr.New(apperr.NotFound, "API key not found")
	}
	k = list[0]
	if k.RevokedAt != nil {
		return k, false, nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE api_keys SET revoked_at = $1, revoked_by = $2 WHERE id = $3`, now, by, id); err != nil {
		return Key{}, false, apperr.Wrap(err, "revoke API key")
	}
	k.RevokedAt, k.Status = &now, StatusRevoked
	return k, true, nil
}

// errUnknown is the answer to a key that is not (or no longer) valid.
func errUnknown(msg string) error { return apperr.New(apperr.Unauthorized, "%s", msg) }

// Authenticate checks key, sent from address ip, against the database (every
// request, so that a revocation holds on every instance at once) and
// returns its agent and scopes. An unknown, revoked or expired key, or one
// whose agent is deactivated, is Unauthorized; one whose agent's plan has
// lost API access is PlanLimit (it works again when the plan comes back).
// The key's last use is written at most once a minute.
func (s *Service) Authenticate(ctx context.Context, key, ip string) (Caller, error) {
	if !wellFormed(key) {
		return Caller{}, errUnknown("This API key is not valid")
	}
	var id, userID int64
	var scopes string
	var expires, used, revoked sql.NullTime
	err := s.db.QueryRowPrepared(ctx, `SELECT id, user_id, scopes, expires_at, last_used_at, revoked_at FROM api_keys WHERE key_hash = $1`,
		s.hash(key)).Scan(&id, &userID, &scopes, &expires, &used, &revoked)
	if errors.Is(err, sql.ErrNoRows) {
		return Caller{}, errUnknown("This API key is not valid")
	}
	if err != nil {
		return Caller{}, apperr.Wrap(err, "authenticate API key")
	}
	now := s.db.Time()
	switch {
	case revoked.Valid:
		s.note(security.Event{Type: security.SuspiciousRequest, IP: ip, Subject: fmt.Sprintf("api_key:%d", id),
			Detail: fmt.Sprintf("revoked API key #%d of user #%d used", id, userID)})
		return Caller{}, errUnknown("This API key was revoked")
	case expires.Valid && !now.Before(expires.Time):
		return Caller{}, errUnknown("This API key has expired")
	}
	u, err := s.users.UserByID(ctx, userID)
	if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !u.IsActive) {
		return Caller{}, errUnknown("This API key's account is deactivated")
	}
	if err != nil {
		return Caller{}, err
	}
	ok, err := s.HasAPIAccess(ctx, userID)
	if err != nil {
		return Caller{}, err
	}
	if !ok {
		return Caller{}, apperr.New(apperr.PlanLimit, "This API key's plan no longer includes API access. "+
			"The key works again once the account is on a plan with API access (Billing page).")
	}
	if !used.Valid || now.Sub(used.Time) >= touchEvery {
		// The WHERE keeps instances racing on one key to one write a minute.
		if _, err := s.db.ExecContext(ctx, `UPDATE api_keys SET last_used_at = $1, last_used_ip = $2
			WHERE id = $3 AND (last_used_at IS NULL OR last_used_at <= $4)`, now, input.Header(ip, input.MaxClientIP), id, now.Add(-touchEvery)); err != nil {
			return Caller{}, apperr.Wrap(err, "touch API key")
		}
	}
	if err := s.noteAddress(ctx, id, userID, ip, now); err != nil {
		return Caller{}, err
	}
	return Caller{User: u, KeyID: id, Write: strings.Contains(scopes, ScopeWrite)}, nil
}

// noteAddress counts ip among the addresses key id was used from today
// (UTC): the row is written the first time this instance sees the pair, and
// the key's (MaxAddressesPerDay+1)th address and each one after is a
// security event. Each instance remembers at most MaxAddressesPerDay+1
// addresses per key a day.
func (s *Service) noteAddress(ctx context.Context, id, userID int64, ip string, now time.Time) error {
	ip = input.Header(ip, input.MaxClientIP)
	day := now.UTC().Format(time.DateOnly)
	s.mu.Lock()
	newDay := s.day != day
	if newDay {
		s.day, s.seen = day, map[int64]map[string]bool{}
	}
	known := s.seen[id]
	if known == nil {
		known = map[string]bool{}
		s.seen[id] = known
	}
	skip := known[ip] || len(known) > MaxAddressesPerDay
	if !skip {
		known[ip] = true
	}
	s.mu.Unlock()
	if newDay { // once a day on each instance: forget the days before yesterday
		if _, err := s.db.ExecContext(ctx, `DELETE FROM api_key_addresses WHERE day < $1`, now.UTC().AddDate(0, 0, -1).Format(time.DateOnly)); err != nil {
			return apperr.Wrap(err, "prune API key addresses")
		}
	}
	if skip {
		return nil
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO api_key_addresses (key_id, day, ip) VALUES ($1, $2, $3)
		ON CONFLICT (key_id, day, ip) DO NOTHING`, id, day, ip)
	if err != nil {
		return apperr.Wrap(err, "note API key address")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	var count int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM api_key_addresses WHERE key_id = $1 AND day = $2`, id, day).Scan(&count); err != nil {
		return apperr.Wrap(err, "count API key addresses")
	}
	if count > MaxAddressesPerDay {
		s.note(security.Event{Type: security.SuspiciousRequest, IP: ip, Subject: fmt.Sprintf("api_key:%d", id),
			Detail: fmt.Sprintf("API key #%d of user #%d used from %d addresses today", id, userID, count)})
	}
	return nil
}

// note records e off the request path.
func (s *Service) note(e security.Event) {
	if s.events != nil {
		s.events.Add(e)
	}
}

// Take counts one request of key id against its rate limit; see
// limits.Fixed.Take.
func (s *Service) Take(id int64) (ok bool, limit, remaining int, reset time.Duration) {
	ok, remaining, reset = s.limiter.Take(id, time.Now())
	return ok, s.limiter.Limit(), remaining, reset
}
