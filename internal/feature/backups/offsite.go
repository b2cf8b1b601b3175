package backups

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"propmatch/internal/kit/jobs"
)

// OffsiteJobKind is the queue's kind for copying one backup off-site.
const OffsiteJobKind = "backup-offsite"

// Off-site states of a backup (the backups table's offsite_state): empty
// while off-site copies are off.
const (
	OffsitePending = "pending"
	OffsiteCopied  = "copied"
	OffsiteFailed  = "failed"
)

// offsiteAttempts bounds an upload's tries: with the queue's backoff
// (doubling from 1 s, at most 10 min) they span about 40 minutes.
const offsiteAttempts = 12

// offsiteLease bounds one upload.
const offsiteLease = time.Hour

// Offsite is where backups are copied after each successful run: a bucket
// of S3-compatible storage (AWS S3, MinIO, Cloudflare R2, DigitalOcean
// Spaces...). It is off while Endpoint and Bucket are empty.
type Offsite struct {
	// Endpoint is the storage's address, such as https://s3.ap-south-1.amazonaws.com
	// or http://minio.internal:9000.
	Endpoint string
	Bucket   string
	Region   string
	// AccessKey and SecretKey sign the requests. SecretKey is never shown,
	// logged nor sent in a response.
	AccessKey string
	SecretKey string `json:"-"`
	// Prefix is put before each backup's file name, such as "propmatch/".
	Prefix string
	// PathStyle addresses the bucket in the path (endpoint/bucket/key), as
	// MinIO and most self-hosted servers want, rather than as a host name.
	PathStyle bool
}

// On reports whether off-site copies are configured.
func (o Offsite) On() bool { return o.Endpoint != "" || o.Bucket != "" }

// LogValue keeps the keys out of logs.
func (o Offsite) LogValue() slog.Value {
	return slog.GroupValue(slog.String("endpoint", o.Endpoint), slog.String("bucket", o.Bucket), slog.String("prefix", o.prefix()))
}

// String names the destination, without keys.
func (o Offsite) String() string { return o.Destination() }

// GoString names the destination, without keys (for %#v).
func (o Offsite) GoString() string { return "backups.Offsite{" + o.Destination() + "}" }

// Check returns why o cannot be used, naming the PROPMATCH_BACKUP_S3_*
// variable to fix, or nil (also when it is off).
func (o Offsite) Check() error {
	if !o.On() {
		return nil
	}
	var errs []error
	if _, _, err := o.endpoint(); err != nil {
		errs = append(errs, err)
	}
	if o.Bucket == "" {
		errs = append(errs, errors.New("PROPMATCH_BACKUP_S3_BUCKET is required when PROPMATCH_BACKUP_S3_ENDPOINT is set"))
	}
	if o.AccessKey == "" || o.SecretKey == "" {
		errs = append(errs, errors.New("PROPMATCH_BACKUP_S3_ACCESS_KEY and PROPMATCH_BACKUP_S3_SECRET_KEY are both required for off-site backups"))
	}
	return errors.Join(errs...)
}

// endpoint returns the host (and port) of o's endpoint and whether it is
// reached over TLS.
func (o Offsite) endpoint() (host string, secure bool, err error) {
	u, perr := url.Parse(o.Endpoint)
	if perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.User != nil {
		return "", false, fmt.Errorf("PROPMATCH_BACKUP_S3_ENDPOINT must be an address such as https://s3.ap-south-1.amazonaws.com (no path), got %q", o.Endpoint)
	}
	return u.Host, u.Scheme == "https", nil
}

// prefix returns the key prefix: no leading slash, one trailing slash
// unless empty.
func (o Offsite) prefix() string {
	p := strings.Trim(o.Prefix, "/")
	if p == "" {
		return ""
	}
	return p + "/"
}

// Destination names where copies go, for people: "s3://bucket/prefix/ at
// endpoint".
func (o Offsite) Destination() string {
	if !o.On() {
		return ""
	}
	return "s3://" + o.Bucket + "/" + o.prefix() + " at " + o.Endpoint
}

