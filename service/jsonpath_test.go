package service

import (
	"strings"
	"testing"
)

// TestJSONPathAt: the path of the value or key at each place of a body, nested objects, arrays
// of arrays, a multi-byte character before it, and none for the top level or JSON that does not
// read up to the place.
func TestJSONPathAt(t *testing.T) {
	for _, c := range []struct{ data, at, want string }{
		{`{"a":{"b":[1,{"c":"ë","d":true}]}}`, `true`, "a.b[1].d"},
		{`{"a":{"b":[1,{"c":"ë","d":true}]}}`, `"d"`, "a.b[1].d"},
		{`{"a":{"b":[1,{"c":"ë","d":true}]}}`, `1`, "a.b[0]"},
		{`{"a":[[0,1],[2,[3]]]}`, `3`, "a[1][1][0]"},
		{`{"a":[[0,1],[2,[3]]]}`, `[3]`, "a[1][1]"},
		{`{"a":1}`, `{`, ""},
		{`{"a" 1, "b":2}`, `2`, ""},
	} {
		if got := jsonPathAt([]byte(c.data), strings.Index(c.data, c.at)); got != c.want {
			t.Errorf("jsonPathAt(%s, at %s) = %q, want %q", c.data, c.at, got, c.want)
		}
	}
}

// FuzzWithJSONPath: any body and any place protojson may name give an answer, never a panic.
func FuzzWithJSONPath(f *testing.F) {
	f.Add([]byte(`{"seats":[{"remote":{"name":5}}]}`), "(line 1:29): invalid value")
	f.Add([]byte("{\n\"a\":[1,\n2]}"), "(line 3:1): x")
	f.Add([]byte(`]]}}`), "syntax error (line 1:3): x")
	f.Fuzz(func(t *testing.T, data []byte, text string) {
		_ = withJSONPath(data, text)
	})
}
