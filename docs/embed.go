// Package docs embeds the API's OpenAPI document (openapi.yaml) and derives
// the public one the server publishes at /api/openapi.json and renders at
// /api/docs.
package docs

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"go.yaml.in/yaml/v3"
)

//go:embed openapi.yaml
var openAPI []byte

// OpenAPI returns openapi.yaml as written: the whole contract the API tests
// hold the server to, internal operations included.
func OpenAPI() []byte { return openAPI }

// PublicJSON returns the public API document as JSON: openapi.yaml without
// the operations marked `x-internal: true` (admin, development and operating
// routes), the paths left with none, and the tags no public operation uses.
// Keys keep the file's order, so the reference lists operations as the file
// does. Converted once, on first use.
var PublicJSON = sync.OnceValues(func() ([]byte, error) { return publicJSON(openAPI) })

// methods are the keys of a path item that hold an operation.
var methods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

func publicJSON(src []byte) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("read openapi.yaml: %w", err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("openapi.yaml is not one mapping")
	}
	root := doc.Content[0]
	used := map[string]bool{}
	if paths := value(root, "paths"); paths != nil {
		var kept []*yaml.Node
		for i := 0; i+1 < len(paths.Content); i += 2 {
			if item := paths.Content[i+1]; publicOperations(item, used) > 0 {
				kept = append(kept, paths.Content[i], item)
			}
		}
		paths.Content = kept
	}
	if tags := value(root, "tags"); tags != nil && tags.Kind == yaml.SequenceNode {
		tags.Content = slices.DeleteFunc(tags.Content, func(t *yaml.Node) bool {
			name := value(t, "name")
			return name == nil || !used[name.Value]
		})
	}
	var buf bytes.Buffer
	if err := writeJSON(&buf, root); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// publicOperations removes item's internal operations, notes the tags of
// the others in used, and returns how many are left.
func publicOperations(item *yaml.Node, used map[string]bool) int {
	if item.Kind != yaml.MappingNode {
		return 0
	}
	var kept []*yaml.Node
	n := 0
	for i := 0; i+1 < len(item.Content); i += 2 {
		k, v := item.Content[i], item.Content[i+1]
		if slices.Contains(methods, k.Value) {
			if x := value(v, "x-internal"); x != nil && x.Value == "true" {
				continue
			}
			n++
			if tags := value(v, "tags"); tags != nil {
				for _, t := range tags.Content {
					used[t.Value] = true
				}
			}
		}
		kept = append(kept, k, v)
	}
	item.Content = kept
	return n
}

// value returns the value of key in the mapping m, or nil.
func value(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// writeJSON writes n as JSON, mappings in their order.
func writeJSON(buf *bytes.Buffer, n *yaml.Node) error {
	switch n.Kind {
	case yaml.AliasNode:
		return writeJSON(buf, n.Alias)
	case yaml.MappingNode:
		buf.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, n.Content[i].Value)
			buf.WriteByte(':')
			if err := writeJSON(buf, n.Content[i+1]); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	case yaml.SequenceNode:
		buf.WriteByte('[')
		for i, c := range n.Content {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeJSON(buf, c); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case yaml.ScalarNode:
		return writeScalar(buf, n)
	default:
		return fmt.Errorf("line %d: unexpected YAML node kind %v", n.Line, n.Kind)
	}
	return nil
}

func writeScalar(buf *bytes.Buffer, n *yaml.Node) error {
	var v any
	switch n.ShortTag() {
	case "!!null":
		buf.WriteString("null")
		return nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		v = b
	case "!!int":
		i, err := strconv.ParseInt(n.Value, 0, 64)
		if err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		v = i
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		v = f
	default: // strings, and timestamps or binary kept as written
		writeString(buf, n.Value)
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("line %d: %w", n.Line, err) // NaN or infinity
	}
	buf.Write(b)
	return nil
}

func writeString(buf *bytes.Buffer, s string) {
	b, _ := json.Marshal(s) // a Go string always encodes
	buf.Write(b)
}
