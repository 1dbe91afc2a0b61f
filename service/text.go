package service

import (
	"unicode"
	"unicode/utf8"
)

// Limits on the free text of requests, in bytes of UTF-8. The referee stores this text, lists it
// (every TableInfo carries the seat and bot names) and shows it to people, so it is short and
// plain: longer text, invalid UTF-8 or a control character is refused with InvalidArgument
// naming the field (checkText).
const (
	// MaxNameBytes bounds a remote seat's name (CreateTableRequest seats[i].remote.name, and the
	// built-in bot's name), Join.bot_name, Join.bot_version, ServeRequest.version,
	// ListGamesRequest.bot_name, and a tournament's name and entrant ids (TournamentSpec.name,
	// entrants[i].id).
	MaxNameBytes = 64
	// MaxReasonBytes bounds CancelTableRequest.reason.
	MaxReasonBytes = 256
	// MaxTokenBytes bounds Join.token (the referee issues 32 hex digits).
	MaxTokenBytes = 64
	// MaxTeamMessageBytes bounds TeamMessage.text.
	MaxTeamMessageBytes = 256
	// MaxIDBytes bounds an id a request names: a table's (table_id, Join.table_id,
	// ListTablesRequest.table_ids), a tournament's (tournament_id) or an API key's (key_id). The
	// referee's own ids are under 40 bytes ("t-" and 16 hex digits; "tn-" and 16 hex digits, and
	// "-g" with a game's number for a tournament's table), so a longer one names nothing and is
	// refused before it reaches the store or an error message (checkID).
	MaxIDBytes = 128
)

// checkText returns a [FieldError] naming field when s is longer than limit bytes, is not valid
// UTF-8 or holds a control character (Unicode category Cc: U+0000..U+001F, U+007F..U+009F, the
// escape sequences a terminal obeys among them); nil otherwise.
func checkText(field, s string, limit int) error {
	if len(s) > limit {
		return invalid(field, "%d bytes; at most %d", len(s), limit)
	}
	if !utf8.ValidString(s) {
		return invalid(field, "not valid UTF-8")
	}
	for i, r := range s {
		if unicode.IsControl(r) {
			return invalid(field, "control character %U at byte %d", r, i)
		}
	}
	return nil
}

// checkID returns a [FieldError] naming field for a missing id, and as checkText with
// MaxIDBytes for one the referee cannot have made; nil otherwise.
func checkID(field, id string) error {
	if id == "" {
		return invalid(field, "missing")
	}
	return checkText(field, id, MaxIDBytes)
}
