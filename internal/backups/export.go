package backups

import (
	"context"
	"fmt"
	"io"

	"propmatch/internal/audit"
	"propmatch/internal/backup"
)

// Export records in the audit log that admin adminID downloads the whole
// database, then streams a backup of it to w (the zip of
// internal/backup: one JSON-lines file per table and a manifest) from one
// read transaction, row by row: the database is never held in memory and
// no file is written. It serves GET /api/database-export.
func (s *Service) Export(ctx context.Context, adminID int64, w io.Writer) (backup.Manifest, error) {
	if err := audit.Record(ctx, s.db, s.db.Time(), audit.Entry{ActorID: adminID, Action: "database.export", TargetType: "database"}); err != nil {
		return backup.Manifest{}, err
	}
	m, err := backup.Write(ctx, s.db, w, s.cfg.Key, nil)
	if err != nil {
		return m, fmt.Errorf("backups: export: %w", err)
	}
	return m, nil
}
