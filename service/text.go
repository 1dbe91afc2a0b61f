package service

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
)

// Limits on the free text of requests, in bytes of UTF-8. The referee stores this text, lists it
// (every TableInfo carries the seat and bot names) and shows it to people, so it is short and
// plain: longer text, invalid UTF-8, a control character or a character that reorders or hides
// text is refused with InvalidArgument naming the field (checkText).
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
// escape sequences a terminal obeys among them), a format character (Cf: the bidi controls
// U+202A..U+202E and U+2066..U+2069, U+200E and U+200F, the zero-width U+200B..U+200D and U+FEFF,
// the soft hyphen) or a line or paragraph separator (U+2028, U+2029); nil otherwise. The last two
// reorder or hide what a terminal, a page or a log shows: "a\u202egnp.exe" is shown as
// "aexe.png", and "alpha\u200b" as "alpha". The joiners U+200C and U+200D are allowed between two
// characters beyond ASCII that are not format characters (joinable): Persian and Indic names
// need the one, emoji sequences the other, and there they show; elsewhere they hide ("beta\u200d").
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
		if unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) && !Joins(s, i, r) {
			return invalid(field, "%U at byte %d is not allowed (a format character or separator that reorders or hides text)", r, i)
		}
	}
	return nil
}

// Joins reports whether r, at byte i of s, is a joiner (U+200C, U+200D) between two characters
// beyond ASCII that are not format characters: the one format character the referee accepts in
// text (checkText), and the bezique CLI shows as it is.
func Joins(s string, i int, r rune) bool {
	if r != '\u200c' && r != '\u200d' || i == 0 {
		return false
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	next, n := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
	joinable := func(c rune) bool { return c >= utf8.RuneSelf && c != utf8.RuneError && !unicode.Is(unicode.Cf, c) }
	return n > 0 && joinable(prev) && joinable(next)
}

// checkName returns checkText's [FieldError] for a name (a seat's, a bot's, a key's, a
// tournament's or an entrant's) of at most limit bytes, or one when s is not a nickname in its
// normal form by RFC 8266 (golang.org/x/text/secure/precis's Nickname profile): a character that
// is invisible and not a format character (a variation selector after a letter, U+034F, the
// Hangul fillers), private use or unassigned is refused, naming it; a name whose normal form
// differs (spaces other than one U+0020 between words, at an end or doubled; compatibility
// characters such as fullwidth letters) is refused, giving that form. "alpha\u00a0", "alpha\ufe0f"
// and "ａｌｐｈａ" all showed as "alpha" in listings and were accepted as a second key's name (an
// outside trial). Not refused: letters of another script that look alike (Cyrillic "а" for "a").
func checkName(field, s string, limit int) error {
	if err := checkText(field, s, limit); err != nil || s == "" {
		return err
	}
	norm, err := precis.Nickname.String(s)
	if err == nil && norm == s {
		return nil
	}
	if err != nil {
		for i, r := range s {
			if _, err := precis.Nickname.String("x" + string(r)); err != nil {
				return invalid(field, "%U at byte %d is not allowed in a name (invisible, private use or unassigned: RFC 8266)", r, i)
			}
		}
		return invalid(field, "%+q is not allowed as a name (RFC 8266: %v)", s, err)
	}
	return invalid(field, "%+q is written %+q in its normal form (RFC 8266: spaces trimmed and single, compatibility characters folded); send that", s, norm)
}

// checkID returns a [FieldError] naming field for a missing id, and as checkText with
// MaxIDBytes for one the referee cannot have made; nil otherwise.
func checkID(field, id string) error {
	if id == "" {
		return invalid(field, "missing")
	}
	return checkText(field, id, MaxIDBytes)
}
