package service

import "testing"

// TestHTTPContentTypeAnyCase is the regression test of a Content-Type whose media type is not
// spelled in lower case ("Application/JSON"): RFC 9110 §8.3.1 makes it case-insensitive, and the
// refusals of rpcpath.go read it so, but vanguard matched it as spelled and handed the call to the
// web app, which answered "404 page not found" (text). Each call is now served as its lower-case
// spelling is: here, over real HTTP, the answer of GetTable and WatchTable for a table that does
// not exist (the stream's end frame holds a newline after its 0x43 bytes of JSON). A charset
// parameter of UTF-8 is taken in any spelling, another refused naming it.
func TestHTTPContentTypeAnyCase(t *testing.T) {
	base := serveWithApp(t)
	const notFound = `{"code":"not_found","message":"table \"t-1\" not found"}`
	for _, c := range []struct {
		path, contentType, body, wantType, want string
	}{
		{"/bezique.v1.TableService/GetTable", "Application/JSON", `{"tableId":"t-1"}`, "application/json", notFound},
		{"/bezique.v1.TableService/GetTable", "APPLICATION/json; charset=utf-8", `{"tableId":"t-1"}`, "application/json", notFound},
		// A charset of UTF-8 in any spelling (vanguard took "; charset=utf-8" only, and answered
		// the others 415 "sub-format not supported": an outside trial), another refused.
		{"/bezique.v1.TableService/GetTable", "application/json;charset=UTF-8", `{"tableId":"t-1"}`, "application/json", notFound},
		{"/bezique.v1.TableService/GetTable", "Application/JSON ; Charset=\"utf-8\"", `{"tableId":"t-1"}`, "application/json", notFound},
		{"/bezique.v1.TableService/GetTable", "application/json; charset=iso-8859-1", `{"tableId":"t-1"}`, "application/json",
			`{"code":"invalid_argument","message":"Content-Type \"application/json; charset=iso-8859-1\": charset \"iso-8859-1\": the referee reads JSON in UTF-8 only (RFC 8259 §8.1); send charset=utf-8, or none"}`},
		{"/bezique.v1.TableService/WatchTable", "Application/Connect+JSON", "\x00\x00\x00\x00\x11" + `{"tableId":"t-1"}`,
			"application/connect+json", "\x02\x00\x00\x00\x43" + `{"error":` + notFound + `}`},
	} {
		code, contentType, body := connectPost(t, base+c.path, c.contentType, c.body)
		if contentType != c.wantType || body != c.want {
			t.Errorf("%s %s: %d %s %q\nwant %s %q", c.path, c.contentType, code, contentType, body, c.wantType, c.want)
		}
	}
}
