package billing

import (
	"context"
	"database/sql"
	"errors"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// Pack is a credit pack on sale. Leads is how many leads it buys at the
// Starter plan's lead price.
type Pack struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	AmountPaise  int64  `json:"amountPaise"`
	Leads        int64  `json:"leads"`
	Active       bool   `json:"active"`
	DisplayOrder int    `json:"displayOrder"`
}

const packColumns = `id, name, amount_paise, active, display_order`

// packs reads the packs in display order, only the active ones unless all.
func packs(ctx context.Context, q store.Querier, all bool) ([]Pack, error) {
	where := ` WHERE active = TRUE`
	if all {
		where = ``
	}
	price, err := leadPrice(ctx, q)
	if err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT `+packColumns+` FROM billing_packs`+where+` ORDER BY display_order, id`)
	if err != nil {
		return nil, apperr.Wrap(err, "read packs")
	}
	list, err := store.Collect(rows, func(r *sql.Rows, p *Pack) error {
		if err := r.Scan(&p.ID, &p.Name, &p.AmountPaise, &p.Active, &p.DisplayOrder); err != nil {
			return err
		}
		p.Leads = p.AmountPaise / price
		return nil
	})
	return list, apperr.Wrap(err, "read packs")
}

// leadPrice is the price of a lead on Starter, what packs are counted in.
func leadPrice(ctx context.Context, q store.Querier) (int64, error) {
	var price int64
	err := q.QueryRowContext(ctx, `SELECT lead_price_paise FROM billing_plans WHERE id = $1`, PlanStarter).Scan(&price)
	return price, apperr.Wrap(err, "read lead price")
}

// Pack returns pack id for an order: NotFound for an unknown or inactive pack.
func (s *Service) Pack(ctx context.Context, id int64) (Pack, error) {
	if err := s.on(); err != nil {
		return Pack{}, err
	}
	if err := s.ready(ctx); err != nil {
		return Pack{}, err
	}
	price, err := leadPrice(ctx, s.db)
	if err != nil {
		return Pack{}, err
	}
	var p Pack
	err = s.db.QueryRowContext(ctx, `SELECT `+packColumns+` FROM billing_packs WHERE id = $1 AND active = TRUE`, id).
		Scan(&p.ID, &p.Name, &p.AmountPaise, &p.Active, &p.DisplayOrder)
	if errors.Is(err, sql.ErrNoRows) {
		return Pack{}, apperr.New(apperr.NotFound, "No such credit pack")
	}
	if err != nil {
		return Pack{}, apperr.Wrap(err, "read pack")
	}
	p.Leads = p.AmountPaise / price
	return p, nil
}
