package media

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"image"
	"math/bits"

	"github.com/corona10/goimagehash"

	"propmatch/internal/kit/store"
)

// hashSide is the long side of the copy an image is hashed from.
const hashSide = 256

// PerceptualHash returns img's perceptual hash (goimagehash's pHash: the
// low frequencies of a 32×32 DCT of the grey image, 64 bits), which stays
// within a few bits when the image is re-encoded, resized or cropped a
// little. It reports false when the image cannot be hashed or is too
// featureless for its hash to mean anything.
func PerceptualHash(img image.Image) (uint64, bool) {
	if img == nil || img.Bounds().Empty() {
		return 0, false
	}
	// Hash a small copy: the same box filter as the card copy, so a photo
	// and its resized copies hash alike, and the hash costs little.
	h, err := goimagehash.PerceptionHash(Shrink(img, hashSide))
	if err != nil {
		return 0, false
	}
	v := h.GetHash()
	// pHash sets a bit for each frequency above the median, so a picture
	// has about half its bits set; a flat or nearly flat image (a blank,
	// a logo on white) sets few or almost all, and says nothing about
	// which property it shows.
	if n := bits.OnesCount64(v); n < 16 || n > 48 {
		return 0, false
	}
	return v, true
}

// Distance returns the Hamming distance between two perceptual hashes:
// the number of bits that differ (0 for the same picture, about 32 for
// unrelated ones).
func Distance(a, b uint64) int { return bits.OnesCount64(a ^ b) }

// PHashes returns the stored perceptual hash of each of the images ids
// that has one. With fill set, an image stored before hashes were kept
// (its phash NULL) is decoded, hashed and updated in q once, so it has one
// from then on (the lazy backfill).
func PHashes(ctx context.Context, q store.Querier, ids []string, fill bool) (map[string]uint64, error) {
	out := make(map[string]uint64, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := q.QueryContext(ctx, `SELECT id, phash FROM media WHERE id IN (`+store.Placeholders(1, len(ids))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("read image hashes: %w", err)
	}
	var missing []string
	for rows.Next() {
		var id string
		var h sql.NullInt64
		if err := rows.Scan(&id, &h); err != nil {
			_ = rows.Close()
			return nil, fmt.Errorf("read image hashes: %w", err)
		}
		if h.Valid {
			out[id] = uint64(h.Int64) //nolint:gosec // the same 64 bits Save stored
		} else {
			missing = append(missing, id)
		}
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if !fill {
		return out, nil
	}
	for _, id := range missing {
		h, ok, err := backfill(ctx, q, id)
		if err != nil {
			return nil, err
		}
		if ok {
			out[id] = h
		}
	}
	return out, nil
}

// backfill decodes the stored image id, hashes it and stores the hash.
func backfill(ctx context.Context, q store.Querier, id string) (uint64, bool, error) {
	var data []byte
	err := q.QueryRowContext(ctx, `SELECT data FROM media WHERE id = $1`, id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("read image: %w", err)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return 0, false, nil // stored images were re-encoded on upload; one that fails to decode has no hash
	}
	h, ok := PerceptualHash(img)
	if !ok {
		return 0, false, nil
	}
	if _, err := q.ExecContext(ctx, `UPDATE media SET phash = $1 WHERE id = $2`, int64(h), id); err != nil { //nolint:gosec // same 64 bits
		return 0, false, fmt.Errorf("store image hash: %w", err)
	}
	return h, true, nil
}
