package xmlx

import (
	"encoding/xml"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// scanner reads XML for ParseDocument straight from the input: names
// and values that need no decoding are substrings of one string of the
// input, so a large file costs a few allocations per element, not per
// byte or token. It accepts and refuses what encoding/xml's strict
// decoder does (names, quoting, entities — only the five predefined ones
// and character references — comments, CDATA, line ends) and counts lines
// as it does; the differential test holds the two together.
type scanner struct {
	src  string
	i    int
	line int
	err  *syntaxErr
}

// syntaxErr is a malformed input at a line.
type syntaxErr struct {
	line int
	msg  string
}

func (s *scanner) fail(msg string) bool {
	if s.err == nil {
		s.err = &syntaxErr{s.line, msg}
	}
	return false
}

// failAt fails for the byte at k, which encoding/xml has read (and
// counted, if a line feed) when it reports it.
func (s *scanner) failAt(k int, msg string) bool {
	if k < len(s.src) && s.src[k] == '\n' {
		s.line++
		defer func() { s.line-- }()
	}
	return s.fail(msg)
}

// eof fails with encoding/xml's wording for input that ends inside a
// construct.
func (s *scanner) eof() bool { return s.fail("unexpected EOF") }

func isSpace(c byte) bool { return c == ' ' || c == '\r' || c == '\n' || c == '\t' }

// space skips white space.
func (s *scanner) space() {
	for s.i < len(s.src) && isSpace(s.src[s.i]) {
		if s.src[s.i] == '\n' {
			s.line++
		}
		s.i++
	}
}

// skipDeclaration passes a byte-order mark and the XML declaration (any
// version or encoding: exporters write others, and the input is read as
// UTF-8), keeping the line count.
func (s *scanner) skipDeclaration() {
	if strings.HasPrefix(s.src, "\xef\xbb\xbf") {
		s.i = 3
	}
	j := s.i
	for j < len(s.src) && isSpace(s.src[j]) {
		j++
	}
	rest := s.src[j:]
	if len(rest) > 5 && strings.HasPrefix(rest, "<?xml") && strings.IndexByte(" \t\r\n?", rest[5]) >= 0 {
		if k := strings.Index(rest, "?>"); k >= 0 {
			end := j + k + 2
			s.line += strings.Count(s.src[s.i:end], "\n")
			s.i = end
		}
	}
}

func isNameByte(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == ':' || c == '.' || c == '-'
}

// name reads an XML name (ok false, without an error, when none starts
// here).
func (s *scanner) name() (string, bool) {
	start := s.i
	for s.i < len(s.src) {
		c := s.src[s.i]
		if c < utf8.RuneSelf && !isNameByte(c) {
			break
		}
		s.i++
	}
	if s.i == start {
		return "", false
	}
	if s.i == len(s.src) {
		return "", s.eof() // encoding/xml needs the byte after a name
	}
	n := s.src[start:s.i]
	if !validName(n) {
		return "", s.fail("invalid XML name: " + n)
	}
	return n, true
}

// validName applies XML's name rules: ASCII names by their bytes, others
// as encoding/xml's own tables decide (it is asked with a one-element
// document, which costs nothing next to how rare such names are).
func validName(n string) bool {
	c := n[0]
	if c < utf8.RuneSelf {
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '_' || c == ':') {
			return false
		}
		ascii := true
		for k := 1; k < len(n); k++ {
			if n[k] >= utf8.RuneSelf {
				ascii = false
				break
			}
		}
		if ascii {
			return true // the rest are name bytes already
		}
	}
	if !utf8.ValidString(n) {
		return false
	}
	tok, err := xml.NewDecoder(strings.NewReader("<" + n + "/>")).RawToken()
	se, ok := tok.(xml.StartElement)
	return err == nil && ok && (se.Name.Space == "" && se.Name.Local == n || se.Name.Space+":"+se.Name.Local == n)
}

// qualified splits a name at its colon as encoding/xml does; more than
// one colon is no name.
func qualified(n string) (prefix, local string, ok bool) {
	i := strings.IndexByte(n, ':')
	switch {
	case i < 0:
		return "", n, true
	case strings.IndexByte(n[i+1:], ':') >= 0:
		return "", "", false
	case i == 0 || i == len(n)-1:
		return "", n, true
	}
	return n[:i], n[i+1:], true
}

// nsname reads a name that may carry one prefix.
func (s *scanner) nsname() (string, bool) {
	n, ok := s.name()
	if !ok {
		return "", false
	}
	if _, _, ok := qualified(n); !ok {
		return "", false
	}
	return n, true
}

// plainByte marks the bytes text may hold as they are: printable ASCII
// but '<', '&' and ']' (which may end CDATA), tab and line feed.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '<' && c != '&' && c != ']'
	}
	t['\t'], t['\n'] = true, true
	return t
}()

var predefined = map[string]string{"lt": "<", "gt": ">", "amp": "&", "apos": "'", "quot": `"`}

