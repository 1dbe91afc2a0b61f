package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// printable returns text from the server (names, reasons, messages) safe to print on a
// terminal: each control character (Unicode category Cc, which holds the escape and CSI bytes a
// terminal obeys) is written as a Go escape (\x1b, \u009b) and each byte that is not UTF-8 as
// \xff. The referee refuses such text in new requests; this is defence in depth for old records
// and other servers. Written by hand: strconv.Quote also escapes quotes and non-printing runes
// that are fine to show, and adds quotes.
func printable(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) {
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
		case unicode.IsControl(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
