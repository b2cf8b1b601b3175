package media

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// Service reads stored images for /media/{id}.
type Service struct{ db *store.DB }

// NewService returns a Service reading db.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Get returns the stored image with id, or a NotFound error.
func (s *Service) Get(ctx context.Context, id string) (Image, error) {
	img := Image{ID: id}
	err := s.db.QueryRowContext(ctx, `SELECT content_type, data, sha256 FROM media WHERE id = $1`, id).
		Scan(&img.ContentType, &img.Data, &img.SHA256)
	if errors.Is(err, sql.ErrNoRows) {
		return img, apperr.New(apperr.NotFound, "No such image")
	}
	return img, apperr.Wrap(err, "get media")
}

// Save stores img for ownerID and returns its URL (/media/{id}).
func Save(ctx context.Context, q store.Querier, now time.Time, ownerID int64, img Image) (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	id := base64.RawURLEncoding.EncodeToString(b)
	cfg, _, _ := image.DecodeConfig(bytes.NewReader(img.Data))
	var phash any
	if img.HasPHash {
		phash = int64(img.PHash) //nolint:gosec // stored as the same 64 bits, read back by PHashes
	}
	_, err := q.ExecContext(ctx, `INSERT INTO media (id, owner_id, content_type, width, height, size_bytes, sha256, data, created_at, phash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, id, ownerID, img.ContentType, cfg.Width, cfg.Height, len(img.Data), img.SHA256, img.Data, now, phash)
	if err != nil {
		return "", fmt.Errorf("save media: %w", err)
	}
	if img.Card != nil {
		_, err = q.ExecContext(ctx, `INSERT INTO media_variants (media_id, variant, content_type, data) VALUES ($1, $2, $3, $4)`,
			id, cardVariant, "image/jpeg", img.Card)
		if err != nil {
			return "", fmt.Errorf("save media variant: %w", err)
		}
	}
	return URLPrefix + id, nil
}

// cardVariant names the card-size copy in media_variants.
const cardVariant = "card"

// GetCard returns the card-size copy of the stored image id, or the image
// itself when it has none (it was small enough already), or a NotFound
// error. The copy's SHA256 is the original's with a suffix, so each has its
// own ETag.
func (s *Service) GetCard(ctx context.Context, id string) (Image, error) {
	img := Image{ID: id}
	var sum string
	err := s.db.QueryRowContext(ctx, `SELECT v.content_type, v.data, m.sha256 FROM media_variants v
		JOIN media m ON m.id = v.media_id WHERE v.media_id = $1 AND v.variant = $2`, id, cardVariant).
		Scan(&img.ContentType, &img.Data, &sum)
	if errors.Is(err, sql.ErrNoRows) {
		return s.Get(ctx, id)
	}
	img.SHA256 = sum + "-" + cardVariant
	return img, apperr.Wrap(err, "get media variant")
}

// IDFromURL returns the media id in a /media/{id} URL, or "" when url is not one.
func IDFromURL(url string) string {
	id, ok := strings.CutPrefix(url, URLPrefix)
	if !ok || id == "" || len(id) > 64 || strings.ContainsAny(id, "/?#") {
		return ""
	}
	return id
}

// OwnedBy reports whether the stored image id belongs to ownerID.
func OwnedBy(ctx context.Context, q store.Querier, id string, ownerID int64) (bool, error) {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM media WHERE id = $1 AND owner_id = $2`, id, ownerID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
