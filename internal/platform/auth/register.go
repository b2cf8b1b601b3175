package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/outbound"
)

// Registration is the body of POST /api/register.
type Registration struct {
	Username   string `json:"username"`
	Password   string `json:"password"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	FullName   string `json:"fullName"`
	AgentType  string `json:"agentType"`
	State      string `json:"state"`
	City       string `json:"city"`
	ReraNumber string `json:"reraNumber"`
	Bio        string `json:"bio" input:"multiline"`
}

var usernamePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{3,30}$`)

// validate trims r, checks every field and returns it in stored form.
func (r Registration) validate() (NewUser, error) {
	var f apperr.Fields
	nu := r.checkProfile(&f)
	if nu.Password == "" {
		f.Add("password", "Password is required")
	} else if reason := CheckPassword(nu.Password, PasswordContext{Username: nu.Username, FullName: nu.FullName, Email: nu.Email, Phone: nu.Phone}); reason != "" {
		f.Add("password", reason)
	}
	return nu, f.Err()
}

// checkProfile trims r and checks every field but the password, adding
// field errors to f: the rules registration and an admin's edit share.
func (r Registration) checkProfile(f *apperr.Fields) NewUser {
	nu := NewUser{
		Username:   strings.TrimSpace(r.Username),
		Password:   r.Password,
		FullName:   strings.TrimSpace(r.FullName),
		Email:      strings.TrimSpace(r.Email),
		AgentType:  strings.ToLower(strings.TrimSpace(r.AgentType)),
		ReraNumber: strings.TrimSpace(r.ReraNumber),
		Bio:        strings.TrimSpace(r.Bio),
		Role:       RoleAgent,
	}
	switch {
	case nu.FullName == "":
		f.Add("fullName", "Full name is required")
	case utf8.RuneCountInString(nu.FullName) > 100:
		f.Add("fullName", "Full name must be at most 100 characters")
	}
	switch {
	case nu.Username == "":
		f.Add("username", "Username is required")
	case !usernamePattern.MatchString(nu.Username):
		f.Add("username", "Username must be 3 to 30 letters, digits, dots, dashes or underscores")
	}
	if nu.Email != "" {
		if msg := checkEmail(nu.Email); msg != "" {
			f.Add("email", msg)
		}
	}
	nu.Phone = india.CheckMobile(f, "phone", r.Phone)
	switch nu.AgentType {
	case "buyer", "seller", "both":
	case "":
		f.Add("agentType", "Choose an agent type")
	default:
		f.Add("agentType", "Agent type must be buyer, seller or both")
	}
	nu.State, nu.City = india.CheckPlace(f, "state", "city", r.State, r.City)
	if utf8.RuneCountInString(nu.ReraNumber) > 50 {
		f.Add("reraNumber", "RERA number must be at most 50 characters")
	}
	if utf8.RuneCountInString(nu.Bio) > 1000 {
		f.Add("bio", "Bio must be at most 1000 characters")
	}
	return nu
}

// checkEmail returns why s is not a usable email address, or "".
func checkEmail(s string) string {
	if len(s) > 254 {
		return "Email must be at most 254 characters"
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndex(s, "@")+1:], ".") {
		return "Enter a valid email address"
	}
	return ""
}

// Register creates an agent account for a phone verified within the last 30
// minutes and signs it in. An email another account uses is not an error,
// which would tell who has an account (issue 21, F8): the new account is
// made without it and the address's owner is emailed a notice, as a new
// address is emailed its verification link. It returns Invalid with field
// errors for bad input, Forbidden when the phone is not verified, Conflict
// when the username or phone is taken, and TooManyRequests when the address or
// the phone has made too many attempts: that limit is counted before
// anything is looked up, so it bounds how many usernames and emails one
// address can test.
func (s *Service) Register(ctx context.Context, r Registration, c Client) (User, Session, error) {
	nu, err := r.validate()
	if err != nil {
		return User{}, Session{}, err
	}
	const tooMany = "Too many registration attempts. Try again in %s"
	if c.IP != "" {
		if err := s.take(ctx, "register:ip:"+c.IP, limits.Window{Max: s.cfg.RegisterPerIPPerHour, Every: time.Hour}, c, "register limit", tooMany); err != nil {
			return User{}, Session{}, err
		}
	}
	if err := s.requireVerifiedPhone(ctx, s.db, nu.Phone); err != nil {
		return User{}, Session{}, err
	}
	// Counted once the phone is verified, so that nobody can spend another's.
	if err := s.take(ctx, "register:phone:"+nu.Phone, limits.Window{Max: s.cfg.RegisterPerPhonePerHour, Every: time.Hour}, c, "register limit", tooMany); err != nil {
		return User{}, Session{}, err
	}
	var u User
	var sess Session
	var owner *User // the account that already uses the email given
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		add := nu
		var err error
		if owner, err = s.emailOwner(ctx, tx, add.Email); err != nil {
			return err
		}
		if owner != nil {
			add.Email = "" // the address stays its owner's, who is told instead
		}
		if u, err = s.insertUser(ctx, tx, add, false); err != nil {
			return err
		}
		if err := s.queueVerification(ctx, tx, u); err != nil {
			return err
		}
		sess, err = s.startSession(ctx, tx, u.ID, c)
		return err
	})
	if err != nil {
		return User{}, Session{}, err
	}
	if owner != nil && s.mail != nil {
		msg := emailTakenEmail(*owner)
		s.later(ctx, "email taken notice", func(ctx context.Context) {
			if err := s.mail.SendEmail(ctx, msg); err != nil {
				s.log.ErrorContext(ctx, "email taken notice failed", "user_id", owner.ID, "err", err)
			}
		})
	}
	s.log.InfoContext(ctx, "account registered", "user_id", u.ID, "phone", india.MaskPhone(u.Phone), "email_taken", owner != nil)
	return u, sess, nil
}

// emailOwner returns the account that uses email, or nil when none does
// (or email is empty).
func (s *Service) emailOwner(ctx context.Context, q store.Querier, email string) (*User, error) {
	if email == "" {
		return nil, nil
	}
	u, err := scanUser(q.QueryRowContext(ctx, `SELECT `+userFields+` FROM users WHERE lower(email) = lower($1)`, email))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, apperr.Wrap(err, "email owner")
	}
	return &u, nil
}

// EmailTakenSubject is the subject of the email that tells an address's
// owner that someone registered with it.
const EmailTakenSubject = "Someone tried to register on PropMatch with your email address"

// emailTakenEmail tells owner that a new registration gave their address.
// Registration answers the same whether or not an address is taken, so
// that it does not tell who has an account; the owner hears of it instead.
func emailTakenEmail(owner User) outbound.Email {
	text := fmt.Sprintf(`Hello %s,

Someone has just registered a new PropMatch account and gave this email address, which your account (%s) already uses. The new account was created without it; your account is unchanged.

If that was you, you already have an account: sign in, or choose a new password with "Forgot password" on the sign-in page. If not, there is nothing to do.

PropMatch - We build Families
`, owner.FullName, owner.Username)
	return outbound.Email{To: *owner.Email, Subject: EmailTakenSubject, Text: text}
}
