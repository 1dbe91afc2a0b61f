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
// string that is not UTF-8, and unknown fields that are not the wire format (a field number past
// 2^29-1, a group ended by another field's end; UnmarshalVT skips them unread). Plain go test
// runs the seeds and testdata/fuzz/FuzzClientUnmarshal (wrong-wire-type: clock_report sent as a
// varint, which UnmarshalVT alone refuses; field-number-too-big; group-end-mismatched;
// tag-not-minimal: an unknown field's tag in two bytes, which UnmarshalVT keeps as sent and
// protobuf-go in one byte, compared after minimalTags).
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
		if errVT == nil && errStd != nil && unknownMalformed(vt.ProtoReflect()) {
			return
		}
		if (errVT == nil) != (errStd == nil) {
			t.Fatalf("Client.Unmarshal: %v; proto.Unmarshal: %v", errVT, errStd)
		}
		if errVT == nil {
			minimalTags(vt.ProtoReflect())
		}
		if errVT == nil && !proto.Equal(&vt, &std) {
			t.Fatalf("Client.Unmarshal read %v; proto.Unmarshal %v", &vt, &std)
		}
	})
}

// unknownMalformed reports whether m, or a message in it, keeps unknown fields that are not
// protobuf's wire format (protowire's reading: a field number past 2^29-1, a group whose end
// does not match its start).
func unknownMalformed(m protoreflect.Message) bool {
	found := false
	eachMessage(m, func(m protoreflect.Message) {
		for b := m.GetUnknown(); len(b) > 0 && !found; {
			num, typ, n := protowire.ConsumeTag(b)
			if n < 0 || !num.IsValid() {
				found = true
				return
			}
			b = b[n:]
			if n = protowire.ConsumeFieldValue(num, typ, b); n < 0 {
				found = true
				return
			}
			b = b[n:]
		}
	})
	return found
}

// minimalTags writes again the tag of every unknown field of m, and of the messages in it, in
// its shortest varint, as protobuf-go keeps them; UnmarshalVT keeps the bytes as sent.
func minimalTags(m protoreflect.Message) {
	eachMessage(m, func(m protoreflect.Message) {
		var out []byte
		for b := m.GetUnknown(); len(b) > 0; {
			num, typ, n := protowire.ConsumeTag(b)
			v := protowire.ConsumeFieldValue(num, typ, b[n:])
			out = append(protowire.AppendTag(out, num, typ), b[n:n+v]...)
			b = b[n+v:]
		}
		if out != nil {
			m.SetUnknown(out)
		}
	})
}

// eachMessage calls fn with m and every message in it.
func eachMessage(m protoreflect.Message, fn func(protoreflect.Message)) {
	fn(m)
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList() && fd.Message() != nil:
			for i := 0; i < v.List().Len(); i++ {
				eachMessage(v.List().Get(i).Message(), fn)
			}
		case fd.IsMap():
			if fd.MapValue().Message() != nil {
				v.Map().Range(func(_ protoreflect.MapKey, mv protoreflect.Value) bool {
					eachMessage(mv.Message(), fn)
					return true
				})
			}
		case fd.Message() != nil:
			eachMessage(v.Message(), fn)
		}
		return true
	})
}
