package engine

import "fmt"

// ErrorCode classifies a refused action, so a referee can map it to a status code in one table.
type ErrorCode uint8

// The error codes.
const (
	// CodeMalformed is an action that is not well formed: an unknown kind, a card id outside the
	// deck, too many cards.
	CodeMalformed ErrorCode = iota + 1
	// CodeNotYourTurn is an action by a seat that is not to act.
	CodeNotYourTurn
	// CodeRule is a well-formed action that the rules refuse; Error.Rule names the rule.
	CodeRule
	// CodeGameOver is an action after the end of the game.
	CodeGameOver
)

var errorCodeNames = [...]string{0: "none", CodeMalformed: "malformed", CodeNotYourTurn: "not_your_turn",
	CodeRule: "rule", CodeGameOver: "game_over"}

// String returns the code's name.
func (c ErrorCode) String() string {
	if int(c) < len(errorCodeNames) {
		return errorCodeNames[c]
	}
	return fmt.Sprintf("ErrorCode(%d)", uint8(c))
}

// Error is why Apply refused an action. Rule names the section of RULES.md that refuses it
// ("RULES.md §2 R5"); the game state is unchanged.
type Error struct {
	Code ErrorCode
	Rule string
	Msg  string
}

// Error returns "bezique: <message> (RULES.md §x)".
func (e *Error) Error() string {
	if e.Rule == "" {
		return "bezique: " + e.Msg
	}
	return "bezique: " + e.Msg + " (" + e.Rule + ")"
}

func ruleErr(rule, format string, args ...any) *Error {
	return &Error{Code: CodeRule, Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

func malformed(format string, args ...any) *Error {
	return &Error{Code: CodeMalformed, Msg: fmt.Sprintf(format, args...)}
}
