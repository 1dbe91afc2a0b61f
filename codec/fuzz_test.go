package codec_test

import (
	"strings"
	"testing"

	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/bezique-arena/bezique/codec"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// FuzzClientUnmarshal checks that the Go SDK's codec (codec.Client, UnmarshalVT first) agrees
// with protobuf-go on any bytes a referee may send as a ConnectResponse: it accepts what
// proto.Unmarshal accepts, refuses what it refuses, never panics, and reads the same message.
// Two differences are allowed, both bytes UnmarshalVT keeps that proto.Unmarshal refuses: a
// string that is not UTF-8, and an unknown field whose number is past protobuf's largest
// (2^29-1). Plain go test runs the seeds and testdata/fuzz/FuzzClientUnmarshal (wrong-wire-type:
// clock_report sent as a varint, which UnmarshalVT alone refuses; field-number-too-big).
func FuzzClientUnmarshal(f *testing.F) {
	late, err := proto.Marshal(lateRequest(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(late)
	f.Add(late[:len(late)-1])
	f.Add([]byte{})
	f.Add([]byte{0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f})       // a length past the end
	f.Add([]byte{0x0a, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80}) // a truncated varint
	f.Fuzz(func(t *testing.T, data []byte) {
		var vt, std pb.ConnectResponse
		errVT := codec.Client.Unmarshal(mem.BufferSlice{mem.SliceBuffer(data)}, &vt)
		errStd := proto.Unmarshal(data, &std)
		if errStd != nil && strings.Contains(errStd.Error(), "invalid UTF-8") {
			return
		}
		if errVT == nil && errStd != nil && unknownInvalidNumber(vt.ProtoReflect()) {
			return
		}
		if (errVT == nil) != (errStd == nil) {
			t.Fatalf("Client.Unmarshal: %v; proto.Unmarshal: %v", errVT, errStd)
		}
		if errVT == nil && !proto.Equal(&vt, &std) {
			t.Fatalf("Client.Unmarshal read %v; proto.Unmarshal %v", &vt, &std)
		}
	})
}

// unknownInvalidNumber reports whether m, or a message in it, keeps an unknown field whose
// number is not a valid protobuf field number.
func unknownInvalidNumber(m protoreflect.Message) bool {
	for b := m.GetUnknown(); len(b) > 0; {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return false
		}
		if !num.IsValid() {
			return true
		}
		b = b[n:]
		n = protowire.ConsumeFieldValue(num, typ, b)
		if n < 0 {
			return false
		}
		b = b[n:]
	}
	found := false
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList() && fd.Message() != nil:
			for i := 0; i < v.List().Len() && !found; i++ {
				found = unknownInvalidNumber(v.List().Get(i).Message())
			}
		case fd.IsMap():
			if fd.MapValue().Message() != nil {
				v.Map().Range(func(_ protoreflect.MapKey, mv protoreflect.Value) bool {
					found = unknownInvalidNumber(mv.Message())
					return !found
				})
			}
		case fd.Message() != nil:
			found = unknownInvalidNumber(v.Message())
		}
		return !found
	})
	return found
}
