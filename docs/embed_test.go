package docs

import (
	"encoding/json"
	"testing"
)

func TestPublicJSON(t *testing.T) {
	src := []byte(`openapi: 3.1.0
info: {title: T, version: '1'}
tags:
  - {name: open}
  - {name: admin}
paths:
  /b:
    parameters: [{name: id, in: path}]
    get: {tags: [open], operationId: b, responses: {'200': {description: ok}}}
    delete: {tags: [admin], x-internal: true, responses: {'200': {description: ok}}}
  /a:
    post: {tags: [admin], x-internal: true}
components:
  schemas:
    N: &n {type: [integer, 'null'], minimum: 1, maximum: 2.5, default: null, deprecated: false, example: 0x10}
    M: *n
    S: {type: string, example: "yes", pattern: '^<a&b>$'}
`)
	got, err := publicJSON(src)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"openapi":"3.1.0","info":{"title":"T","version":"1"},"tags":[{"name":"open"}],` +
		`"paths":{"/b":{"parameters":[{"name":"id","in":"path"}],"get":{"tags":["open"],"operationId":"b","responses":{"200":{"description":"ok"}}}}},` +
		`"components":{"schemas":{"N":{"type":["integer","null"],"minimum":1,"maximum":2.5,"default":null,"deprecated":false,"example":16},` +
		`"M":{"type":["integer","null"],"minimum":1,"maximum":2.5,"default":null,"deprecated":false,"example":16},` +
		`"S":{"type":"string","example":"yes","pattern":"^\u003ca\u0026b\u003e$"}}}}`
	if string(got) != want {
		t.Errorf("publicJSON =\n%s\nwant\n%s", got, want)
	}
	if _, err := publicJSON([]byte("- a list")); err == nil {
		t.Error("a document that is not a mapping converted")
	}
}

// TestTheEmbeddedDocumentConverts: the real file converts to valid JSON.
func TestTheEmbeddedDocumentConverts(t *testing.T) {
	got, err := PublicJSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(got, &doc); err != nil || doc["paths"] == nil {
		t.Fatalf("not a JSON document with paths: %v", err)
	}
}
