package service

import "testing"

// TestHTTPJSONLoneSurrogateAndBOM: a JSON string holding half of a UTF-16 surrogate pair is
// refused naming the field, the escape and its place (protojson said "unexpected EOF"), a whole
// pair reads, and a leading byte-order mark is ignored (protojson refused it as an invalid value
// it printed invisibly): an outside trial.
func TestHTTPJSONLoneSurrogateAndBOM(t *testing.T) {
	base := serveWithApp(t)
	for _, c := range []struct {
		body       string
		wantStatus int
		want       string
	}{
		{`{"tableId":"t-\ud800"}`, 400, `{"code":"invalid_argument","message":"request JSON: tableId: (line 1:15): \\ud800 is half of a UTF-16 surrogate pair, not a character"}`},
		{`{"tableId":"t-\udc00x"}`, 400, `{"code":"invalid_argument","message":"request JSON: tableId: (line 1:15): \\udc00 is half of a UTF-16 surrogate pair, not a character"}`},
		{`{"tableId":"\\ud800 \ud83d\ude00 \ud800"}`, 400, `{"code":"invalid_argument","message":"request JSON: tableId: (line 1:34): \\ud800 is half of a UTF-16 surrogate pair, not a character"}`},
		{`{"tableId":"t-\ud83d\ude00"}`, 404, `{"code":"not_found","message":"table \"t-😀\" not found"}`},
		{"\ufeff{\"tableId\":\"t-0000000000000000\"}", 404, `{"code":"not_found","message":"table \"t-0000000000000000\" not found"}`},
	} {
		code, _, got := connectPost(t, base+"/bezique.v1.TableService/GetTable", "application/json", c.body)
		if code != c.wantStatus || got != c.want {
			t.Errorf("%s: %d %s\nwant %d %s", c.body, code, got, c.wantStatus, c.want)
		}
	}
}
