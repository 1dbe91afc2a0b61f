package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bezique-arena/bezique/service"
)

// printable returns text from the server (names, reasons, messages) safe to print on a
// terminal: each control character (Unicode category Cc, which holds the escape and CSI bytes a
// terminal obeys) and each character that reorders or hides text (a format character, Cf: bidi
// controls, zero-width characters; U+2028, U+2029) is written as a Go escape (\x1b, \u009b,
// \u202e), but a joiner that the referee accepts (hidden), and each byte that is not UTF-8 as \xff. The referee refuses such text in new requests;
// this is defence in depth for old records and other servers. Written by hand: strconv.Quote also escapes quotes and non-printing runes
// that are fine to show, and adds quotes.
func printable(s string) string {
	clean := true
	for i, r := range s {
		if r == utf8.RuneError || hidden(s, i, r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x80 && unicode.IsControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case hidden(s, i, r) && r > 0xffff:
			fmt.Fprintf(&b, `\U%08x`, r)
		case hidden(s, i, r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// hidden reports whether r, at byte i of s, is a control character (Cc), a format character (Cf)
// or a line or paragraph separator (Zl, Zp): a character a terminal obeys, or one that reorders
// or hides the text around it; but not a joiner the referee accepts (service.Joins: in an emoji
// sequence, a Persian name), which shows as the characters it joins.
func hidden(s string, i int, r rune) bool {
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) && !service.Joins(s, i, r)
}
