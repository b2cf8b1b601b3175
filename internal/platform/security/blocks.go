package security

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/audit"
)

// Block limits: how long an admin may block an address for, and how wide
// a range may be (an IPv4 range of at least /8, an IPv6 one of at least
// /32, so that no slip of the keyboard blocks the whole internet).
const (
	MinBlockMinutes = 1
	MaxBlockMinutes = 365 * 24 * 60
	MaxReasonLength = 200
	minBitsV4       = 8
	minBitsV6       = 32
)

// Block is one entry of the IP block list.
type Block struct {
	ID        int64      `json:"id"`
	Range     string     `json:"range"`
	Reason    string     `json:"reason"`
	CreatedBy string     `json:"createdBy"`
	CreatedAt time.Time  `json:"createdAt"`
	ExpiresAt time.Time  `json:"expiresAt"`
	LiftedAt  *time.Time `json:"liftedAt"`
	Active    bool       `json:"active"`
}

// BlockInput is what an admin asks to block: an address or CIDR range, for
// Minutes, with an optional reason.
type BlockInput struct {
	Range   string `json:"range"`
	Minutes int    `json:"minutes"`
	Reason  string `json:"reason"`
}

// ParseRange reads an IPv4 or IPv6 address (a range of one) or a CIDR range,
// and returns it in canonical form (host bits cleared, IPv4-mapped IPv6
// addresses as IPv4).
func ParseRange(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return netip.Prefix{}, errors.New("no address given")
	}
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("%q is not a CIDR range such as 203.0.113.0/24", s)
		}
		if p.Addr().Is4In6() && p.Bits() >= 96 {
			p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("%q is not an IP address such as 203.0.113.7", s)
	}
	a = a.Unmap().WithZone("")
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// parseIP reads a client address as clientIP gives it; false when it is none.
func parseIP(s string) (netip.Addr, bool) {
	a, err := netip.ParseAddr(strings.TrimSpace(s))
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

// checkBlock validates in for an admin calling from callerIP and returns the
// range to block.
func checkBlock(in BlockInput, callerIP string) (netip.Prefix, error) {
	var f apperr.Fields
	p, err := ParseRange(in.Range)
	switch {
	case strings.TrimSpace(in.Range) == "":
		f.Add("range", "Enter an IP address or a CIDR range")
	case err != nil:
		f.Add("range", err.Error())
	case p.Addr().Is4() && p.Bits() < minBitsV4, p.Addr().Is6() && p.Bits() < minBitsV6:
		f.Add("range", fmt.Sprintf("%s is too wide: block at most a /%d (IPv4) or a /%d (IPv6)", p, minBitsV4, minBitsV6))
	case p.Contains(netip.MustParseAddr("127.0.0.1")) || p.Contains(netip.IPv6Loopback()) || p.Addr().IsUnspecified():
		f.Add("range", "Loopback addresses cannot be blocked: the server's own checks and a local proxy come from there")
	default:
		if ip, ok := parseIP(callerIP); ok && p.Contains(ip) {
			f.Add("range", fmt.Sprintf("%s includes your own address (%s): you would lock yourself out", p, ip))
		}
	}
	if in.Minutes < MinBlockMinutes || in.Minutes > MaxBlockMinutes {
		f.Add("minutes", fmt.Sprintf("Choose a duration from %d minute to %d days", MinBlockMinutes, MaxBlockMinutes/(24*60)))
	}
	if len([]rune(strings.TrimSpace(in.Reason))) > MaxReasonLength {
		f.Add("reason", fmt.Sprintf("Keep the reason under %d characters", MaxReasonLength))
	}
	return p, f.Err()
}

const blockColumns = `b.id, b.cidr, b.reason, COALESCE(u.username, ''), b.created_by, u.deleted_at IS NOT NULL, b.created_at, b.expires_at, b.lifted_at`

// scanBlock reads a block; CreatedBy names its admin as the audit log does
// (audit.Who): "a deleted agent", "the system", never empty.
func scanBlock(sc interface{ Scan(...any) error }, now time.Time) (Block, error) {
	var b Block
	var by *int64
	var gone sql.NullBool
	if err := sc.Scan(&b.ID, &b.Range, &b.Reason, &b.CreatedBy, &by, &gone, store.ScanTime(&b.CreatedAt), store.ScanTime(&b.ExpiresAt),
		nullTime{&b.LiftedAt}); err != nil {
		return Block{}, err
	}
	b.CreatedBy = audit.Who(b.CreatedBy, by, gone.Bool)
	b.Active = b.LiftedAt == nil && now.Before(b.ExpiresAt)
	return b, nil
}

// nullTime scans a nullable stored time into *t (nil for NULL).
type nullTime struct{ t **time.Time }

func (n nullTime) Scan(v any) error {
	if v == nil {
		*n.t = nil
		return nil
	}
	var t time.Time
	if err := store.ScanTime(&t).Scan(v); err != nil {
		return err
	}
	*n.t = &t
	return nil
}

// AddBlock blocks in.Range for in.Minutes on behalf of admin adminID, who
// calls from callerIP (which the range may not include), and records it in
// the audit log in the same transaction. It returns Invalid with field
// errors for bad input.
func AddBlock(ctx context.Context, db *store.DB, adminID int64, callerIP string, in BlockInput) (Block, error) {
	p, err := checkBlock(in, callerIP)
	if err != nil {
		return Block{}, err
	}
	now := db.Time()
	var b Block
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO ip_blocks (cidr, reason, created_by, created_at, expires_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, p.String(), strings.TrimSpace(in.Reason), adminID, now,
			now.Add(time.Duration(in.Minutes)*time.Minute)).Scan(&id)
		if err != nil {
			return apperr.Wrap(err, "add block")
		}
		if b, err = getBlock(ctx, tx, id, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: adminID, Action: "security.block", TargetType: "ip_block",
			TargetID: id, After: b})
	})
	return b, err
}

