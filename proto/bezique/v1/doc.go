// Package beziquev1 is the generated Go code of the bezique.v1 gRPC API: [TableServiceClient]
// creates, lists, watches and cancels tables, serves [GameRecord]s and lists the rule options a
// table may take ([RuleOption], GetRuleCatalog); [SeatServiceClient]'s
// Connect stream is how a remote bot plays a seat ([ConnectRequest] up, [ConnectResponse] down).
//
// The .proto files beside this file are the source; scripts/gen.sh regenerates the *.pb.go files
// with the buf, protoc-gen-go and protoc-gen-go-grpc versions pinned as tools in go.mod.
//
// Cards travel as [Card]: its id (0..191 = copy*32 + suit*8 + rank, engine numbering) is the
// identity; [Suit] and [Rank] enum values are the engine's plus one, because proto enums keep 0
// for UNSPECIFIED. A card hidden from the reader is an unset field, never a made-up card.
package beziquev1
