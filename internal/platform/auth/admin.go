package auth

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/rera"
)

// errLastAdmin is what a change that would leave no active admin gets.
var errLastAdmin = apperr.New(apperr.Conflict, "PropMatch needs at least one active admin: promote another admin first")

// Admin is who makes an administrative change to an account: an admin's
// id, or 0 with Label "cli" for the command line. The audit log names them.
type Admin struct {
	ID    int64
	Label string
}

// CLI is the command line as an Admin.
var CLI = Admin{Label: audit.CLI}

// UserPatch is the body of PATCH /api/admin/users/{id}: absent fields keep
// their value. "user" as a role means agent.
type UserPatch struct {
	FullName   *string `json:"fullName"`
	Username   *string `json:"username"`
	Phone      *string `json:"phone"`
	Email      *string `json:"email"`
	State      *string `json:"state"`
	City       *string `json:"city"`
	AgentType  *string `json:"agentType"`
	Role       *string `json:"role"`
	ReraNumber *string `json:"reraNumber"`
}

// normalRole returns role as stored ("user" means agent) or Invalid.
func normalRole(role string) (string, error) {
	role = strings.ToLower(strings.TrimSpace(role))
	if role == "user" {
		role = RoleAgent
	}
	if role != RoleAgent && role != RoleAdmin {
		e := apperr.New(apperr.Invalid, "Role must be agent or admin (user means agent)")
		e.Fields = []apperr.FieldError{{Path: "role", Message: e.Message}}
		return "", e
	}
	return role, nil
}

