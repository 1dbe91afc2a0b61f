package service

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestHTTPGetQueryMistakes is the regression test of a Connect GET of a read-only method whose
// query is not the protocol's: without connect=v1 or with another version, vanguard did not take
// it for a Connect GET and the web app answered "404 page not found"; with an encoding other than
// json or proto, vanguard answered 415, "\"xml\" sub-format not supported", in plain text. Each is
// now a Connect error naming the query parameter; the Connect GET itself is served.
func TestHTTPGetQueryMistakes(t *testing.T) {
	base := serveWithApp(t)
	const path = "/bezique.v1.TableService/GetTable"
	getForm := `{"code":"invalid_argument","message":"GET ` + path + `: a Connect GET takes the query parameters connect=v1, encoding=json and message (the URL-encoded JSON request), for the read-only methods only (GetTable, ListTables, GetRecord, ListGames, GetRuleCatalog...); call the others with POST (docs/INTEGRATE.md)"}`
	for _, c := range []struct {
		query      string
		wantStatus int
		want       string
	}{
		{"encoding=json&message=%7B%22tableId%22%3A%22t-1%22%7D", 400, getForm},
		{"connect=v2&encoding=json&message=%7B%22tableId%22%3A%22t-1%22%7D", 400, getForm},
		{"connect=v1&encoding=xml&message=%7B%7D", 400, `{"code":"invalid_argument","message":"query parameter encoding: \"xml\", want json or proto"}`},
		{"connect=v1&encoding=json&message=%7B%22tableId%22%3A%22t-1%22%7D", 404, `{"code":"not_found","message":"table \"t-1\" not found"}`},
	} {
		res, err := http.Get(base + path + "?" + c.query)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != c.wantStatus || strings.TrimSpace(string(body)) != c.want {
			t.Errorf("GET ?%s: %d %s\nwant %d %s", c.query, res.StatusCode, body, c.wantStatus, c.want)
		}
	}
}
