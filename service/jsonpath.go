package service

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// protojsonPlace matches the place protojson's errors give, "(line 1:60): " or "syntax error
// (line 1:10): ", 1-based, the column in characters.
var protojsonPlace = regexp.MustCompile(`^(?:syntax error )?\(line (\d+):(\d+)\): `)

// withJSONPath prefixes text, a protojson error's message less its prefix (protoErrText), with
// the path in data of the value or key at the place it names, "seats[0].remote.name: (line
// 1:60): invalid value for string field name: 5": protojson names only the field's own name,
// which for a map's value is "value" and for a nested message's field may be any of several. text
// is returned as it is when it names no place (an unexpected end) or the place cannot be found
// (JSON that does not read up to it).
func withJSONPath(data []byte, text string) string {
	m := protojsonPlace.FindStringSubmatch(text)
	if m == nil {
		return text
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	at := byteOffset(data, line, col)
	if at < 0 {
		return text
	}
	if path := jsonPathAt(data, at); path != "" {
		return path + ": " + text
	}
	return text
}

// byteOffset is the offset in data of the col-th character of its line-th line (both 1-based),
// or -1 past its end.
func byteOffset(data []byte, line, col int) int {
	off := 0
	for ; line > 1; line-- {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	for ; col > 1 && off < len(data); col-- {
		_, size := utf8.DecodeRune(data[off:])
		off += size
	}
	if off >= len(data) {
		return -1
	}
	return off
}

// jsonPathAt is the path ("seats[0].remote.name", "options.target") of the JSON value or object
// key whose token holds data's byte at, read with encoding/json's tokenizer; "" for the top
// level, or JSON that does not read up to there.
func jsonPathAt(data []byte, at int) string {
	type frame struct {
		object bool
		key    string // an object's key of the value being read
		index  int    // an array's index of the value being read
		keyed  bool   // an object's key is read and its value not yet
	}
	var stack []frame
	path := func(last string) string {
		var b strings.Builder
		for _, f := range stack {
			switch {
			case f.object && f.keyed:
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.key)
			case !f.object:
				b.WriteString("[" + strconv.Itoa(f.index) + "]")
			}
		}
		if last != "" {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(last)
		}
		return b.String()
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		end := int(dec.InputOffset())
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		if s, ok := tok.(string); ok && top != nil && top.object && !top.keyed {
			if at < end {
				return path(s) // an object's key: an unknown field's name
			}
			top.key, top.keyed = s, true
			continue
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].keyed = false
			}
			continue
		}
		// A value: a scalar, or the start of an object or array.
		if top != nil && !top.object {
			top.index++
		}
		if at < end {
			return path("")
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{object: true})
		case json.Delim('['):
			stack = append(stack, frame{index: -1})
		default:
			if top != nil && top.object {
				top.keyed = false
			}
		}
	}
}

// loneSurrogate returns the offset in data, and the text, of the first \u escape in a string of
// data that is half of a UTF-16 surrogate pair without its other half (\ud800 not followed by
// \udc00 to \udfff, or \udc00 alone), or -1 and "" when there is none. protojson refuses such
// a string with "unexpected EOF", which says nothing of it.
func loneSurrogate(data []byte) (int, string) {
	hex := func(i int) (rune, bool) { // the \u escape at data[i:], if it is one
		if i+6 > len(data) || data[i] != '\\' || data[i+1] != 'u' {
			return 0, false
		}
		n, err := strconv.ParseUint(string(data[i+2:i+6]), 16, 16)
		return rune(n), err == nil
	}
	in := false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			in = !in
		case !in || c != '\\':
		case i+1 < len(data) && data[i+1] != 'u':
			i++ // a one-character escape: \" among them
		default:
			r, ok := hex(i)
			if !ok {
				continue
			}
			if r >= 0xd800 && r <= 0xdbff {
				if low, ok := hex(i + 6); ok && low >= 0xdc00 && low <= 0xdfff {
					i += 11
					continue
				}
			}
			if r >= 0xd800 && r <= 0xdfff {
				return i, string(data[i : i+6])
			}
			i += 5
		}
	}
	return -1, ""
}
