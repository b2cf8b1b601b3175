package dbdump

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"propmatch/internal/kit/store"
)

// Schema is the tables of a database as the backup reads them, for
// reading chosen rows as JSON objects (an agent's own data, see Objects).
type Schema struct {
	engine store.Engine
	tables map[string]table
}

// ReadSchema reads the tables of the database q is connected to.
func ReadSchema(ctx context.Context, q store.Querier, engine store.Engine) (Schema, error) {
	list, err := readSchema(ctx, q, engine)
	if err != nil {
		return Schema{}, err
	}
	s := Schema{engine: engine, tables: map[string]table{}}
	for _, t := range list {
		s.tables[t.name] = t
	}
	return s, nil
}

// Objects streams the rows of table name that match where (a condition on
// its columns with $n placeholders for args, such as "user_id = $1") to
// emit, one JSON object per row in primary-key order: every column but
// omit, by name in alphabetical order, with the values in the backup's
// canonical, engine-neutral form (times in UTC RFC 3339, booleans as true
// and false). No row is held in memory beyond the one emitted.
func (s Schema) Objects(ctx context.Context, q store.Querier, name, where string, args []any, omit []string, emit func(obj []byte) error) error {
	t, ok := s.tables[name]
	if !ok {
		return fmt.Errorf("no table %s", name)
	}
	kept := t
	kept.columns = nil
	for _, c := range t.columns {
		if !slices.Contains(omit, c.Name) {
			kept.columns = append(kept.columns, c)
		}
	}
	query := selectRows(kept, s.engine)
	from := " FROM " + quote(t.name)
	i := strings.Index(query, from+" ORDER BY ")
	if i < 0 {
		return fmt.Errorf("read %s: unexpected query %q", name, query)
	}
	query = query[:i+len(from)] + " WHERE " + where + query[i+len(from):]
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	defer func() { _ = rows.Close() }()
	vals := make([]any, len(kept.columns))
	ptrs := make([]any, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var obj []byte
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return fmt.Errorf("read %s: %w", name, err)
		}
		obj = append(obj[:0], '{')
		for i, c := range kept.columns {
			if i > 0 {
				obj = append(obj, ',')
			}
			obj = appendString(obj, c.Name)
			obj = append(obj, ':')
			if obj, err = appendValue(obj, c.Kind, vals[i]); err != nil {
				return fmt.Errorf("read %s.%s: %w", name, c.Name, err)
			}
		}
		obj = append(obj, '}')
		if err := emit(obj); err != nil {
			return err
		}
	}
	return rows.Err()
}
