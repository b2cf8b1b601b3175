package security

import (
	"context"

	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
)

// Service is the security dashboard's request work: the figures, events and
// addresses it shows, and the admins' IP blocks. The package functions it
// calls take a Querier so that tests and other transactions can use them.
type Service struct{ db *store.DB }

// NewService returns the dashboard's service on db.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Overview is the dashboard's first screen: the summary cards, the most
// suspicious addresses and the first page of recent events, with the cursor
// of the next page ("" when there is none).
type Overview struct {
	Summary       Summary  `json:"summary"`
	SuspiciousIPs []IPStat `json:"suspiciousIPs"`
	RecentEvents  []Shown  `json:"recentEvents"`
	NextCursor    *string  `json:"nextCursor"`
}

// overviewIPs is how many suspicious addresses the first screen lists.
const overviewIPs = 10

// Overview reads the first screen, with recent events from page p.
func (s *Service) Overview(ctx context.Context, p EventPage) (Overview, error) {
	now := s.db.Time()
	var out Overview
	var err error
	if out.Summary, err = ReadSummary(ctx, s.db, now); err != nil {
		return out, err
	}
	if out.SuspiciousIPs, err = SuspiciousIPs(ctx, s.db, now, overviewIPs); err != nil {
		return out, err
	}
	var next string
	if out.RecentEvents, next, err = RecentEvents(ctx, s.db, now, p); err != nil {
		return out, err
	}
	if next != "" {
		out.NextCursor = &next
	}
	return out, nil
}

// Recent reads one page of recent events and the cursor of the next.
func (s *Service) Recent(ctx context.Context, p EventPage) ([]Shown, string, error) {
	return RecentEvents(ctx, s.db, s.db.Time(), p)
}

// Suspicious reads up to limit addresses with the most events.
func (s *Service) Suspicious(ctx context.Context, limit int) ([]IPStat, error) {
	return SuspiciousIPs(ctx, s.db, s.db.Time(), limit)
}

// Blocks reads one page of the blocks in force.
func (s *Service) Blocks(ctx context.Context, p paging.Page) ([]Block, int64, error) {
	return ListBlocks(ctx, s.db, s.db.Time(), p)
}

// Block adds adminID's block (see AddBlock); callerIP is the admin's own
// address, which may not be blocked.
func (s *Service) Block(ctx context.Context, adminID int64, callerIP string, in BlockInput) (Block, error) {
	return AddBlock(ctx, s.db, adminID, callerIP, in)
}

// Unblock lifts block id (see LiftBlock).
func (s *Service) Unblock(ctx context.Context, adminID, id int64) (Block, error) {
	return LiftBlock(ctx, s.db, adminID, id)
}
