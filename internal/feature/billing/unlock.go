package billing

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/network"
	"propmatch/internal/platform/settings"
)

// MatchSides returns the seller and buyer agents of match id, read with q,
// and NotFound when there is no such match. services.New sets it from the
// matches package (matches.Sides), which owns the table.
type MatchSides func(ctx context.Context, q store.Querier, matchID int64) (seller, buyer int64, err error)

// UseMatches sets how unlocks find a match's two agents.
func (s *Service) UseMatches(sides MatchSides) { s.sides = sides }

// Contact is the other agent's contact as an unlock reveals it.
type Contact struct {
	AgentID int64  `json:"agentId"`
	Name    string `json:"name"`
	Phone   string `json:"phone"`
	// WhatsApp is the wa.me link of Phone.
	WhatsApp string  `json:"whatsapp"`
	Email    *string `json:"email"`
}

// Unlocked is the answer to an unlock.
type Unlocked struct {
	Contact Contact `json:"contact"`
	// Charged is whether this unlock took a lead (false for a repeat, or
	// between connected agents).
	Charged      bool  `json:"charged"`
	BalancePaise int64 `json:"balancePaise"`
	Leads        int64 `json:"leads"`
}

var (
	errMatchNotFound = apperr.New(apperr.NotFound, "Match not found")
	errPrivate       = apperr.New(apperr.Conflict, "This agent shares contact details with their connections only. Send them a connection request or a message instead.")
)

// Unlock reveals the other agent of match matchID to agentID, charging one
// lead the first time (docs/product.md#billing): once per agent and match,
// for good; free between connected agents. It returns NotFound unless
// agentID is one of the match's agents, NoCredits (402) when the balance does
// not cover a lead, and Conflict, charging nothing, when the other agent
// shares contact details with connections only.
func (s *Service) Unlock(ctx context.Context, agentID, matchID int64) (Unlocked, error) {
	if err := s.on(); err != nil {
		return Unlocked{}, err
	}
	if err := s.ready(ctx); err != nil {
		return Unlocked{}, err
	}
	var out Unlocked
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		other, err := s.otherAgent(ctx, tx, agentID, matchID)
		if err != nil {
			return err
		}
		visible, err := contactVisible(ctx, tx, other)
		if err != nil {
			return err
		}
		free, err := network.Connected(ctx, tx, agentID, other)
		if err != nil {
			return err
		}
		if !free && !visible {
			return errPrivate
		}
		now := s.db.Time()
		if !free {
			if out.Charged, err = s.chargeLead(ctx, tx, now, agentID, matchID, other); err != nil {
				return err
			}
		}
		if out.Contact, err = contactOf(ctx, tx, other); err != nil {
			return err
		}
		if out.BalancePaise, out.Leads, err = balanceAndLeads(ctx, tx, now, agentID); err != nil {
			return err
		}
		return nil
	})
	return out, err
}

// otherAgent returns the agent on the other side of match matchID from
// agentID, NotFound unless agentID is on it.
func (s *Service) otherAgent(ctx context.Context, q store.Querier, agentID, matchID int64) (int64, error) {
	if s.sides == nil {
		return 0, errMatchNotFound
	}
	seller, buyer, err := s.sides(ctx, q, matchID)
	switch {
	case err != nil:
		if apperr.CodeOf(err) == apperr.NotFound {
			return 0, errMatchNotFound
		}
		return 0, err
	case agentID == seller:
		return buyer, nil
	case agentID == buyer:
		return seller, nil
	}
	return 0, errMatchNotFound
}

