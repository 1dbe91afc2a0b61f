package codec_test

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// FuzzConnectResponseUnmarshalVT checks that the Go SDK's generated unmarshalling
// ((*pb.ConnectResponse).UnmarshalVT, codec.Client's) agrees with protobuf-go's on any bytes a
// referee may send: it accepts what proto.Unmarshal accepts, refuses what it refuses, never
// panics, and reads the same message. The one difference allowed is UTF-8: UnmarshalVT keeps a
// string that is not UTF-8, which proto.Unmarshal refuses. Plain go test runs the seeds and
// testdata/fuzz/FuzzConnectResponseUnmarshalVT.
func FuzzConnectResponseUnmarshalVT(f *testing.F) {
	late, err := proto.Marshal(lateRequest(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(late)
	f.Add(late[:len(late)-1])
	f.Add([]byte{})
	f.Add([]byte{0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f})         // a length past the end
	f.Add([]byte{0x0a, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80}) // a truncated varint
	f.Fuzz(func(t *testing.T, data []byte) {
		var vt, std pb.ConnectResponse
		errVT := vt.UnmarshalVT(data)
		errStd := proto.Unmarshal(data, &std)
		if errStd != nil && strings.Contains(errStd.Error(), "invalid UTF-8") {
			return
		}
		if (errVT == nil) != (errStd == nil) {
			t.Fatalf("UnmarshalVT: %v; proto.Unmarshal: %v", errVT, errStd)
		}
		if errVT == nil && !proto.Equal(&vt, &std) {
			t.Fatalf("UnmarshalVT read %v; proto.Unmarshal %v", &vt, &std)
		}
	})
}