// LiftBlock ends block id now on behalf of admin adminID, recorded in the
// audit log in the same transaction. It returns NotFound when there is no
// such block and Conflict when it has already ended.
func LiftBlock(ctx context.Context, db *store.DB, adminID, id int64) (Block, error) {
	now := db.Time()
	var b Block
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		before, err := getBlock(ctx, tx, id, now)
		if err != nil {
			return err
		}
		if !before.Active {
			return apperr.New(apperr.Conflict, "This block has already ended")
		}
		if _, err := tx.ExecContext(ctx, `UPDATE ip_blocks SET lifted_at = $1, lifted_by = $2 WHERE id = $3`, now, adminID, id); err != nil {
			return apperr.Wrap(err, "lift block")
		}
		if b, err = getBlock(ctx, tx, id, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: adminID, Action: "security.unblock", TargetType: "ip_block",
			TargetID: id, Before: before, After: b})
	})
	return b, err
}

func getBlock(ctx context.Context, q store.Querier, id int64, now time.Time) (Block, error) {
	b, err := scanBlock(q.QueryRowContext(ctx, `SELECT `+blockColumns+` FROM ip_blocks b
		LEFT JOIN users u ON u.id = b.created_by WHERE b.id = $1`, id), now)
	if errors.Is(err, sql.ErrNoRows) {
		return Block{}, apperr.New(apperr.NotFound, "No such block")
	}
	return b, apperr.Wrap(err, "read block")
}

// ListBlocks returns the block list newest first, a page at a time: the
// active blocks and the ended ones still kept (see Prune).
func ListBlocks(ctx context.Context, q store.Querier, now time.Time, p paging.Page) ([]Block, int64, error) {
	query, args := p.Apply(`SELECT `+blockColumns+` FROM ip_blocks b LEFT JOIN users u ON u.id = b.created_by WHERE 1 = 1`, "b.id", nil)
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list blocks")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, b *Block) error {
		var err error
		*b, err = scanBlock(rows, now)
		return err
	})
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list blocks")
	}
	list, next := paging.Trim(list, p, func(b Block) int64 { return b.ID })
	return list, next, nil
}

// ActiveRanges returns the ranges blocked at now.
func ActiveRanges(ctx context.Context, q store.Querier, now time.Time) ([]netip.Prefix, error) {
	rows, err := q.QueryContext(ctx, `SELECT cidr FROM ip_blocks WHERE lifted_at IS NULL AND expires_at > $1`, now)
	if err != nil {
		return nil, fmt.Errorf("security: read blocks: %w", err)
	}
	cidrs, err := store.Collect(rows, func(rows *sql.Rows, s *string) error { return rows.Scan(s) })
	if err != nil {
		return nil, fmt.Errorf("security: read blocks: %w", err)
	}
	out := make([]netip.Prefix, 0, len(cidrs))
	for _, c := range cidrs {
		if p, err := netip.ParsePrefix(c); err == nil {
			out = append(out, p)
		}
	}
	return out, nil
}

// DefaultBlockCache is how long an instance keeps the block list before
// reading it again: a block added or lifted on another instance takes
// effect here within it.
const DefaultBlockCache = 5 * time.Second

