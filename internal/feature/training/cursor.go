package training

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// position is where a page of courses ends: courses are listed by display
// order, then id, so the next page starts after this pair.
type position struct {
	order int
	id    int64
}

// cursorOf returns the cursor of the page after the course at (order, id).
func cursorOf(order int, id int64) string {
	return base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, "%d:%d", order, id))
}

// parseCursor reads a cursor cursorOf made; "" is the first page (a zero
// position). It returns an error for anything else.
func parseCursor(cursor string) (*position, error) {
	if cursor == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return nil, err
	}
	o, i, ok := strings.Cut(string(raw), ":")
	order, err1 := strconv.Atoi(o)
	id, err2 := strconv.ParseInt(i, 10, 64)
	if !ok || err1 != nil || err2 != nil || id <= 0 {
		return nil, errors.New("bad cursor")
	}
	return &position{order: order, id: id}, nil
}

// apply appends the bound after p (none for the first page), the order and
// a limit one past limit to where, whose arguments are args.
func (p *position) apply(where string, args []any, limit int) (string, []any) {
	if p != nil {
		args = append(args, p.order, p.id)
		n := len(args)
		where += fmt.Sprintf(` AND (c.display_order > $%d OR (c.display_order = $%d AND c.id > $%d))`, n-1, n-1, n)
	}
	args = append(args, limit+1)
	return where + fmt.Sprintf(` ORDER BY c.display_order, c.id LIMIT $%d`, len(args)), args
}
