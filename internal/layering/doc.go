// Package layering holds no code: its test checks the dependency rules between the project's
// packages (STYLE.md): the engine imports the standard library only; wire and bots are leaves that
// a bot or an integrator imports without the referee's server, metrics or storage; the gRPC
// codecs (codec) import grpc-go and protobuf only; the referee does not import the bot SDK; stats
// imports no other package of the project, no gRPC and nothing of the server; the tournament
// logic imports neither gRPC nor the protos.
package layering
