package docs

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// TestEveryPublicOperationIsDocumented: every operation of the public
// document (not x-internal) has a description, an example of its request
// body and an example of its success answer, and every example in
// openapi.yaml, internal operations' included, is valid against its schema
// with the validator the API tests use (kin-openapi, JSON Schema 2020-12,
// formats checked), as a request or as a response, and names no property
// its schema does not declare. A new public operation without its examples
// fails here, and so `make test` (docs/decisions.md, "Public API reference
// examples").
func TestEveryPublicOperationIsDocumented(t *testing.T) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(OpenAPI())
	if err != nil {
		t.Fatal(err)
	}
	for _, problem := range documentationProblems(doc) {
		t.Error(problem)
	}
}

// TestDocumentationProblemsFindsThem: the check above is not blind: a
// document whose public operation lacks a description and examples, or
// whose examples break their schemas, is reported.
func TestDocumentationProblemsFindsThem(t *testing.T) {
	src := []byte(`openapi: 3.1.0
info: {title: T, version: '1'}
paths:
  /bare:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {name: {type: string}}}
      responses:
        '201':
          description: made
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Thing'}
  /wrong:
    put:
      description: Changes a thing.
      requestBody:
        content:
          application/json:
            schema: {type: object, required: [name], properties: {name: {type: string}}}
            example: {nmae: x}
      responses:
        '200':
          description: changed
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Thing'}
              examples:
                one: {value: {id: "7", at: "2026-11-28T10:00:00Z"}}
                two: {value: {id: 7, at: "yesterday"}}
                three: {value: {id: 7, at: "2026-11-28T10:00:00Z", extra: true}}
  /api/admin/things:
    get:
      description: Lists every thing.
      responses:
        '204': {description: none}
  /hidden:
    get:
      x-internal: true
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: integer}
  /hidden-wrong:
    get:
      x-internal: true
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: integer}
              example: seven
  /fine:
    get:
      description: Reads a thing.
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Thing'}
              example: {id: 7, at: "2026-11-28T10:00:00Z"}
            application/pdf:
              schema: {type: string, format: binary}
        '204':
          description: nothing
components:
  schemas:
    Thing:
      type: object
      required: [id]
      properties:
        id: {type: integer, format: int64}
        at: {type: string, format: date-time}
`)
	loader := openapi3.NewLoader()
	loader.Context = context.Background()
	doc, err := loader.LoadFromData(src)
	if err != nil {
		t.Fatal(err)
	}
	got := documentationProblems(doc)
	want := []string{
		"GET /api/admin/things is an admin or development route without x-internal: true",
		"GET /hidden-wrong: the example of the 200 answer (application/json) is not valid",
		"POST /bare has no description",
		"POST /bare: the request body (application/json) has no example",
		"POST /bare: the 201 answer (application/json) has no example",
		"PUT /wrong: the example of the request body (application/json) is not valid",
		"PUT /wrong: the example of the request body (application/json) names nmae, which its schema does not declare",
		`PUT /wrong: the example "one" of the 200 answer (application/json) is not valid`,
		`PUT /wrong: the example "two" of the 200 answer (application/json) is not valid`,
		`PUT /wrong: the example "three" of the 200 answer (application/json) names extra, which its schema does not declare`,
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, w) }) {
			t.Errorf("not reported: %s", w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d problems, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
}

// internalRoute reports whether an operation is for admins, development or
// operating PropMatch, which the public document leaves out: an admin or
// development path, or an admin, security or development tag.
func internalRoute(path string, op *openapi3.Operation) bool {
	for _, prefix := range []string{"/api/admin/", "/api/dev/", "/dev/", "/api/security/"} {
		if strings.HasPrefix(path, prefix) {
			return true
		}
	}
	return slices.ContainsFunc(op.Tags, func(t string) bool { return t == "admin" || t == "security" || t == "dev" || t == "backups" })
}

// binary reports whether a media type's content is bytes no example can
// show (an image, a PDF): it needs none.
func binary(ct string, mt *openapi3.MediaType) bool {
	if strings.HasPrefix(ct, "image/") || ct == "application/pdf" || ct == "application/octet-stream" {
		return true
	}
	s := mt.Schema
	return s != nil && s.Value != nil && (s.Value.Format == "binary" || s.Value.ContentMediaType != "")
}

// documentationProblems lists what doc lacks or gets wrong, sorted.
func documentationProblems(doc *openapi3.T) []string {
	var out []string
	for _, path := range doc.Paths.InMatchingOrder() {
		item := doc.Paths.Value(path)
		for method, op := range item.Operations() {
			at := method + " " + path
			public := op.Extensions["x-internal"] != true
			if public && strings.TrimSpace(op.Description) == "" {
				out = append(out, at+" has no description")
			}
			if public && internalRoute(path, op) {
				out = append(out, at+" is an admin or development route without x-internal: true")
			}
			if rb := op.RequestBody; rb != nil && rb.Value != nil {
				out = append(out, contentProblems(at, "the request body", rb.Value.Content, public, true)...)
			}
			for code, res := range op.Responses.Map() {
				if res.Value == nil {
					continue
				}
				// Every answer's examples must be valid; the success
				// answers of public operations must have them.
				success := strings.HasPrefix(code, "2")
				out = append(out, contentProblems(at, "the "+code+" answer", res.Value.Content, public && success, false)...)
			}
		}
	}
	sort.Strings(out)
	return out
}

// contentProblems checks the examples of one request body or answer; need
// says that each of its media types must have one.
func contentProblems(at, what string, content openapi3.Content, need, request bool) []string {
	var out []string
	for _, ct := range slices.Sorted(maps.Keys(content)) {
		mt := content[ct]
		where := fmt.Sprintf("%s (%s)", what, ct)
		if mt.Example == nil && len(mt.Examples) == 0 {
			if need && !binary(ct, mt) {
				out = append(out, fmt.Sprintf("%s: %s has no example", at, where))
			}
			continue
		}
		if mt.Schema == nil || mt.Schema.Value == nil {
			continue
		}
		check := func(name string, v any) {
			label := "the example of " + where
			if name != "" {
				label = fmt.Sprintf("the example %q of %s", name, where)
			}
			opts := []openapi3.SchemaValidationOption{openapi3.MultiErrors(), openapi3.EnableFormatValidation(), openapi3.EnableJSONSchema2020()}
			if request {
				opts = append(opts, openapi3.VisitAsRequest())
			} else {
				opts = append(opts, openapi3.VisitAsResponse())
			}
			if err := mt.Schema.Value.VisitJSON(v, opts...); err != nil {
				out = append(out, fmt.Sprintf("%s: %s is not valid: %v", at, label, err))
			}
			for _, p := range undeclared(mt.Schema.Value, v, "") {
				out = append(out, fmt.Sprintf("%s: %s names %s, which its schema does not declare", at, label, p))
			}
		}
		if mt.Example != nil {
			check("", mt.Example)
		}
		for _, name := range slices.Sorted(maps.Keys(mt.Examples)) {
			if ex := mt.Examples[name]; ex != nil && ex.Value != nil {
				check(name, ex.Value.Value)
			}
		}
	}
	return out
}

// undeclared returns the properties of v (paths like address.pin) that s
// does not declare, where s declares its properties and allows no others:
// a schema without `additionalProperties: false` accepts a misspelt or
// stale field, which an example must not show.
func undeclared(s *openapi3.Schema, v any, prefix string) []string {
	if s == nil {
		return nil
	}
	// A union: the first branch v is valid against.
	for _, branches := range []openapi3.SchemaRefs{s.OneOf, s.AnyOf} {
		for _, b := range branches {
			if b.Value != nil && b.Value.VisitJSON(v, openapi3.EnableJSONSchema2020()) == nil {
				return undeclared(b.Value, v, prefix)
			}
		}
	}
	switch v := v.(type) {
	case map[string]any:
		props := map[string]*openapi3.Schema{}
		for _, part := range append(openapi3.SchemaRefs{{Value: s}}, s.AllOf...) {
			if part.Value != nil {
				for name, p := range part.Value.Properties {
					props[name] = p.Value
				}
			}
		}
		var out []string
		for _, k := range slices.Sorted(maps.Keys(v)) {
			switch p, ok := props[k]; {
			case ok:
				out = append(out, undeclared(p, v[k], prefix+k+".")...)
			case s.AdditionalProperties.Schema != nil:
				out = append(out, undeclared(s.AdditionalProperties.Schema.Value, v[k], prefix+k+".")...)
			case len(props) > 0 && (s.AdditionalProperties.Has == nil || !*s.AdditionalProperties.Has):
				out = append(out, prefix+k)
			}
		}
		return out
	case []any:
		if s.Items == nil {
			return nil
		}
		var out []string
		for i, e := range v {
			out = append(out, undeclared(s.Items.Value, e, fmt.Sprintf("%s%d.", prefix, i))...)
		}
		return out
	}
	return nil
}
