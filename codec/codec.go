// Package codec holds the gRPC codecs of bezique's Go referee and bots: protobuf's wire format,
// byte for byte, marshalled with the methods that vtprotobuf generates for the messages of
// proto/bezique/v1 (SizeVT, MarshalToSizedBufferVT, UnmarshalVT: no reflection, about three
// times faster than protobuf-go on a decision request) and with grpc-go's own proto codec for
// every other message (health checks, reflection).
//
// vtprotobuf's own gRPC codec refuses messages without its methods, and its UnmarshalVT does
// not check that strings are UTF-8 as protobuf-go does: hence these two, written here.
package codec

import (
	"bytes"
	"crypto/rand"
	"errors"

	"google.golang.org/grpc/encoding"
	protocodec "google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
)

// message is a message with vtprotobuf's generated methods.
type message interface {
	SizeVT() int
	MarshalToSizedBufferVT(dAtA []byte) (int, error)
	UnmarshalVT(dAtA []byte) error
}

// Server is the referee's codec (grpc.ForceServerCodecV2): it marshals what the referee sends
// with the generated methods, and unmarshals what callers send with protobuf-go, which refuses
// a string that is not UTF-8. A message of the API (package bezique.v1) whose bytes it cannot
// read it leaves empty but for a mark that [Unreadable] reads, and returns no error: grpc-go
// would end the call with its own status, Internal, before the referee could say that the
// caller sent bad bytes. Other messages (health checks, reflection), whose handlers read no
// mark, get the decoding error: a health check of bad bytes answered SERVING (an outside trial).
var Server encoding.CodecV2 = codec{fastUnmarshal: false}

// Client is a bot's codec (grpc.ForceCodecV2 on its seat stream): the generated methods both
// ways; a bot trusts the strings its referee sends. A message the generated unmarshalling refuses
// is read again by protobuf-go, so the codec accepts and refuses what protobuf-go does (a field
// of an unexpected wire type is an unknown field), but for strings that are not UTF-8, which it
// keeps.
var Client encoding.CodecV2 = codec{fastUnmarshal: true}

// codec marshals with the generated methods, and unmarshals with them when fastUnmarshal is set.
type codec struct{ fastUnmarshal bool }

// fallback is grpc-go's proto codec, for messages without the generated methods.
var fallback = encoding.GetCodecV2(protocodec.Name)

// Name returns "proto": the content-subtype of every gRPC call, whichever codec marshals it.
func (codec) Name() string { return protocodec.Name }

// maxPooledBytes is the largest message Marshal puts in a buffer of grpc-go's pool: the pool's
// tiers go from 32 KiB to 1 MiB, so a 55 KB replay held a 1 MiB buffer for as long as its
// answer went unread (an outside trial pinned gigabytes so, with answers it never read).
const maxPooledBytes = 32 << 10

// Marshal returns v's wire bytes; a message of 1 KiB to 32 KiB goes into a buffer from
// grpc-go's pool, as grpc-go's codec does, and a larger one into a buffer of its own size. It
// returns the generated method's error, or grpc-go's codec's for a message without them.
func (codec) Marshal(v any) (mem.BufferSlice, error) {
	m, ok := v.(message)
	if !ok {
		return fallback.Marshal(v)
	}
	size := m.SizeVT()
	if mem.IsBelowBufferPoolingThreshold(size) || size > maxPooledBytes {
		buf := make([]byte, size)
		if _, err := m.MarshalToSizedBufferVT(buf); err != nil {
			return nil, err
		}
		return mem.BufferSlice{mem.SliceBuffer(buf)}, nil
	}
	pool := mem.DefaultBufferPool()
	buf := pool.Get(size)
	if _, err := m.MarshalToSizedBufferVT((*buf)[:size]); err != nil {
		pool.Put(buf)
		return nil, err
	}
	return mem.BufferSlice{mem.NewBuffer(buf, pool)}, nil
}

// Unmarshal sets v, which it resets first as proto.Unmarshal does, from data. It returns the
// decoding error (malformed bytes; with protobuf-go, a string that is not UTF-8 too).
//
// Server's returns nil for a message of the API it cannot read, which it marks ([Unreadable]).
func (c codec) Unmarshal(data mem.BufferSlice, v any) error {
	if !c.fastUnmarshal {
		err := fallback.Unmarshal(data, v)
		if pm, ok := v.(proto.Message); ok && err != nil && pm.ProtoReflect().Descriptor().ParentFile().Package() == apiPackage {
			markUnreadable(pm, err)
			return nil
		}
		return err
	}
	m, ok := v.(message)
	if !ok {
		return fallback.Unmarshal(data, v)
	}
	if pm, ok := v.(proto.Message); ok {
		proto.Reset(pm)
	}
	buf := data.MaterializeToBuffer(mem.DefaultBufferPool())
	defer buf.Free()
	if err := m.UnmarshalVT(buf.ReadOnlyData()); err != nil { // copies what it keeps: buf goes back to the pool
		// UnmarshalVT refuses a field sent with another wire type than its declared one, which
		// the protobuf encoding reads as an unknown field (protobuf-go does): read the message
		// again with protobuf-go, which decides. Only refused bytes pay for it.
		return fallback.Unmarshal(data, v)
	}
	return nil
}

// apiPackage is the protobuf package of the referee's API, whose messages Server marks.
const apiPackage = "bezique.v1"

// unreadableField is the field number of the mark that Server leaves on a message it cannot read,
// as its only unknown field: the largest number a field may have, which proto/bezique/v1 does not use.
const unreadableField = protowire.MaxValidNumber

// unreadableNonce begins the mark's value, the decoding error's text after it: random bytes of
// this process, so that a caller's message cannot carry a mark of its own.
var unreadableNonce = func() []byte {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return b
}()

// markUnreadable empties m and leaves on it the mark of err, the error that reading it met.
func markUnreadable(m proto.Message, err error) {
	proto.Reset(m)
	mark := protowire.AppendTag(nil, unreadableField, protowire.BytesType)
	m.ProtoReflect().SetUnknown(protowire.AppendBytes(mark, append(bytes.Clone(unreadableNonce), err.Error()...)))
}

// Unreadable returns the error that [Server] met reading the bytes of m, a message it left empty
// but for its mark; nil for a message it read (one with an unknown field of that number and
// another value too: a caller's).
func Unreadable(m proto.Message) error {
	u := m.ProtoReflect().GetUnknown()
	if len(u) == 0 {
		return nil
	}
	num, typ, n := protowire.ConsumeTag(u)
	if num != unreadableField || typ != protowire.BytesType {
		return nil
	}
	v, vn := protowire.ConsumeBytes(u[n:])
	if vn < 0 || n+vn != len(u) {
		return nil
	}
	text, ok := bytes.CutPrefix(v, unreadableNonce)
	if !ok {
		return nil
	}
	return errors.New(string(text))
}
