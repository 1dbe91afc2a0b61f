package botsdk

import "google.golang.org/grpc"

// streamWindowBytes and connWindowBytes are the HTTP/2 flow-control windows, in bytes, that a
// connection dialled with [WindowOptions] grants the referee: per stream and per connection.
const (
	streamWindowBytes = 1 << 20
	connWindowBytes   = 4 << 20
)

// WindowOptions returns the dial options that give a connection to the referee static
// flow-control windows (1 MiB a stream, 4 MiB a connection) instead of grpc-go's dynamic ones.
// [Play], [Serve] and the bezique command dial with them. A dynamic window comes with grpc-go's
// bandwidth-delay-product estimation, which sends the referee a PING on the first message it
// receives after each acknowledgement: on a seat's stream, one PING for nearly every burst of
// events, so one more read and one more write for the referee (its PING ack) per message sent.
// With 10 000 tables of bots through `bezique loadtest`, the referee's system calls per action
// fell from 6.0 reads and 4.6 writes to 2.7 and 3.0 without it (docs/BENCHMARKS.md). A seat's
// messages are a few kilobytes, far below the windows.
func WindowOptions() []grpc.DialOption {
	return []grpc.DialOption{grpc.WithInitialWindowSize(streamWindowBytes), grpc.WithInitialConnWindowSize(connWindowBytes)}
}
