// Command bezique is the Bézique command line, built on cobra (every command has --help with
// examples):
//
//	bezique demo                  built-in bots play a whole game over gRPC on an in-process
//	                              referee; prints the score sheet checked against the record
//	bezique play                  you play against the built-in bots in this terminal
//	bezique bot                   run a built-in bot as a remote seat of a referee
//	bezique tables                list a referee's tables
//	bezique create                create a table; prints its id, seat tokens and seed commitment
//	bezique watch TABLE           follow a table as a spectator, one line per event
//	bezique replay [--json] FILE  re-apply a game record through the engine and check it;
//	                              --json: the whole account, step by step; --at SEQ --seat S:
//	                              the legal actions and a seat's view before the action SEQ
//	bezique check FILE...         run rule scenarios (docs/SCENARIOS.md), report every expectation
//	bezique records export        write every finished game's record to a directory
//	bezique rules [--json]        list the rule options (RULES.md §5): values, defaults, sections
//	bezique loadtest              hold many tables with remote bots in worker processes; report
//	                              actions/s, round trips, the referee's CPU per action and
//	                              memory per table (docs/BENCHMARKS.md, "Load")
//
// The score sheet of demo, play and replay is built in one place (sheet.go) from the engine's
// event log of the record replayed with wire.ReplayRecord.
package main
