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
// json or proto, vanguard answered 415, "\"xml\" sub-format not supported", in plain text; without
// a message, a JSON syntax error. Each is now a Connect error naming the query parameter; the
// Connect GET itself is served.
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
		// Without its message: vanguard's "request JSON: syntax error (line 1:1): unexpected token " (an outside trial).
		{"connect=v1&encoding=json", 400, `{"code":"invalid_argument","message":"query parameter message: missing: a Connect GET carries its request there, URL-encoded JSON ({} for an empty one)"}`},
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
	// A method that is not read-only: the query is beside the point (it listed the parameters sent).
	res, err := http.Get(base + "/bezique.v1.TableService/CreateTable?connect=v1&encoding=json&message=%7B%7D")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	want := `{"code":"invalid_argument","message":"GET /bezique.v1.TableService/CreateTable: CreateTable is not a read-only unary method: call it with POST; a Connect GET serves the read-only unary methods only (GetTable, ListTables, GetRecord, ListGames, GetRuleCatalog...; docs/INTEGRATE.md)"}`
	if res.StatusCode != 400 || strings.TrimSpace(string(body)) != want {
		t.Errorf("GET CreateTable: %d %s\nwant 400 %s", res.StatusCode, body, want)
	}
}

// TestHTTPConnectTimeoutMistakes: a Connect call whose Connect-Timeout-Ms is not 1 to 10 digits is
// refused with a Connect error naming the header; vanguard answered "abc" with strconv's words
// and "-5" with its own, in plain text, and took 11 digits. A good one is served.
func TestHTTPConnectTimeoutMistakes(t *testing.T) {
	base := serveWithApp(t)
	for _, c := range []struct {
		timeout    string
		wantStatus int
		want       string
	}{
		{"abc", 400, `{"code":"invalid_argument","message":"header Connect-Timeout-Ms: \"abc\", want one, the timeout in milliseconds: 1 to 10 digits"}`},
		{"-5", 400, `{"code":"invalid_argument","message":"header Connect-Timeout-Ms: \"-5\", want one, the timeout in milliseconds: 1 to 10 digits"}`},
		{"12345678901", 400, `{"code":"invalid_argument","message":"header Connect-Timeout-Ms: \"12345678901\", want one, the timeout in milliseconds: 1 to 10 digits"}`},
		{"", 400, `{"code":"invalid_argument","message":"header Connect-Timeout-Ms: \"\", want one, the timeout in milliseconds: 1 to 10 digits"}`},
		{"5000", 404, `{"code":"not_found","message":"table \"t-1\" not found"}`},
	} {
		req, err := http.NewRequest(http.MethodPost, base+"/bezique.v1.TableService/GetTable", strings.NewReader(`{"tableId":"t-1"}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Connect-Protocol-Version", "1")
		req.Header.Set("Connect-Timeout-Ms", c.timeout)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != c.wantStatus || strings.TrimSpace(string(body)) != c.want {
			t.Errorf("Connect-Timeout-Ms %q: %d %s\nwant %d %s", c.timeout, res.StatusCode, body, c.wantStatus, c.want)
		}
	}
}
