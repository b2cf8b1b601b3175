// Package media stores uploaded images. An image arrives as a data URL,
// is checked (PNG or JPEG only, size and pixel caps before decoding),
// re-encoded so that no metadata survives, and served from /media/{id}.
package media

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"net/http"
	"strings"
	"time"

	"propmatch/internal/apperr"
)

// Limits on uploads.
const (
	MaxBytes  = 300 * 1024 // the spec's 300 KB
	MaxPixels = 24_000_000 // refused before decoding, so a tiny file cannot expand into gigabytes
	URLPrefix = "/media/"
)

// Image is a stored image.
type Image struct {
	ID          string
	ContentType string
	Data        []byte
	SHA256      string
}

// Execer is a *sql.DB or *sql.Tx.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Decode checks a data URL and returns the re-encoded image. It returns an
// Invalid error at path for anything but a PNG or JPEG under MaxBytes and
// MaxPixels.
func Decode(dataURL, path string) (Image, error) {
	bad := func(msg string) (Image, error) {
		return Image{}, apperr.Validation(apperr.FieldError{Path: path, Message: msg})
	}
	header, payload, ok := strings.Cut(dataURL, ",")
	if !ok || !strings.HasPrefix(header, "data:") || !strings.HasSuffix(header, ";base64") {
		return bad("Image must be a PNG or JPEG data URL")
	}
	if base64.StdEncoding.DecodedLen(len(payload)) > MaxBytes+3 {
		return bad("Image size must be less than 300KB")
	}
	raw, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return bad("Image data is not valid base64")
	}
	if len(raw) > MaxBytes {
		return bad("Image size must be less than 300KB")
	}
	sniffed := http.DetectContentType(raw)
	if sniffed != "image/png" && sniffed != "image/jpeg" {
		return bad("Only PNG and JPEG images are accepted")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return bad("Image could not be read")
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > MaxPixels || cfg.Width > 20000 || cfg.Height > 20000 {
		return bad("Image dimensions are too large")
	}
	img, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return bad("Image could not be read")
	}
	var out bytes.Buffer
	ct := "image/jpeg"
	if format == "png" {
		ct = "image/png"
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, img)
	} else {
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: 85})
	}
	if err != nil {
		return bad("Image could not be re-encoded")
	}
	sum := sha256.Sum256(out.Bytes())
	return Image{ContentType: ct, Data: out.Bytes(), SHA256: hex.EncodeToString(sum[:])}, nil
}

// Save stores img for ownerID and returns its URL (/media/{id}).
func Save(ctx context.Context, q Execer, now time.Time, ownerID int64, img Image) (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	id := base64.RawURLEncoding.EncodeToString(b)
	cfg, _, _ := image.DecodeConfig(bytes.NewReader(img.Data))
	_, err := q.ExecContext(ctx, `INSERT INTO media (id, owner_id, content_type, width, height, size_bytes, sha256, data, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, id, ownerID, img.ContentType, cfg.Width, cfg.Height, len(img.Data), img.SHA256, img.Data, now)
	if err != nil {
		return "", fmt.Errorf("save media: %w", err)
	}
	return URLPrefix + id, nil
}

// IDFromURL returns the media id in a /media/{id} URL, or "" when url is not one.
func IDFromURL(url string) string {
	id, ok := strings.CutPrefix(url, URLPrefix)
	if !ok || id == "" || len(id) > 64 || strings.ContainsAny(id, "/?#") {
		return ""
	}
	return id
}

// Get returns the stored image with id, or a NotFound error.
func Get(ctx context.Context, db *sql.DB, id string) (Image, error) {
	img := Image{ID: id}
	err := db.QueryRowContext(ctx, `SELECT content_type, data, sha256 FROM media WHERE id = $1`, id).Scan(&img.ContentType, &img.Data, &img.SHA256)
	if errors.Is(err, sql.ErrNoRows) {
		return img, apperr.New(apperr.NotFound, "No such image")
	}
	return img, apperr.Wrap(err, "get media")
}

// OwnedBy reports whether the stored image id belongs to ownerID.
func OwnedBy(ctx context.Context, q interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}, id string, ownerID int64) (bool, error) {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM media WHERE id = $1 AND owner_id = $2`, id, ownerID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