// blockReadTimeout bounds one read of the block list.
const blockReadTimeout = 3 * time.Second

// BlockSource reads the active ranges (ActiveRanges on the database).
type BlockSource func(ctx context.Context) ([]netip.Prefix, error)

// BlockList is an instance's copy of the shared block list. Blocked answers
// from memory only: once the copy is older than Every it starts one
// background read and goes on answering from the last good copy, so a hung
// or slow database never delays a request.
type BlockList struct {
	source BlockSource
	every  time.Duration
	now    func() time.Time
	log    *slog.Logger

	ranges  atomic.Pointer[[]netip.Prefix] // the last good copy (nil before the first read)
	readAt  atomic.Int64                   // when the last read started, Unix ns (0: never)
	loading atomic.Bool                    // a background read is running
	mu      sync.Mutex                     // serialises reads that store a copy
}

// NewBlockList returns the block list of db, read again every `every` (0:
// DefaultBlockCache); nil, which blocks nothing, when db is nil. It reads
// the list once before it returns.
func NewBlockList(db *store.DB, every time.Duration, log *slog.Logger) *BlockList {
	if db == nil {
		return nil // a handler without a database (some tests) blocks nothing
	}
	return NewBlockListFrom(func(ctx context.Context) ([]netip.Prefix, error) {
		return ActiveRanges(ctx, db, db.Time())
	}, every, db.Time, log)
}

// NewBlockListFrom returns a block list read from source, again every
// `every` (0: DefaultBlockCache) on the clock now (time.Now when nil),
// after a first read (at most blockReadTimeout) before it returns.
func NewBlockListFrom(source BlockSource, every time.Duration, now func() time.Time, log *slog.Logger) *BlockList {
	if every <= 0 {
		every = DefaultBlockCache
	}
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	l := &BlockList{source: source, every: every, now: now, log: log}
	// The first copy is read before the server answers anyone, so a blocked
	// address gets no window at start; a database that does not answer
	// within blockReadTimeout leaves the list empty until a later read.
	l.Refresh(context.Background())
	return l
}

// Blocked reports whether ip is in an active block of the last good copy
// of the list. It never waits for the database: when the copy is stale it
// starts a background read and answers from the copy it has (an empty one
// before the first read ends). When a read fails the last good copy stays
// (and the failure is logged): the database being down must not open or
// close the door on its own.
func (l *BlockList) Blocked(_ context.Context, ip string) bool {
	if l == nil {
		return false
	}
	l.maybeRefresh()
	p := l.ranges.Load()
	if p == nil || len(*p) == 0 {
		return false
	}
	a, ok := parseIP(ip)
	if !ok {
		return false
	}
	for _, r := range *p {
		if r.Contains(a) {
			return true
		}
	}
	return false
}

// maybeRefresh starts one background read when the copy is older than
// Every (or the clock went back by more than that) and no read is running.
func (l *BlockList) maybeRefresh() {
	now := l.now()
	at := l.readAt.Load()
	if at != 0 {
		// A clock that went back further than Every reads again too.
		if age := now.Sub(time.Unix(0, at)); age > -l.every && age < l.every {
			return
		}
	}
	if !l.loading.CompareAndSwap(false, true) {
		return
	}
	l.readAt.Store(now.UnixNano())
	go func() {
		defer l.loading.Store(false)
		ctx, cancel := context.WithTimeout(context.Background(), blockReadTimeout)
		defer cancel()
		if err := l.load(ctx); err != nil {
			l.log.Warn("security: read the block list; using the last one read", "err", err)
		}
	}()
}

// load reads the list and keeps it.
func (l *BlockList) load(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	ranges, err := l.source(ctx)
	if err != nil {
		return err
	}
	l.ranges.Store(&ranges)
	return nil
}

// Refresh reads the list again now, within ctx, after this instance added
// or lifted a block (its own answer already waited on the database); the
// next Blocked sees the change. A failed read is logged and the old copy
// kept: the background reads catch up.
func (l *BlockList) Refresh(ctx context.Context) {
	if l == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, blockReadTimeout)
	defer cancel()
	l.readAt.Store(l.now().UnixNano())
	if err := l.load(ctx); err != nil {
		l.log.WarnContext(ctx, "security: read the block list after a change", "err", err)
	}
}

// Every is how long the list is kept before it is read again.
func (l *BlockList) Every() time.Duration {
	if l == nil {
		return 0
	}
	return l.every
}
