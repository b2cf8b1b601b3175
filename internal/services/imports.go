package services

import (
	"context"
	"database/sql"
	"encoding/json"

	"propmatch/internal/feature/imports"
	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/kit/apperr"
)

// The bulk import saves its rows through the listing and requirement
// services (seam-imports): these adapters hand it each service's import
// calls, the body a row makes read as the form's own Input.

func formInput(body map[string]any, in any) error {
	b, err := json.Marshal(body)
	if err == nil {
		err = json.Unmarshal(b, in)
	}
	if err != nil {
		return apperr.New(apperr.Invalid, "The row could not be read")
	}
	return nil
}

type listingImports struct{ s *property.Service }

func (t listingImports) Check(ctx context.Context, body map[string]any) (any, error) {
	var in property.Input
	if err := formInput(body, &in); err != nil {
		return nil, err
	}
	return t.s.CheckImport(ctx, in)
}

func (t listingImports) SaveTx(ctx context.Context, tx *sql.Tx, agentID int64, ref string, body map[string]any) (int64, bool, error) {
	var in property.Input
	if err := formInput(body, &in); err != nil {
		return 0, false, err
	}
	return t.s.ImportTx(ctx, tx, agentID, ref, in)
}

func (t listingImports) Queued() { t.s.Queued() }

type requirementImports struct{ s *requirement.Service }

func (t requirementImports) Check(_ context.Context, body map[string]any) (any, error) {
	var in requirement.Input
	if err := formInput(body, &in); err != nil {
		return nil, err
	}
	return t.s.CheckImport(in)
}

func (t requirementImports) SaveTx(ctx context.Context, tx *sql.Tx, agentID int64, ref string, body map[string]any) (int64, bool, error) {
	var in requirement.Input
	if err := formInput(body, &in); err != nil {
		return 0, false, err
	}
	return t.s.ImportTx(ctx, tx, agentID, ref, in)
}

func (t requirementImports) Queued() { t.s.Queued() }

var (
	_ imports.Target = listingImports{}
	_ imports.Target = requirementImports{}
)