// chargeLead records agentID's unlock of matchID (whose other agent is
// other) and debits one lead at the agent's plan's price, in tx; a repeat
// charges nothing. The unlock row's unique key makes concurrent first
// contacts charge once: the one INSERT that adds the row charges, the
// others wait for it and add nothing; when its debit fails the row goes
// with its transaction.
func (s *Service) chargeLead(ctx context.Context, tx *sql.Tx, now time.Time, agentID, matchID, other int64) (bool, error) {
	if err := ensureAccount(ctx, tx, now, agentID); err != nil {
		return false, err
	}
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO billing_unlocks (user_id, match_id, agent_id, charged, created_at)
		VALUES ($1, $2, $3, TRUE, $4) ON CONFLICT (user_id, match_id) DO NOTHING RETURNING id`, agentID, matchID, other, now).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Wrap(err, "record unlock")
	}
	p, _, err := currentPlan(ctx, tx, now, agentID)
	if err != nil {
		return false, err
	}
	if _, err := appendEntry(ctx, tx, now, Entry{UserID: agentID, Kind: KindLead, AmountPaise: -p.LeadPricePaise,
		MatchID: &matchID, Note: "Lead: contact on match " + itoa(matchID)}); err != nil {
		return false, err
	}
	return true, nil
}

// ContactTx charges agentID's first contact with other on match matchID
// (their first message on it) in the caller's transaction, through the same
// path as Unlock: once per agent and match, free between connected agents,
// NoCredits when the balance does not cover a lead. The message service
// calls it (services.New hands it the billing service when billing is on).
func (s *Service) ContactTx(ctx context.Context, tx *sql.Tx, now time.Time, agentID, matchID, other int64) error {
	if !s.Enabled() {
		return nil
	}
	free, err := network.Connected(ctx, tx, agentID, other)
	if err != nil || free {
		return err
	}
	_, err = s.chargeLead(ctx, tx, now, agentID, matchID, other)
	return err
}

// UnlockedWithTx reports whether agentID has unlocked a match with other:
// messages outside a match go to connections and to agents whose contact
// agentID has paid for.
func (s *Service) UnlockedWithTx(ctx context.Context, tx *sql.Tx, agentID, other int64) (bool, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM billing_unlocks WHERE user_id = $1 AND agent_id = $2 LIMIT 1) x`,
		agentID, other).Scan(&n)
	return n > 0, apperr.Wrap(err, "unlocked with")
}

// Leads is billing's part of the contact rule for the services that show
// agents (network.Leads): the zero Leads when billing is off.
func (s *Service) Leads() network.Leads {
	if !s.Enabled() {
		return network.Leads{}
	}
	return network.Leads{
		AgentUnlockedSQL: func(agent, viewer string) string {
			return "EXISTS (SELECT 1 FROM billing_unlocks bu WHERE bu.user_id = " + viewer + " AND bu.agent_id = " + agent + ")"
		},
		MatchUnlockedSQL: func(match, viewer string) string {
			return "EXISTS (SELECT 1 FROM billing_unlocks bu WHERE bu.user_id = " + viewer + " AND bu.match_id = " + match + ")"
		},
	}
}

// contactVisible is whether agent shows their contact details to agents
// they are not connected with (their privacy setting).
func contactVisible(ctx context.Context, q store.Querier, agent int64) (bool, error) {
	var v bool
	err := q.QueryRowContext(ctx, `SELECT `+settings.ContactVisibleSQL("us")+` FROM users u`+settings.JoinSQL("us", "u.id")+
		` WHERE u.id = $1`, agent).Scan(&v)
	return v, apperr.Wrap(err, "contact visibility")
}

// contactOf reads agent's contact.
func contactOf(ctx context.Context, q store.Querier, agent int64) (Contact, error) {
	c := Contact{AgentID: agent}
	err := q.QueryRowContext(ctx, `SELECT full_name, phone, email FROM users WHERE id = $1`, agent).Scan(&c.Name, &c.Phone, &c.Email)
	if err != nil {
		return Contact{}, apperr.Wrap(err, "read contact")
	}
	c.WhatsApp = WhatsAppLink(c.Phone)
	return c, nil
}

// WhatsAppLink is the wa.me link of an E.164 phone ("" for none).
func WhatsAppLink(phone string) string {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, phone)
	if digits == "" {
		return ""
	}
	return "https://wa.me/" + digits
}

// balanceAndLeads returns agentID's balance and how many leads it buys at
// their plan's lead price.
func balanceAndLeads(ctx context.Context, q store.Querier, now time.Time, agentID int64) (int64, int64, error) {
	p, a, err := currentPlan(ctx, q, now, agentID)
	if err != nil {
		return 0, 0, err
	}
	return a.BalancePaise, a.BalancePaise / p.LeadPricePaise, nil
}