// OffsiteSettings are the off-site configuration as an admin sees it: no key.
type OffsiteSettings struct {
	Endpoint    string `json:"endpoint"`
	Bucket      string `json:"bucket"`
	Region      string `json:"region"`
	Prefix      string `json:"prefix"`
	PathStyle   bool   `json:"pathStyle"`
	Destination string `json:"destination"`
}

func (o Offsite) settings() *OffsiteSettings {
	if !o.On() {
		return nil
	}
	return &OffsiteSettings{Endpoint: o.Endpoint, Bucket: o.Bucket, Region: o.Region, Prefix: o.prefix(), PathStyle: o.PathStyle, Destination: o.Destination()}
}

// client returns an S3 client for o. It tries each request once: the
// queue's backoff is the retry.
func (o Offsite) client() (*minio.Client, error) {
	host, secure, err := o.endpoint()
	if err != nil {
		return nil, err
	}
	lookup := minio.BucketLookupAuto
	if o.PathStyle {
		lookup = minio.BucketLookupPath
	}
	return minio.New(host, &minio.Options{
		Creds:        credentials.NewStaticV4(o.AccessKey, o.SecretKey, ""),
		Secure:       secure,
		Region:       o.Region,
		BucketLookup: lookup,
		MaxRetries:   1,
	})
}

// commandLineFolder is where Send puts the files `propmatch backup`
// writes, under the prefix: apart from the server's own copies, so the
// server's retention never deletes them (parseCopy does not read them).
const commandLineFolder = "cli/"

// Send copies the backup file at path to the bucket, as
// PREFIX/cli/NAME (NAME is the file's base name), and returns the
// destination it wrote. It tries once more on a failed request, then
// reports the failure: the command line has no queue to retry it.
func (o Offsite) Send(ctx context.Context, path string) (string, error) {
	f, err := os.Open(path) //nolint:gosec // the command line's own backup file
	if err != nil {
		return "", err
	}
	defer func() { _ = f.Close() }() // only read
	info, err := f.Stat()
	if err != nil {
		return "", err
	}
	client, err := o.client()
	if err != nil {
		return "", err
	}
	key := o.prefix() + commandLineFolder + filepath.Base(path)
	if _, err := client.PutObject(ctx, o.Bucket, key, f, info.Size(), minio.PutObjectOptions{ContentType: "application/zip"}); err != nil {
		return "", err
	}
	return "s3://" + o.Bucket + "/" + key, nil
}

// offsitePayload is an upload job's payload.
type offsitePayload struct {
	BackupID int64 `json:"backupId"`
}

// offsiteKey is an upload job's key: each backup's copy retries on its own,
// never holding up the next backup or its copy.
func offsiteKey(id int64) string { return fmt.Sprintf("backup-offsite:%d", id) }

// upload is the off-site job: it copies a successful backup's file to the
// bucket, records the result on the backup, and deletes the bucket's
// backups older than the newest Keep. A failed try is recorded (pending
// while tries remain, then failed) and retried with the queue's backoff;
// the local file is only read.
func (s *Service) upload(ctx context.Context, j jobs.Job) error {
	var p offsitePayload
	if err := j.Decode(&p); err != nil || p.BackupID == 0 {
		return fmt.Errorf("backups: bad off-site job payload %s", j.Payload)
	}
	b, err := s.Get(ctx, p.BackupID)
	if err != nil || b.State != Success || b.FileName == "" {
		return nil // deleted by an admin or by the retention meanwhile: nothing to copy
	}
	done := context.WithoutCancel(ctx)
	f, err := os.Open(filepath.Join(s.cfg.Dir, filepath.Base(b.FileName)))
	if errors.Is(err, os.ErrNotExist) {
		return s.recordOffsite(done, b.ID, OffsiteFailed, "the local file was deleted before it could be copied")
	}
	if err != nil {
		return s.offsiteFailed(done, j, b.ID, err)
	}
	defer func() { _ = f.Close() }() // only read
	client, err := s.cfg.Offsite.client()
	if err != nil {
		return s.offsiteFailed(done, j, b.ID, err)
	}
	key := s.cfg.Offsite.prefix() + b.FileName
	if _, err := client.PutObject(ctx, s.cfg.Offsite.Bucket, key, f, b.SizeBytes, minio.PutObjectOptions{ContentType: "application/zip"}); err != nil {
		return s.offsiteFailed(done, j, b.ID, err)
	}
	if err := s.recordOffsite(done, b.ID, OffsiteCopied, ""); err != nil {
		return err
	}
	s.log.Info("backup copied off-site", "id", b.ID, "destination", s.cfg.Offsite.Destination(), "key", key)
	if err := s.pruneOffsite(ctx, client); err != nil {
		s.log.Warn("off-site backup retention", "err", err)
	}
	return nil
}

