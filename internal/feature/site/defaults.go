package site

import (
	_ "embed"
	"encoding/json"
)

//go:embed defaults.json
var defaultsJSON []byte

// defaults are each part's content until an admin saves it: a fresh
// database holds no site_content rows, so a backup restores into it.
var defaults = func() map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	if err := json.Unmarshal(defaultsJSON, &m); err != nil {
		panic("site: defaults.json: " + err.Error())
	}
	return m
}()
