package demo

import (
	"context"
	"database/sql"
	"fmt"

	"propmatch/internal/feature/payments"
	"propmatch/internal/kit/store"
)

// Purchase is one purchase of the demo market, paid outside the gateway.
type Purchase struct {
	UserID int64
	Buy    payments.OrderInput
}

// Purchases are the demo market's purchases: the showcase seller (priya)
// on Professional for a month with a Growth pack, the buyer (rahul) a
// Starter pack, and a pack for each of the first few generated agents.
func Purchases(ctx context.Context, db *store.DB, s Showcase) ([]Purchase, error) {
	professional, month := "professional", 1
	packs := []int64{1, 2, 3}
	list := []Purchase{
		{s.Seller, payments.OrderInput{Plan: &professional, Months: &month}},
		{s.Seller, payments.OrderInput{Pack: &packs[1]}},
		{s.Buyer, payments.OrderInput{Pack: &packs[0]}},
	}
	rows, err := db.QueryContext(ctx, `SELECT id FROM users WHERE role = 'agent' AND id <> $1 AND id <> $2 ORDER BY id LIMIT 4`, s.Seller, s.Buyer)
	if err != nil {
		return nil, err
	}
	ids, err := store.Collect(rows, func(r *sql.Rows, id *int64) error { return r.Scan(id) })
	for i, id := range ids {
		list = append(list, Purchase{id, payments.OrderInput{Pack: &packs[i%len(packs)]}})
	}
	return list, err
}

// AddPurchases records list through pay, each with its credits or plan and
// its GST invoice, and returns how many it added: none with billing off.
func AddPurchases(ctx context.Context, pay *payments.Service, list []Purchase) (int, error) {
	if !pay.Enabled() {
		return 0, nil
	}
	for i, p := range list {
		if _, err := pay.RecordPurchase(ctx, p.UserID, p.Buy, fmt.Sprintf("pay_demo%08d", i+1)); err != nil {
			return i, fmt.Errorf("demo purchase %d: %w", i+1, err)
		}
	}
	return len(list), nil
}
