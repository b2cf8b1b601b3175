package account

import (
	"context"
	"database/sql"
	"fmt"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/auth"
)

// Deleted is what Delete removed.
type Deleted struct {
	Listings     int `json:"listingsDeleted"`
	Requirements int `json:"requirementsDeleted"`
}

// kept are the references to a user that survive their deletion: the
// messages they sent and received stay with the other agents (under
// auth.DeletedName), and so do those agents' conversations with them.
var kept = map[store.Reference]bool{
	{Table: "messages", Column: "sender_id", OnDelete: "CASCADE"}:      true,
	{Table: "messages", Column: "receiver_id", OnDelete: "CASCADE"}:    true,
	{Table: "conversations", Column: "other_id", OnDelete: "CASCADE"}:  true,
	{Table: "properties", Column: "agent_id", OnDelete: "CASCADE"}:     true, // deleted through their service first
	{Table: "requirements", Column: "agent_id", OnDelete: "CASCADE"}:   true, // likewise
	{Table: "matches", Column: "buyer_agent_id", OnDelete: "CASCADE"}:  true, // went with the requirements
	{Table: "matches", Column: "seller_agent_id", OnDelete: "CASCADE"}: true, // went with the listings
}

// Delete deletes u's account once password proves it is them (a wrong one
// is a field error on "password" and a failed sign-in, see
// auth.Service.ConfirmPassword). In one transaction:
//
//   - their listings and requirements are deleted through their services,
//     so the matches go and other agents' requirements refill;
//   - every other row that is theirs (sessions, connections, enrolments,
//     certificates, quotas, their side of conversations, and any later
//     table whose foreign key to users cascades) is deleted, and their
//     images too, unless an advertisement, course or the site uses them;
//   - the users row is kept, scrubbed of every personal field and named
//     auth.DeletedName, so the messages they exchanged stay with the other
//     agents; their username, email and phone are free again;
//   - the audit log records "account.delete" with no personal data.
//
// The last active admin cannot delete themself (Conflict).
func (s *Service) Delete(ctx context.Context, u auth.User, password string, c auth.Client) (Deleted, error) {
	var out Deleted
	if err := s.auth.ConfirmPassword(ctx, u, password, "password", c); err != nil {
		return out, err
	}
	var email sql.NullString
	var phone string
	if err := s.db.QueryRowContext(ctx, `SELECT email, phone FROM users WHERE id = $1`, u.ID).Scan(&email, &phone); err != nil {
		return out, apperr.Wrap(err, "read account")
	}
	refs, err := store.ReferencesTo(ctx, s.db, s.db.Engine, "users")
	if err != nil {
		return out, apperr.Wrap(err, "read references")
	}
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		out = Deleted{}
		if err := s.auth.ScrubAccount(ctx, tx, u.ID); err != nil {
			return err
		}
		me := access.Actor{ID: u.ID}
		for _, side := range []struct {
			table  string
			delete func(context.Context, *sql.Tx, access.Actor, int64) error
			count  *int
		}{{"properties", s.properties.DeleteIn, &out.Listings}, {"requirements", s.requirements.DeleteIn, &out.Requirements}} {
			ids, err := ownIDs(ctx, tx, side.table, u.ID)
			if err != nil {
				return err
			}
			for _, id := range ids {
				if err := side.delete(ctx, tx, me, id); err != nil {
					return err
				}
			}
			*side.count = len(ids)
		}
		if err := deleteImages(ctx, tx, u.ID); err != nil {
			return err
		}
		for _, r := range refs {
			if r.OnDelete != "CASCADE" || kept[r] {
				continue
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+quote(r.Table)+` WHERE `+quote(r.Column)+` = $1`, u.ID); err != nil {
				return apperr.Wrap(err, "delete "+r.Table)
			}
		}
		// What was sent to them or verified their phone.
		if _, err := tx.ExecContext(ctx, `DELETE FROM otp_verifications WHERE phone = $1`, phone); err != nil {
			return apperr.Wrap(err, "delete phone codes")
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM outbox WHERE recipient = $1 OR recipient = $2`, phone, email.String); err != nil {
			return apperr.Wrap(err, "delete outbox")
		}
		return audit.Record(ctx, tx, s.db.Time(), audit.Entry{ActorID: u.ID, Action: "account.delete", TargetType: "user", TargetID: u.ID})
	})
	if err != nil {
		return Deleted{}, err
	}
	if s.waker != nil {
		s.waker.Queued()
	}
	return out, nil
}

func ownIDs(ctx context.Context, tx *sql.Tx, table string, userID int64) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM `+table+` WHERE agent_id = $1 ORDER BY id`, userID)
	if err != nil {
		return nil, apperr.Wrap(err, "list "+table)
	}
	ids, err := store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
	return ids, apperr.Wrap(err, "list "+table)
}

// deleteImages deletes the images userID uploaded (profile picture, listing
// photos), except those the platform shows (an admin's advertisement,
// course or site images), which stay with no owner.
func deleteImages(ctx context.Context, tx *sql.Tx, userID int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM media WHERE owner_id = $1
		AND NOT EXISTS (SELECT 1 FROM advertisements a WHERE a.image_id = media.id)
		AND NOT EXISTS (SELECT 1 FROM courses c WHERE c.thumbnail_url LIKE '%' || media.id || '%')
		AND NOT EXISTS (SELECT 1 FROM site_content sc WHERE sc.body LIKE '%' || media.id || '%')`, userID); err != nil {
		return apperr.Wrap(err, "delete images")
	}
	_, err := tx.ExecContext(ctx, `UPDATE media SET owner_id = NULL WHERE owner_id = $1`, userID)
	return apperr.Wrap(err, "keep the platform's images")
}

func quote(name string) string { return fmt.Sprintf("%q", name) }