// text reads character data up to '<' (quote 0), up to the closing quote
// of an attribute value, or up to "]]>" (cdata), replacing entities
// (outside CDATA) and turning \r\n and \r into \n. The text must be valid
// UTF-8 of XML characters.
func (s *scanner) text(quote byte, cdata bool) (string, bool) {
	start := s.i
	// fast path: plain printable text, nothing to replace
	for s.i < len(s.src) {
		c := s.src[s.i]
		if !plainByte[c] || c == quote {
			break
		}
		if c == '\n' {
			s.line++
		}
		s.i++
	}
	if s.i < len(s.src) {
		switch c := s.src[s.i]; {
		case c == quote && quote != 0:
			out := s.src[start:s.i]
			s.i++
			return out, true
		case c == '<' && !cdata && quote == 0:
			return s.src[start:s.i], true
		}
	} else if !cdata && quote == 0 {
		return s.src[start:], true
	}
	// general path from here, with what was read so far kept
	var buf strings.Builder
	buf.WriteString(s.src[start:s.i])
	var b0, b1 byte
	if s.i > start {
		b1 = s.src[s.i-1]
		if s.i-1 > start {
			b0 = s.src[s.i-2]
		}
	}
	trunc := 0
	for {
		if s.i >= len(s.src) {
			if cdata {
				return "", s.fail("unexpected EOF in CDATA section")
			}
			if quote != 0 {
				return "", s.eof()
			}
			break
		}
		b := s.src[s.i]
		if quote == 0 && b0 == ']' && b1 == ']' && b == '>' {
			if cdata {
				s.i++
				trunc = 2
				break
			}
			return "", s.fail("unescaped ]]> not in CDATA section")
		}
		if b == '<' && !cdata {
			if quote != 0 {
				return "", s.fail("unescaped < inside quoted string")
			}
			break
		}
		if quote != 0 && b == quote {
			s.i++
			break
		}
		s.i++
		if b == '\n' {
			s.line++
		}
		if b == '&' && !cdata {
			rep, ok := s.entity()
			if !ok {
				return "", false
			}
			buf.WriteString(rep)
			b0, b1 = 0, 0
			continue
		}
		switch {
		case b == '\r':
			buf.WriteByte('\n')
		case b1 == '\r' && b == '\n':
		default:
			buf.WriteByte(b)
		}
		b0, b1 = b1, b
	}
	out := buf.String()
	out = out[:len(out)-trunc]
	if msg := checkChars(out); msg != "" {
		return "", s.fail(msg)
	}
	return out, true
}

// entity reads what follows '&': a character reference or one of the five
// predefined entities, with its ';'.
func (s *scanner) entity() (string, bool) {
	start := s.i - 1
	bad := func() (string, bool) {
		ent := s.src[start:s.i]
		if !strings.HasSuffix(ent, ";") {
			ent += " (no semicolon)"
		}
		return "", s.fail("invalid character entity " + ent)
	}
	if s.i >= len(s.src) {
		return "", s.eof()
	}
	if s.src[s.i] == '#' {
		s.i++
		base := 10
		if s.i < len(s.src) && s.src[s.i] == 'x' {
			base = 16
			s.i++
		}
		digits := s.i
		for s.i < len(s.src) {
			c := s.src[s.i]
			if '0' <= c && c <= '9' || base == 16 && ('a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				s.i++
				continue
			}
			break
		}
		if s.i >= len(s.src) {
			return "", s.eof()
		}
		if s.src[s.i] != ';' {
			return bad()
		}
		n, err := strconv.ParseUint(s.src[digits:s.i], base, 64)
		s.i++
		if err != nil || n > unicode.MaxRune {
			return bad()
		}
		return string(rune(n)), true
	}
	nameStart := s.i
	for s.i < len(s.src) && (s.src[s.i] >= utf8.RuneSelf || isNameByte(s.src[s.i])) {
		s.i++
	}
	if s.i >= len(s.src) {
		return "", s.eof()
	}
	if s.src[s.i] != ';' {
		return bad()
	}
	name := s.src[nameStart:s.i]
	s.i++
	if rep, ok := predefined[name]; ok {
		return rep, true
	}
	return bad()
}

// checkChars reports text that is not valid UTF-8 of XML characters.
func checkChars(t string) string {
	for k := 0; k < len(t); k++ {
		c := t[k]
		if c >= 0x20 && c < utf8.RuneSelf || c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		if c < utf8.RuneSelf {
			return "illegal character code " + runeCode(rune(c))
		}
		r, size := utf8.DecodeRuneInString(t[k:])
		if r == utf8.RuneError && size == 1 {
			return "invalid UTF-8"
		}
		if !(r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF) {
			return "illegal character code " + runeCode(r)
		}
		k += size - 1
	}
	return ""
}

func runeCode(r rune) string {
	s := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	for len(s) < 4 {
		s = "0" + s
	}
	return "U+" + s
}
