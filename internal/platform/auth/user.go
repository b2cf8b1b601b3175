package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// Roles.
const (
	RoleAgent = "agent"
	RoleAdmin = "admin"
)

// User is an account as the API shows it. It never carries the password hash.
type User struct {
	ID              int64   `json:"id"`
	Username        string  `json:"username"`
	FullName        string  `json:"fullName"`
	Email           *string `json:"email"`
	Phone           string  `json:"phone"`
	Role            string  `json:"role"`
	AgentType       string  `json:"agentType"`
	ReraNumber      *string `json:"reraNumber"`
	IsReraVerified  bool    `json:"isReraVerified"`
	IsPhoneVerified bool    `json:"isPhoneVerified"`
	State           string  `json:"state"`
	City            string  `json:"city"`
	ProfilePicture  *string `json:"profilePicture"`
	Bio             *string `json:"bio"`
	IsActive        bool    `json:"isActive"`
	// EmailVerified reports whether the owner confirmed Email through the
	// link sent to it; an unverified email gets no notifications.
	EmailVerified bool      `json:"emailVerified"`
	CreatedAt     time.Time `json:"createdAt"`
	UpdatedAt     time.Time `json:"updatedAt"`
	// Deleted is set in the admins' list of users for an account its owner
	// deleted (scrubbed: it can be neither edited nor reactivated).
	Deleted bool `json:"deleted,omitempty"`
}

// IsAdmin reports whether u has the admin role.
func (u User) IsAdmin() bool { return u.Role == RoleAdmin }

// userFields lists the columns scanUser reads; userColumns qualifies them
// with the alias u for queries that join.
const userFields = `id, username, full_name, email, phone, role, agent_type, rera_number,
	is_rera_verified, is_phone_verified, state, city, profile_picture, bio, is_active, created_at, updated_at, email_verified_at`

var userColumns = store.Qualify("u", userFields)

type scanner interface{ Scan(dest ...any) error }

func scanUser(row scanner, extra ...any) (User, error) {
	var u User
	var verifiedAt any
	dest := []any{&u.ID, &u.Username, &u.FullName, &u.Email, &u.Phone, &u.Role, &u.AgentType, &u.ReraNumber,
		&u.IsReraVerified, &u.IsPhoneVerified, &u.State, &u.City, &u.ProfilePicture, &u.Bio, &u.IsActive, store.ScanTime(&u.CreatedAt), store.ScanTime(&u.UpdatedAt), &verifiedAt}
	err := row.Scan(append(dest, extra...)...)
	u.EmailVerified = u.Email != nil && verifiedAt != nil
	return u, err
}

// UserByID returns the user with id, or a NotFound error.
func (s *Service) UserByID(ctx context.Context, id int64) (User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, apperr.New(apperr.NotFound, "User not found")
	}
	return u, apperr.Wrap(err, "user by id")
}

// CountUsers returns how many accounts exist.
func (s *Service) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&n)
	return n, apperr.Wrap(err, "count users")
}

// NewUser is an account to create directly, without the OTP flow (demo data
// and administration).
type NewUser struct {
	Username, Password, FullName, Email, Phone, Role, AgentType string
	State, City, ReraNumber, Bio                                string
	IsReraVerified                                              bool
}

// CreateUser stores nu with a hashed password, a verified phone and a
// verified email (demo data and administration: nobody is there to open a
// link). It returns Conflict when the username, phone or email is taken.
func (s *Service) CreateUser(ctx context.Context, nu NewUser) (User, error) {
	var u User
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		u, err = s.insertUser(ctx, tx, nu, true)
		return err
	})
	return u, err
}

// insertUser stores nu; its email counts as verified when emailVerified.
func (s *Service) insertUser(ctx context.Context, tx *sql.Tx, nu NewUser, emailVerified bool) (User, error) {
	if err := s.checkTaken(ctx, tx, 0, nu.Username, nu.Phone, nu.Email); err != nil {
		return User{}, err
	}
	hash, err := hashPassword(s.random, s.cfg.Argon, nu.Password)
	if err != nil {
		return User{}, apperr.Wrap(err, "hash password")
	}
	if nu.Role == "" {
		nu.Role = RoleAgent
	}
	now := s.db.Time()
	var verifiedAt *time.Time
	if emailVerified && nu.Email != "" {
		verifiedAt = &now
	}
	u, err := scanUser(tx.QueryRowContext(ctx, `INSERT INTO users (username, password_hash, full_name, email, phone, role, agent_type,
		rera_number, is_rera_verified, is_phone_verified, state, city, bio, created_at, updated_at, email_verified_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, TRUE, $10, $11, $12, $13, $13, $14) RETURNING `+userFields,
		nu.Username, hash, nu.FullName, nullable(nu.Email), nu.Phone, nu.Role, nu.AgentType,
		nullable(nu.ReraNumber), nu.IsReraVerified, nu.State, nu.City, nullable(nu.Bio), now, verifiedAt))
	if store.IsUniqueViolation(err) {
		return User{}, apperr.New(apperr.Conflict, "An account with these details already exists")
	}
	return u, apperr.Wrap(err, "insert user")
}

// checkTaken returns a Conflict naming the first of username, phone and email
// that an account other than except (0 for none) already uses.
func (s *Service) checkTaken(ctx context.Context, q store.Querier, except int64, username, phone, email string) error {
	checks := []struct{ path, query, value, message string }{
		{"username", `SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2`, username, "Username is already taken"},
		{"phone", `SELECT 1 FROM users WHERE phone = $1 AND id <> $2`, phone, "This phone number is already registered. Sign in instead"},
		{"email", `SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2`, email, "An account with this email already exists"},
	}
	for _, c := range checks {
		if c.value == "" {
			continue
		}
		var one int
		err := q.QueryRowContext(ctx, c.query, c.value, except).Scan(&one)
		if err == nil {
			e := apperr.New(apperr.Conflict, "%s", c.message)
			e.Fields = []apperr.FieldError{{Path: c.path, Message: c.message}}
			return e
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return apperr.Wrap(err, "check taken")
		}
	}
	return nil
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