// SetRole gives the user named username the role agent or admin ("user" means
// agent), from the command line, recorded in the audit log with the actor
// "cli". It returns NotFound for an unknown username and Invalid for an
// unknown role. The command line may demote the last admin: it is also how
// an operator makes one.
func (s *Service) SetRole(ctx context.Context, username, role string) (User, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM users WHERE lower(username) = lower($1)`, strings.TrimSpace(username)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, apperr.New(apperr.NotFound, "No user named %q", username)
	}
	if err != nil {
		return User{}, apperr.Wrap(err, "find user")
	}
	return s.ChangeRole(ctx, CLI, id, role)
}

// ChangeRole sets user id's role, recording it in the audit log. It returns
// Conflict when that would leave no active admin (race-proof: the admins'
// lock serialises every change that can demote one).
func (s *Service) ChangeRole(ctx context.Context, by Admin, id int64, role string) (User, error) {
	role, err := normalRole(role)
	if err != nil {
		return User{}, err
	}
	return s.changeUser(ctx, by, id, "user.role", func(_ *sql.Tx, u User) (User, error) {
		u.Role = role
		return u, nil
	})
}

// EditUser applies p to user id with registration's rules: a valid Indian
// mobile, the state and city from the dataset, and a username, email and
// phone no other account uses (Conflict with a field error).
func (s *Service) EditUser(ctx context.Context, by Admin, id int64, p UserPatch) (User, error) {
	return s.changeUser(ctx, by, id, "user.update", func(tx *sql.Tx, u User) (User, error) {
		r := Registration{Username: u.Username, FullName: u.FullName, Email: deref(u.Email), Phone: u.Phone,
			AgentType: u.AgentType, State: u.State, City: u.City, ReraNumber: deref(u.ReraNumber)}
		for _, f := range []struct {
			from *string
			to   *string
		}{{p.Username, &r.Username}, {p.FullName, &r.FullName}, {p.Email, &r.Email}, {p.Phone, &r.Phone},
			{p.AgentType, &r.AgentType}, {p.State, &r.State}, {p.City, &r.City}, {p.ReraNumber, &r.ReraNumber}} {
			if f.from != nil {
				*f.to = *f.from
			}
		}
		var f apperr.Fields
		nu := r.checkProfile(&f)
		role := u.Role
		if p.Role != nil {
			var err error
			if role, err = normalRole(*p.Role); err != nil {
				f.Add("role", "Role must be agent or admin (user means agent)")
			}
		}
		if err := f.Err(); err != nil {
			return u, err
		}
		if err := s.checkTaken(ctx, tx, u.ID, nu.Username, nu.Phone, nu.Email); err != nil {
			return u, err
		}
		emailChanged := !strings.EqualFold(deref(u.Email), nu.Email)
		u.Username, u.FullName, u.Email, u.Phone = nu.Username, nu.FullName, nullable(nu.Email), nu.Phone
		u.AgentType, u.State, u.City, u.ReraNumber, u.Role = nu.AgentType, nu.State, nu.City, nullable(nu.ReraNumber), role
		if emailChanged { // a new address is unverified until its owner opens the link
			if _, err := tx.ExecContext(ctx, `UPDATE users SET email_verified_at = NULL WHERE id = $1`, u.ID); err != nil {
				return u, apperr.Wrap(err, "unverify email")
			}
			u.EmailVerified = false
			if err := s.queueVerification(ctx, tx, u); err != nil {
				return u, err
			}
		}
		return u, nil
	})
}

// SetActive deactivates or reactivates user id in tx, recording it in the
// audit log. Deactivation ends all the user's sessions at once and is
// refused (Conflict) for the last active admin and (Invalid) for oneself.
// The caller runs it in its own transaction, with what else must change.
func (s *Service) SetActive(ctx context.Context, tx *sql.Tx, by Admin, id int64, active bool) (User, error) {
	if !active && by.ID == id {
		return User{}, apperr.New(apperr.Invalid, "You cannot deactivate your own account")
	}
	action := "user.reactivate"
	if !active {
		action = "user.deactivate"
	}
	return s.changeUserTx(ctx, tx, by, id, action, func(_ *sql.Tx, u User) (User, error) {
		u.IsActive = active
		return u, nil
	})
}

// changeUser runs changeUserTx in a transaction of its own.
func (s *Service) changeUser(ctx context.Context, by Admin, id int64, action string, change func(*sql.Tx, User) (User, error)) (User, error) {
	var out User
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = s.changeUserTx(ctx, tx, by, id, action, change)
		return err
	})
	return out, err
}

// changeUserTx reads user id, lets change edit it, refuses the result when
// it leaves no active admin, stores it and records the action. The admins'
// lock is taken first, so two admins demoting each other at once run one
// after the other and the second is refused.
func (s *Service) changeUserTx(ctx context.Context, tx *sql.Tx, by Admin, id int64, action string, change func(*sql.Tx, User) (User, error)) (User, error) {
	if err := s.lock(ctx, tx, "admins"); err != nil {
		return User{}, err
	}
	var deleted bool
	before, err := scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+`, u.deleted_at IS NOT NULL FROM users u WHERE u.id = $1`, id), &deleted)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, apperr.New(apperr.NotFound, "User not found")
	}
	if err != nil {
		return User{}, apperr.Wrap(err, "read user")
	}
	if deleted {
		return User{}, apperr.New(apperr.Conflict, "This account was deleted by its owner; it cannot be changed or restored")
	}
	after, err := change(tx, before)
	if err != nil {
		return User{}, err
	}
	// The command line may leave no admin: it is how an operator makes one.
	wasAdmin, isAdmin := before.IsAdmin() && before.IsActive, after.IsAdmin() && after.IsActive
	if wasAdmin && !isAdmin && by.ID != 0 {
		var others int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE role = 'admin' AND is_active = TRUE AND id <> $1`, id).Scan(&others); err != nil {
			return User{}, apperr.Wrap(err, "count admins")
		}
		if others == 0 {
			return User{}, errLastAdmin
		}
	}
	after.UpdatedAt = s.db.Time()
	// Another RERA number removes the badge until it is approved.
	if after.IsReraVerified, err = rera.NumberChangedTx(ctx, tx, after.UpdatedAt, id, deref(after.ReraNumber)); err != nil {
		return User{}, err
	}
	_, err = tx.ExecContext(ctx, `UPDATE users SET username = $1, full_name = $2, email = $3, phone = $4, role = $5, agent_type = $6,
		rera_number = $7, state = $8, city = $9, is_active = $10, updated_at = $11 WHERE id = $12`,
		after.Username, after.FullName, after.Email, after.Phone, after.Role, after.AgentType,
		after.ReraNumber, after.State, after.City, after.IsActive, after.UpdatedAt, id)
	if store.IsUniqueViolation(err) {
		return User{}, apperr.New(apperr.Conflict, "Another account already uses this username, email or phone")
	}
	if err != nil {
		return User{}, apperr.Wrap(err, "update user")
	}
	if !after.IsActive && before.IsActive {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, id); err != nil {
			return User{}, apperr.Wrap(err, "end sessions")
		}
	}
	err = audit.Record(ctx, tx, after.UpdatedAt, audit.Entry{ActorID: by.ID, ActorLabel: by.Label, Action: action,
		TargetType: "user", TargetID: id, Before: before, After: after})
	return after, err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// SearchUsers returns a page of every account, newest first, optionally
// those whose name, username, phone, email or city contains q.
func (s *Service) SearchUsers(ctx context.Context, q string, page paging.Page) ([]User, int64, error) {
	where, args := store.Contains(`lower(u.full_name || ' ' || u.username || ' ' || u.phone || ' ' || COALESCE(u.email, '') || ' ' || u.city)`, q, nil)
	query, args := page.Apply(`SELECT `+userColumns+`, u.deleted_at IS NOT NULL FROM users u WHERE 1 = 1`+where, "u.id", args)
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "search users")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, u *User) error {
		var err error
		var deleted bool
		*u, err = scanUser(rows, &deleted)
		u.Deleted = deleted
		return err
	})
	if err != nil {
		return nil, 0, apperr.Wrap(err, "search users")
	}
	list, next := paging.Trim(list, page, func(u User) int64 { return u.ID })
	return list, next, nil
}
