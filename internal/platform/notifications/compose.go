package notifications

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"propmatch/internal/india"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/settings"
)

// MaxLines is how many entries a notice lists; the rest are counted.
const MaxLines = 5

// compose builds the notice of items for userID, called name. ok is false
// when nothing is left to tell: the messages were read or deleted, the
// matches or requests are gone.
func (s *Service) compose(ctx context.Context, userID int64, kind settings.Kind, name string, items []pending) (outbound.Notice, bool, error) {
	n := outbound.Notice{Name: firstName(name)}
	var err error
	var ok bool
	switch kind {
	case settings.Matches:
		ok, err = s.composeMatches(ctx, userID, items, &n)
	case settings.Messages:
		ok, err = s.composeMessages(ctx, userID, items, &n)
	default:
		ok, err = s.composeUpdates(ctx, userID, items, &n)
	}
	return n, ok, err
}

func (s *Service) link(path string) string { return s.cfg.BaseURL + path }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func (s *Service) composeMatches(ctx context.Context, userID int64, items []pending, n *outbound.Notice) (bool, error) {
	total := 0
	since := items[0].at
	for _, it := range items {
		total += it.count
		if it.at.Before(since) {
			since = it.at
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT m.match_score, p.title, p.city, m.seller_agent_id FROM matches m
		JOIN properties p ON p.id = m.property_id
		WHERE (m.seller_agent_id = $1 OR m.buyer_agent_id = $1) AND m.created_at >= $2
		ORDER BY m.match_score DESC, m.id DESC LIMIT $3`, userID, since, MaxLines)
	if err != nil {
		return false, err
	}
	lines, err := store.Collect(rows, func(rows *sql.Rows, l *outbound.NoticeLine) error {
		var score int
		var title, city string
		var seller int64
		if err := rows.Scan(&score, &title, &city, &seller); err != nil {
			return err
		}
		l.Title = title + ", " + city
		if seller == userID {
			l.Detail = fmt.Sprintf("%d%% match: a buyer's requirement fits your listing", score)
		} else {
			l.Detail = fmt.Sprintf("%d%% match for one of your requirements", score)
		}
		return nil
	})
	if err != nil || len(lines) == 0 {
		return false, err
	}
	total = max(total, len(lines))
	n.Subject = "You have " + plural(total, "new match", "new matches") + " on PropMatch"
	n.Intro = "PropMatch found " + plural(total, "new match", "new matches") + " for you."
	n.Lines, n.More = lines, total-len(lines)
	n.ActionURL, n.ActionLabel = s.link("/matches"), "See your matches"
	return true, nil
}

func (s *Service) composeMessages(ctx context.Context, userID int64, items []pending, n *outbound.Notice) (bool, error) {
	ids := make([]any, 0, len(items)+1)
	ids = append(ids, userID)
	for _, it := range items {
		ids = append(ids, it.refID)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT m.sender_id, u.full_name, m.content FROM messages m JOIN users u ON u.id = m.sender_id
		WHERE m.receiver_id = $1 AND m.is_read = FALSE AND m.id IN (`+store.Placeholders(2, len(items))+`) ORDER BY m.id`, ids...)
	if err != nil {
		return false, err
	}
	type msg struct {
		sender        int64
		name, content string
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, m *msg) error { return rows.Scan(&m.sender, &m.name, &m.content) })
	if err != nil || len(list) == 0 {
		return false, err
	}
	senders := map[int64]bool{}
	for i, m := range list {
		senders[m.sender] = true
		if i < MaxLines {
			n.Lines = append(n.Lines, outbound.NoticeLine{Title: m.name, Detail: snippet(m.content, 140)})
		}
	}
	n.More = len(list) - len(n.Lines)
	n.ActionURL, n.ActionLabel = s.link("/messages"), "Open your messages"
	if len(senders) == 1 {
		n.Subject = "New message from " + list[0].name + " on PropMatch"
		if len(list) > 1 {
			n.Subject = plural(len(list), "new message", "new messages") + " from " + list[0].name + " on PropMatch"
		}
		n.ActionURL = s.link("/messages?with=" + strconv.FormatInt(list[0].sender, 10))
	} else {
		n.Subject = "You have " + plural(len(list), "new message", "new messages") + " on PropMatch"
	}
	// The intro counts every unread message, as the app's unread badge
	// does, not only this digest's new ones (earlier digests told of the rest).
	unread := len(list)
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM messages WHERE receiver_id = $1 AND is_read = FALSE`, userID).Scan(&unread); err != nil {
		return false, err
	}
	n.Intro = "You have " + plural(max(unread, len(list)), "unread message", "unread messages") + " on PropMatch."
	return true, nil
}

func (s *Service) composeUpdates(ctx context.Context, userID int64, items []pending, n *outbound.Notice) (bool, error) {
	interests, network := 0, 0
	var interest interestLine
	for _, it := range items {
		if it.item == ItemShareInterest {
			l, ok, err := s.shareInterest(ctx, userID, it.refID)
			if err != nil {
				return false, err
			}
			if ok {
				if interests == 0 {
					interest = l
				}
				interests++
				n.Lines = append(n.Lines, l.line())
			}
			continue
		}
		var requester, receiver int64
		var status, message, reqName, recName string
		err := s.db.QueryRowContext(ctx, `SELECT c.requester_id, c.receiver_id, c.status, c.message, r.full_name, v.full_name
			FROM connections c JOIN users r ON r.id = c.requester_id JOIN users v ON v.id = c.receiver_id WHERE c.id = $1`, it.refID).
			Scan(&requester, &receiver, &status, &message, &reqName, &recName)
		if err == sql.ErrNoRows {
			continue
		}
		if err != nil {
			return false, err
		}
		before := len(n.Lines)
		switch {
		case it.item == ItemConnectionRequest && receiver == userID && status == "pending":
			n.Lines = append(n.Lines, outbound.NoticeLine{Title: reqName + " wants to connect with you", Detail: snippet(message, 140)})
		case it.item == ItemConnectionAnswer && requester == userID && status == "accepted":
			n.Lines = append(n.Lines, outbound.NoticeLine{Title: recName + " accepted your connection request", Detail: "You can now message each other."})
		case it.item == ItemConnectionAnswer && requester == userID && status == "rejected":
			n.Lines = append(n.Lines, outbound.NoticeLine{Title: recName + " declined your connection request"})
		}
		network += len(n.Lines) - before
	}
	if len(n.Lines) == 0 {
		return false, nil
	}
	if len(n.Lines) > MaxLines {
		n.More = len(n.Lines) - MaxLines
		n.Lines = n.Lines[:MaxLines]
	}
	n.Subject = n.Lines[0].Title + " on PropMatch"
	if len(n.Lines)+n.More > 1 {
		n.Subject = "You have " + plural(len(n.Lines)+n.More, "network update", "network updates") + " on PropMatch"
	}
	n.Intro = "There is news from your PropMatch network."
	n.ActionURL, n.ActionLabel = s.link("/agents"), "Open your network"
	switch {
	case interests == 1 && network == 0:
		// The intro names the listing too: it is the WhatsApp message's text.
		n.Intro = "A client tapped \"I'm interested\" on " + interest.listing() + ", which you shared with them."
		n.ActionURL, n.ActionLabel = s.link("/share-links"), "Open your share links"
	case interests > 1 && network == 0:
		n.Subject = "Clients are interested in " + plural(interests, "listing", "listings") + " you shared on PropMatch"
		n.Intro = "Clients tapped \"I'm interested\" on listings you shared with them."
		n.ActionURL, n.ActionLabel = s.link("/share-links"), "Open your share links"
	case interests > 0:
		n.Intro = "There is news from your PropMatch network and your share links."
	}
	return true, nil
}

// interestLine is what a notice says of a client's interest.
type interestLine struct {
	title, locality, city, note string
	price                       float64
}

func (l interestLine) listing() string {
	place := l.locality
	if place == "" {
		place = l.city
	}
	return l.title + ", " + place + " (" + india.FormatINR(l.price) + ")"
}

func (l interestLine) line() outbound.NoticeLine {
	out := outbound.NoticeLine{Title: "A client is interested in " + l.title + ", " + l.locality}
	if l.locality == "" {
		out.Title = "A client is interested in " + l.title + ", " + l.city
	}
	out.Detail = india.FormatINR(l.price)
	if l.note != "" {
		out.Detail += ". Your note on the link: " + snippet(l.note, 140)
	}
	return out
}

// shareInterest reads the client's interest refID on a share link of
// userID's; ok is false once the link or the listing is gone.
func (s *Service) shareInterest(ctx context.Context, userID, refID int64) (interestLine, bool, error) {
	var l interestLine
	err := s.db.QueryRowContext(ctx, `SELECT p.title, p.locality, p.city, p.price, l.note FROM share_link_interest x
		JOIN share_links l ON l.id = x.link_id JOIN properties p ON p.id = x.property_id
		WHERE x.id = $1 AND l.user_id = $2`, refID, userID).Scan(&l.title, &l.locality, &l.city, &l.price, &l.note)
	if errors.Is(err, sql.ErrNoRows) {
		return l, false, nil
	}
	return l, err == nil, err
}

// snippet shortens s to at most max characters, on one line.
func snippet(s string, limit int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	r := []rune(s)
	return string(r[:limit-1]) + "…"
}

func firstName(name string) string {
	if f := strings.Fields(name); len(f) > 0 {
		return f[0]
	}
	return ""
}

// Sample returns the notice of kind ("match", "message", "connection" or
// "test") filled with sample data, for the email template test page; its
// unsubscribe link is userID's own.
func (s *Service) Sample(kind string, userID int64, name string, now time.Time) (outbound.Notice, bool) {
	n := outbound.Notice{Name: firstName(name)}
	switch kind {
	case "match":
		n.Subject = "You have 3 new matches on PropMatch"
		n.Intro = "PropMatch found 3 new matches for you."
		n.Lines = []outbound.NoticeLine{
			{Title: "3 BHK apartment in Baner, Pune", Detail: "92% match for one of your requirements"},
			{Title: "2 BHK apartment in Wakad, Pune", Detail: "85% match for one of your requirements"},
		}
		n.More = 1
		n.ActionURL, n.ActionLabel = s.link("/matches"), "See your matches"
		n.Unsubscribe, n.Why, n.About = s.UnsubscribeURL(userID, settings.Matches), whyLabel(settings.Matches), aboutLabel(settings.Matches)
	case "message":
		n.Subject = "2 new messages from Priya Sharma on PropMatch"
		n.Intro = "You have 2 unread messages on PropMatch."
		n.Lines = []outbound.NoticeLine{
			{Title: "Priya Sharma", Detail: "Is the Baner flat still available? My client can visit on Saturday."},
			{Title: "Priya Sharma", Detail: "They are pre-approved for a home loan."},
		}
		n.ActionURL, n.ActionLabel = s.link("/messages"), "Open your messages"
		n.Unsubscribe, n.Why, n.About = s.UnsubscribeURL(userID, settings.Messages), whyLabel(settings.Messages), aboutLabel(settings.Messages)
	case "connection":
		n.Subject = "Rahul Verma wants to connect with you on PropMatch"
		n.Intro = "There is news from your PropMatch network."
		n.Lines = []outbound.NoticeLine{{Title: "Rahul Verma wants to connect with you", Detail: "Hello, I have buyers for 2 and 3 BHK flats in Pune West."}}
		n.ActionURL, n.ActionLabel = s.link("/agents"), "Open your network"
		n.Unsubscribe, n.Why, n.About = s.UnsubscribeURL(userID, settings.Updates), whyLabel(settings.Updates), aboutLabel(settings.Updates)
	case "test":
		n.Subject = "PropMatch test email"
		n.Intro = "This is a test email from PropMatch, sent at " + now.UTC().Format("02 Jan 2006 15:04 MST") + ". If you can read it, email delivery works."
		n.ActionURL, n.ActionLabel = s.link("/email-test"), "Back to email testing"
	default:
		return outbound.Notice{}, false
	}
	return n, true
}
