package demo

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"propmatch/internal/kit/store"
	"propmatch/internal/platform/media"
)

// PhotoShare is the share of listings that AddPhotos gives photos; the rest
// keep the type placeholder, as some real listings would.
const PhotoShare = 0.85

// AddPhotos gives most listings without photos one to four drawn
// illustrations of their type (listings of the always agents all get
// some), stored as media owned by the listing's agent, so that editing the
// listing keeps them. Each distinct picture is drawn and encoded once.
// It returns how many listings got photos.
func AddPhotos(ctx context.Context, db *store.DB, seed uint64, always ...int64) (int, error) {
	type row struct {
		id, agent int64
		typ       string
	}
	rows, err := db.QueryContext(ctx, `SELECT id, agent_id, property_type FROM properties WHERE images = '[]' ORDER BY id`)
	if err != nil {
		return 0, err
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, r *row) error { return rows.Scan(&r.id, &r.agent, &r.typ) })
	if err != nil {
		return 0, err
	}
	pictures := map[string]media.Image{}
	picture := func(typ string, v int) (media.Image, error) {
		key := fmt.Sprintf("%s/%d", typ, v)
		if img, ok := pictures[key]; ok {
			return img, nil
		}
		img, err := media.Encode(illustration(typ, v), "png")
		pictures[key] = img
		return img, err
	}
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	n := 0
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		now := db.Time()
		for _, l := range list {
			if r.Float64() >= PhotoShare && !slices.Contains(always, l.agent) {
				continue
			}
			count, first := 1+r.IntN(4), r.IntN(IllustrationVariants)
			urls := make([]string, 0, count)
			for i := range count {
				img, err := picture(l.typ, (first+i)%IllustrationVariants)
				if err != nil {
					return err
				}
				url, err := media.Save(ctx, tx, now, l.agent, img)
				if err != nil {
					return err
				}
				urls = append(urls, url)
			}
			images, _ := json.Marshal(urls)
			if _, err := tx.ExecContext(ctx, `UPDATE properties SET images = $1 WHERE id = $2`, string(images), l.id); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}
