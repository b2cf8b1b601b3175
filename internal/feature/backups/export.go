package backups

import (
	"context"
	"fmt"
	"io"

	"propmatch/internal/kit/dbdump"
	"propmatch/internal/platform/audit"
)

// Export records in the audit log that admin adminID downloads the whole
// database, then streams a backup of it to w (the zip of
// internal/kit/dbdump: one JSON-lines file per table and a manifest) from one
// read transaction, row by row: the database is never held in memory and
// no file is written. It serves GET /api/database-export.
func (s *Service) Export(ctx context.Context, adminID int64, w io.Writer) (dbdump.Manifest, error) {
	if err := audit.Record(ctx, s.db, s.db.Time(), audit.Entry{ActorID: adminID, Action: "database.export", TargetType: "database"}); err != nil {
		return dbdump.Manifest{}, err
	}
	m, err := dbdump.Write(ctx, s.db, w, s.cfg.Key, nil)
	if err != nil {
		return m, fmt.Errorf("backups: export: %w", err)
	}
	return m, nil
}
