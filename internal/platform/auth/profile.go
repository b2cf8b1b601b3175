package auth

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/media"
	"propmatch/internal/platform/rera"
)

// MaxPictureBytes is the largest profile picture accepted (100 KB).
const MaxPictureBytes = 100 * 1024

// pictureLimits are the spec's profile picture rules and messages.
var pictureLimits = media.Limits{
	Under:     MaxPictureBytes + 1,
	TooLarge:  "File too large: please select an image smaller than 100KB",
	WrongType: "Invalid file type: please select a JPG or PNG image",
}

// ProfileEdit is the body of PUT /api/user/profile. ProfilePicture is a
// data URL for a new picture, the current /media/ URL to keep it, or ""
// (or null) to remove it. Phone, state and city are read-only: a body that
// changes them is refused with a field error.
type ProfileEdit struct {
	FullName       string  `json:"fullName"`
	Email          string  `json:"email"`
	Bio            string  `json:"bio" input:"multiline"`
	AgentType      string  `json:"agentType"`
	ReraNumber     string  `json:"reraNumber"`
	ProfilePicture *string `json:"profilePicture"`
	Phone          *string `json:"phone"`
	State          *string `json:"state"`
	City           *string `json:"city"`
	// GSTIN is the optional GST registration: nil keeps it, "" removes it.
	GSTIN *string `json:"gstin"`
}

// UpdateProfile applies p to u's own account: full name (required), email
// (format, unused by any other account), bio, agent type, RERA number and
// picture (JPG or PNG of at most 100 KB, judged by content, stored as
// media), and GSTIN (format and check character, or none).
func (s *Service) UpdateProfile(ctx context.Context, u User, p ProfileEdit) (User, error) {
	r := Registration{Username: u.Username, FullName: p.FullName, Email: p.Email, Phone: u.Phone,
		AgentType: p.AgentType, State: u.State, City: u.City, ReraNumber: p.ReraNumber, Bio: p.Bio}
	var f apperr.Fields
	nu := r.checkProfile(&f)
	for _, ro := range []struct {
		path string
		sent *string
		have string
	}{{"phone", p.Phone, u.Phone}, {"state", p.State, u.State}, {"city", p.City, u.City}} {
		if ro.sent != nil && strings.TrimSpace(*ro.sent) != ro.have {
			f.Add(ro.path, "This field cannot be changed here. Contact support to change it")
		}
	}
	gstin := u.GSTIN
	if p.GSTIN != nil {
		gstin = nil
		if strings.TrimSpace(*p.GSTIN) != "" {
			g, _ := india.CheckGSTIN(&f, "gstin", *p.GSTIN)
			gstin = &g
		}
	}
	picture, upload, err := s.checkPicture(ctx, u, p.ProfilePicture, &f)
	if err != nil {
		return User{}, err
	}
	if err := f.Err(); err != nil {
		return User{}, err
	}
	var out User
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := s.checkTaken(ctx, tx, u.ID, "", "", nu.Email); err != nil {
			return err
		}
		now := s.db.Time()
		if upload != nil {
			url, err := media.Save(ctx, tx, now, u.ID, *upload)
			if err != nil {
				return apperr.Wrap(err, "save profile picture")
			}
			picture = &url
		}
		// Another RERA number removes the badge until it is approved.
		if _, err := rera.NumberChangedTx(ctx, tx, now, u.ID, nu.ReraNumber); err != nil {
			return err
		}
		var err error
		// A new or changed email is unverified until its link is opened.
		changed := !strings.EqualFold(deref(u.Email), nu.Email)
		out, err = scanUser(tx.QueryRowContext(ctx, `UPDATE users SET full_name = $1, email = $2, bio = $3, agent_type = $4,
			rera_number = $5, profile_picture = $6, updated_at = $7, gstin = $10,
			email_verified_at = CASE WHEN $9 THEN NULL ELSE email_verified_at END WHERE id = $8 RETURNING `+userFields,
			nu.FullName, nullable(nu.Email), nullable(nu.Bio), nu.AgentType, nullable(nu.ReraNumber), picture, now, u.ID, changed, gstin))
		if store.IsUniqueViolation(err) {
			e := apperr.New(apperr.Conflict, "An account with this email already exists")
			e.Fields = []apperr.FieldError{{Path: "email", Message: e.Message}}
			return e
		}
		if err != nil {
			return apperr.Wrap(err, "update profile")
		}
		if changed {
			return s.queueVerification(ctx, tx, out)
		}
		return nil
	})
	return out, err
}

// checkPicture reads the picture field: it returns the URL to keep (nil for
// none) or the decoded upload to store.
func (s *Service) checkPicture(ctx context.Context, u User, sent *string, f *apperr.Fields) (*string, *media.Image, error) {
	switch {
	case sent == nil || strings.TrimSpace(*sent) == "":
		return nil, nil, nil
	case u.ProfilePicture != nil && *sent == *u.ProfilePicture:
		return u.ProfilePicture, nil, nil
	case !strings.HasPrefix(*sent, "data:"):
		f.Add("profilePicture", "Picture must be an uploaded JPG or PNG image")
		return nil, nil, nil
	}
	img, err := media.DecodeWithin(ctx, *sent, "profilePicture", pictureLimits)
	if err != nil {
		var ae *apperr.Error
		if errors.As(err, &ae) && len(ae.Fields) > 0 {
			*f = append(*f, ae.Fields...)
			return nil, nil, nil
		}
		return nil, nil, err
	}
	return nil, &img, nil
}