// offsiteFailed records a failed try of job j for backup id and returns
// err, so that the queue retries it while tries remain.
func (s *Service) offsiteFailed(ctx context.Context, j jobs.Job, id int64, err error) error {
	state := OffsitePending
	if j.Attempts >= j.MaxAttempts {
		state = OffsiteFailed
	}
	return errors.Join(err, s.recordOffsite(ctx, id, state, err.Error()))
}

func (s *Service) recordOffsite(ctx context.Context, id int64, state, msg string) error {
	var at any
	if state == OffsiteCopied {
		at = s.db.Time()
	}
	_, err := s.db.ExecContext(ctx, `UPDATE backups SET offsite_state = $2, offsite_error = $3, offsite_at = $4 WHERE id = $1`, id, state, msg, at)
	s.health.Reset()
	return err
}

// remoteCopy is one of this server's backups in the bucket.
type remoteCopy struct {
	key    string
	stamp  string
	id     int64
	manual bool
}

// parseCopy reads a key under prefix named as this server names backups
// ("propmatch-YYYYMMDD-HHMMSS-ID.zip", "-ID-manual.zip" for a manual one);
// anything else is not its own.
func parseCopy(prefix, key string) (remoteCopy, bool) {
	name, ok := strings.CutPrefix(key, prefix+"propmatch-")
	if !ok || strings.Contains(name, "/") {
		return remoteCopy{}, false
	}
	name, ok = strings.CutSuffix(name, ".zip")
	if !ok {
		return remoteCopy{}, false
	}
	name, manual := strings.CutSuffix(name, manualSuffix)
	i := strings.LastIndexByte(name, '-')
	if i < 0 {
		return remoteCopy{}, false
	}
	id, err := strconv.ParseInt(name[i+1:], 10, 64)
	if err != nil {
		return remoteCopy{}, false
	}
	return remoteCopy{key: key, stamp: name[:i], id: id, manual: manual}, true
}

// pruneOffsite deletes the bucket's backups under the prefix older than the
// newest Keep scheduled and KeepManual manual ones, oldest first by their
// names' time, then id. Other objects are left alone. (Manual copies named
// before manual names had their suffix count as scheduled.)
func (s *Service) pruneOffsite(ctx context.Context, client *minio.Client) error {
	prefix := s.cfg.Offsite.prefix()
	var scheduled, manual []remoteCopy
	for obj := range client.ListObjects(ctx, s.cfg.Offsite.Bucket, minio.ListObjectsOptions{Prefix: prefix}) {
		if obj.Err != nil {
			return obj.Err
		}
		if c, ok := parseCopy(prefix, obj.Key); ok && c.manual {
			manual = append(manual, c)
		} else if ok {
			scheduled = append(scheduled, c)
		}
	}
	var errs []error
	for _, k := range []struct {
		copies []remoteCopy
		keep   int
	}{{scheduled, s.cfg.Keep}, {manual, s.cfg.KeepManual}} {
		if len(k.copies) <= k.keep {
			continue
		}
		slices.SortFunc(k.copies, func(a, b remoteCopy) int { return cmp.Or(cmp.Compare(a.stamp, b.stamp), cmp.Compare(a.id, b.id)) })
		for _, c := range k.copies[:len(k.copies)-k.keep] {
			if err := client.RemoveObject(ctx, s.cfg.Offsite.Bucket, c.key, minio.RemoveObjectOptions{}); err != nil {
				errs = append(errs, err)
				continue
			}
			s.log.Info("old off-site copy deleted: only the newest are kept", "bucket", s.cfg.Offsite.Bucket, "key", c.key, "keep", k.keep)
		}
	}
	return errors.Join(errs...)
}
