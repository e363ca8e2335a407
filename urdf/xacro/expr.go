package xacro

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The expression language is the part of Python that xacro files use
// inside ${…}: literals (numbers, strings, lists, tuples, dicts, True,
// False, None), names, attribute access, indexing and slicing, calls with
// positional and keyword arguments, arithmetic (+ - * / // % ** and unary
// signs), bit operations on ints, comparisons (chained, in, not in, is,
// is not), not/and/or, conditional expressions and list comprehensions.

type tokKind int

const (
	tEOF tokKind = iota
	tName
	tNum
	tStr
	tOp
)

type token struct {
	kind tokKind
	s    string // name, operator, or the decoded string
	num  any    // int64 or float64 for tNum
	pos  int
}

// maxExprLen and maxNesting bound what one expression may cost to parse.
const (
	maxExprLen = 1 << 16
	maxNesting = 200
)

func lex(src string) ([]token, error) {
	if len(src) > maxExprLen {
		return nil, fmt.Errorf("expression longer than %d bytes", maxExprLen)
	}
	var toks []token
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i++
		case c == '_' || c < utf8.RuneSelf && unicode.IsLetter(rune(c)) || c >= utf8.RuneSelf:
			j := i
			for j < len(src) {
				r, n := utf8.DecodeRuneInString(src[j:])
				if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
					break
				}
				j += n
			}
			if j == i {
				return nil, fmt.Errorf("invalid character %q in expression", src[i:i+1])
			}
			// String prefixes r'', u'', b'' are read as plain strings.
			if j-i == 1 && j < len(src) && (src[j] == '\'' || src[j] == '"') && strings.ContainsAny(src[i:j], "rRuU") {
				raw := src[i] == 'r' || src[i] == 'R'
				s, n, err := lexString(src[j:], raw)
				if err != nil {
					return nil, err
				}
				toks = append(toks, token{kind: tStr, s: s, pos: i})
				i = j + n
				continue
			}
			toks = append(toks, token{kind: tName, s: src[i:j], pos: i})
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i
			isFloat := false
			for j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == '_') {
				j++
			}
			if j < len(src) && src[j] == '.' {
				isFloat = true
				j++
				for j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == '_') {
					j++
				}
			}
			if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
				k := j + 1
				if k < len(src) && (src[k] == '+' || src[k] == '-') {
					k++
				}
				if k < len(src) && src[k] >= '0' && src[k] <= '9' {
					isFloat = true
					j = k
					for j < len(src) && src[j] >= '0' && src[j] <= '9' {
						j++
					}
				}
			}
			text := strings.ReplaceAll(src[i:j], "_", "")
			var num any
			if isFloat {
				f, err := strconv.ParseFloat(text, 64)
				if err != nil && !isRangeErr(err) {
					return nil, fmt.Errorf("invalid number %q", src[i:j])
				}
				num = f
			} else {
				if len(text) > 1 && text[0] == '0' && strings.Trim(text, "0") != "" {
					return nil, fmt.Errorf("invalid number %q (leading zeros)", src[i:j])
				}
				n, err := strconv.ParseInt(text, 10, 64)
				if err != nil {
					return nil, fmt.Errorf("integer %q too large", src[i:j])
				}
				num = n
			}
			if j < len(src) && (src[j] == '_' || unicode.IsLetter(rune(src[j]))) {
				return nil, fmt.Errorf("invalid number %q", src[i:j+1])
			}
			toks = append(toks, token{kind: tNum, num: num, s: src[i:j], pos: i})
			i = j
		case c == '\'' || c == '"':
			s, n, err := lexString(src[i:], false)
			if err != nil {
				return nil, err
			}
			toks = append(toks, token{kind: tStr, s: s, pos: i})
			i += n
		default:
			op := ""
			for _, o := range []string{"**", "//", "==", "!=", "<=", ">=", "<<", ">>", "=", "+", "-", "*", "/", "%", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ".", "|", "&", "^", "~"} {
				if strings.HasPrefix(src[i:], o) {
					op = o
					break
				}
			}
			if op == "" {
				return nil, fmt.Errorf("invalid character %q in expression", src[i:i+1])
			}
			toks = append(toks, token{kind: tOp, s: op, pos: i})
			i += len(op)
		}
	}
	return append(toks, token{kind: tEOF, pos: len(src)}), nil
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// lexString reads a quoted string (single, double or triple quotes) at the
// start of s and returns its value and length.
func lexString(s string, raw bool) (string, int, error) {
	q := s[:1]
	if strings.HasPrefix(s, q+q+q) {
		q = q + q + q
	}
	var b strings.Builder
	i := len(q)
	for i < len(s) {
		if strings.HasPrefix(s[i:], q) {
			return b.String(), i + len(q), nil
		}
		c := s[i]
		if c == '\n' && len(q) == 1 {
			break
		}
		if c == '\\' && i+1 < len(s) {
			if raw {
				b.WriteByte(c)
				b.WriteByte(s[i+1])
				i += 2
				continue
			}
			i++
			switch e := s[i]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '0':
				b.WriteByte(0)
			case '\\', '\'', '"':
				b.WriteByte(e)
			case '\n':
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
			i++
			continue
		}
		b.WriteByte(c)
		i++
	}
	return "", 0, fmt.Errorf("unterminated string literal")
}

// node kinds of the expression tree.
type expr interface{}

type (
	litExpr  struct{ v any }
	nameExpr struct {
		name string
	}
	attrExpr struct {
		x    expr
		name string
	}
	indexExpr struct{ x, i expr }
	sliceExpr struct {
		x            expr
		lo, hi, step expr
		hasLo, hasHi bool
		hasStep      bool
	}
	callExpr struct {
		fn     expr
		args   []expr
		kwName []string
		kwVal  []expr
	}
	unaryExpr struct {
		op string
		x  expr
	}
	binExpr struct {
		op   string
		x, y expr
	}
	cmpExpr struct {
		ops []string
		xs  []expr
	}
	boolExpr struct {
		and  bool
		x, y expr
	}
	notExpr  struct{ x expr }
	condExpr struct{ c, a, b expr }
	listExpr struct {
		xs    []expr
		tuple bool
	}
	dictExpr struct{ ks, vs []expr }
	compExpr struct {
		elem  expr
		vars  []string
		iter  expr
		conds []expr
	}
)

type parser struct {
	toks  []token
	p     int
	depth int
}

// parseExpr parses one whole expression.
func parseExpr(src string) (expr, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	e, err := p.testList()
	if err != nil {
		return nil, err
	}
	if p.peek().kind != tEOF {
		return nil, p.errorf("unexpected %s", p.describe())
	}
	return e, nil
}

func (p *parser) peek() token { return p.toks[p.p] }
func (p *parser) next() token { t := p.toks[p.p]; p.p++; return t }

func (p *parser) is(s string) bool {
	t := p.peek()
	return (t.kind == tOp || t.kind == tName) && t.s == s
}

func (p *parser) accept(s string) bool {
	if p.is(s) {
		p.p++
		return true
	}
	return false
}

func (p *parser) expect(s string) error {
	if !p.accept(s) {
		return p.errorf("expected %q, found %s", s, p.describe())
	}
	return nil
}

func (p *parser) describe() string {
	t := p.peek()
	switch t.kind {
	case tEOF:
		return "end of expression"
	case tStr:
		return "a string"
	}
	return strconv.Quote(t.s)
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("invalid syntax: "+format, args...)
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > maxNesting {
		return fmt.Errorf("expression nested deeper than %d", maxNesting)
	}
	return nil
}

// testList is test (',' test)* [','], a tuple when there is a comma.
func (p *parser) testList() (expr, error) {
	e, err := p.test()
	if err != nil {
		return nil, err
	}
	if !p.is(",") {
		return e, nil
	}
	xs := []expr{e}
	for p.accept(",") {
		if p.endOfList() {
			break
		}
		e, err := p.test()
		if err != nil {
			return nil, err
		}
		xs = append(xs, e)
	}
	return &listExpr{xs: xs, tuple: true}, nil
}

func (p *parser) endOfList() bool {
	t := p.peek()
	return t.kind == tEOF || t.kind == tOp && (t.s == ")" || t.s == "]" || t.s == "}")
}

var keywords = map[string]bool{"and": true, "or": true, "not": true, "if": true, "else": true, "in": true, "is": true, "for": true, "lambda": true, "True": true, "False": true, "None": true}

func (p *parser) test() (expr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	if p.is("lambda") {
		return nil, fmt.Errorf("lambda expressions are not supported")
	}
	e, err := p.orTest()
	if err != nil {
		return nil, err
	}
	if p.accept("if") {
		c, err := p.orTest()
		if err != nil {
			return nil, err
		}
		if err := p.expect("else"); err != nil {
			return nil, err
		}
		b, err := p.test()
		if err != nil {
			return nil, err
		}
		return &condExpr{c: c, a: e, b: b}, nil
	}
	return e, nil
}

func (p *parser) orTest() (expr, error) {
	e, err := p.andTest()
	for err == nil && p.accept("or") {
		var y expr
		y, err = p.andTest()
		e = &boolExpr{x: e, y: y}
	}
	return e, err
}

func (p *parser) andTest() (expr, error) {
	e, err := p.notTest()
	for err == nil && p.accept("and") {
		var y expr
		y, err = p.notTest()
		e = &boolExpr{and: true, x: e, y: y}
	}
	return e, err
}

func (p *parser) notTest() (expr, error) {
	if p.accept("not") {
		if err := p.enter(); err != nil {
			return nil, err
		}
		defer func() { p.depth-- }()
		x, err := p.notTest()
		return &notExpr{x: x}, err
	}
	return p.comparison()
}

func (p *parser) comparison() (expr, error) {
	e, err := p.bitOr()
	if err != nil {
		return nil, err
	}
	c := &cmpExpr{xs: []expr{e}}
	for {
		var op string
		switch {
		case p.is("<"), p.is(">"), p.is("=="), p.is("!="), p.is("<="), p.is(">="), p.is("in"):
			op = p.next().s
		case p.is("not") && p.toks[p.p+1].kind == tName && p.toks[p.p+1].s == "in":
			p.p += 2
			op = "not in"
		case p.accept("is"):
			op = "is"
			if p.accept("not") {
				op = "is not"
			}
		}
		if op == "" {
			break
		}
		y, err := p.bitOr()
		if err != nil {
			return nil, err
		}
		c.ops = append(c.ops, op)
		c.xs = append(c.xs, y)
	}
	if len(c.ops) == 0 {
		return e, nil
	}
	return c, nil
}

// binary parses a left-associative level of operators.
func (p *parser) binary(ops []string, sub func() (expr, error)) (expr, error) {
	e, err := sub()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		found := false
		if t.kind == tOp {
			for _, o := range ops {
				if t.s == o {
					found = true
				}
			}
		}
		if !found {
			return e, nil
		}
		p.p++
		y, err := sub()
		if err != nil {
			return nil, err
		}
		e = &binExpr{op: t.s, x: e, y: y}
	}
}

func (p *parser) bitOr() (expr, error)  { return p.binary([]string{"|"}, p.bitXor) }
func (p *parser) bitXor() (expr, error) { return p.binary([]string{"^"}, p.bitAnd) }
func (p *parser) bitAnd() (expr, error) { return p.binary([]string{"&"}, p.shift) }
func (p *parser) shift() (expr, error)  { return p.binary([]string{"<<", ">>"}, p.arith) }
func (p *parser) arith() (expr, error)  { return p.binary([]string{"+", "-"}, p.term) }
func (p *parser) term() (expr, error) {
	return p.binary([]string{"*", "/", "//", "%"}, p.factor)
}

func (p *parser) factor() (expr, error) {
	if t := p.peek(); t.kind == tOp && (t.s == "-" || t.s == "+" || t.s == "~") {
		p.p++
		if err := p.enter(); err != nil {
			return nil, err
		}
		defer func() { p.depth-- }()
		x, err := p.factor()
		return &unaryExpr{op: t.s, x: x}, err
	}
	return p.power()
}

func (p *parser) power() (expr, error) {
	e, err := p.atomExpr()
	if err != nil {
		return nil, err
	}
	if p.accept("**") {
		if err := p.enter(); err != nil {
			return nil, err
		}
		defer func() { p.depth-- }()
		y, err := p.factor()
		if err != nil {
			return nil, err
		}
		return &binExpr{op: "**", x: e, y: y}, nil
	}
	return e, nil
}

func (p *parser) atomExpr() (expr, error) {
	e, err := p.atom()
	if err != nil {
		return nil, err
	}
	for n := 0; ; n++ {
		if n > maxNesting {
			return nil, fmt.Errorf("expression nested deeper than %d", maxNesting)
		}
		switch {
		case p.accept("."):
			t := p.next()
			if t.kind != tName {
				return nil, p.errorf("expected a name after '.'")
			}
			e = &attrExpr{x: e, name: t.s}
		case p.accept("("):
			c := &callExpr{fn: e}
			for !p.is(")") {
				if t := p.peek(); t.kind == tName && !keywords[t.s] && p.toks[p.p+1].kind == tOp && p.toks[p.p+1].s == "=" {
					p.p += 2
					v, err := p.test()
					if err != nil {
						return nil, err
					}
					c.kwName = append(c.kwName, t.s)
					c.kwVal = append(c.kwVal, v)
				} else {
					if len(c.kwName) > 0 {
						return nil, p.errorf("positional argument follows keyword argument")
					}
					a, err := p.test()
					if err != nil {
						return nil, err
					}
					c.args = append(c.args, a)
				}
				if !p.accept(",") {
					break
				}
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			e = c
		case p.accept("["):
			s, err := p.subscript(e)
			if err != nil {
				return nil, err
			}
			if err := p.expect("]"); err != nil {
				return nil, err
			}
			e = s
		default:
			return e, nil
		}
	}
}

func (p *parser) subscript(x expr) (expr, error) {
	s := &sliceExpr{x: x}
	var err error
	if !p.is(":") {
		s.lo, err = p.test()
		if err != nil {
			return nil, err
		}
		s.hasLo = true
		if !p.is(":") {
			return &indexExpr{x: x, i: s.lo}, nil
		}
	}
	p.accept(":")
	if !p.is(":") && !p.is("]") {
		if s.hi, err = p.test(); err != nil {
			return nil, err
		}
		s.hasHi = true
	}
	if p.accept(":") && !p.is("]") {
		if s.step, err = p.test(); err != nil {
			return nil, err
		}
		s.hasStep = true
	}
	return s, nil
}

func (p *parser) atom() (expr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	t := p.next()
	switch t.kind {
	case tNum:
		return &litExpr{v: t.num}, nil
	case tStr:
		s := t.s
		for p.peek().kind == tStr { // adjacent literals concatenate
			s += p.next().s
		}
		return &litExpr{v: s}, nil
	case tName:
		switch t.s {
		case "True":
			return &litExpr{v: true}, nil
		case "False":
			return &litExpr{v: false}, nil
		case "None":
			return &litExpr{v: nil}, nil
		}
		if keywords[t.s] {
			return nil, p.errorf("unexpected %q", t.s)
		}
		return &nameExpr{name: t.s}, nil
	case tOp:
		switch t.s {
		case "(":
			if p.accept(")") {
				return &listExpr{tuple: true}, nil
			}
			e, err := p.test()
			if err != nil {
				return nil, err
			}
			if p.is("for") {
				return nil, fmt.Errorf("generator expressions are not supported")
			}
			if p.is(",") {
				xs := []expr{e}
				for p.accept(",") && !p.is(")") {
					y, err := p.test()
					if err != nil {
						return nil, err
					}
					xs = append(xs, y)
				}
				e = &listExpr{xs: xs, tuple: true}
			}
			return e, p.expect(")")
		case "[":
			l := &listExpr{}
			if p.accept("]") {
				return l, nil
			}
			first, err := p.test()
			if err != nil {
				return nil, err
			}
			if p.accept("for") {
				c, err := p.comprehension(first)
				if err != nil {
					return nil, err
				}
				return c, p.expect("]")
			}
			l.xs = append(l.xs, first)
			for p.accept(",") && !p.is("]") {
				y, err := p.test()
				if err != nil {
					return nil, err
				}
				l.xs = append(l.xs, y)
			}
			return l, p.expect("]")
		case "{":
			d := &dictExpr{}
			for !p.is("}") {
				k, err := p.test()
				if err != nil {
					return nil, err
				}
				if err := p.expect(":"); err != nil {
					return nil, err
				}
				v, err := p.test()
				if err != nil {
					return nil, err
				}
				d.ks, d.vs = append(d.ks, k), append(d.vs, v)
				if !p.accept(",") {
					break
				}
			}
			return d, p.expect("}")
		}
	case tEOF:
		return nil, p.errorf("unexpected end of expression")
	}
	return nil, p.errorf("unexpected %q", t.s)
}

// comprehension parses "for a[, b] in iter [if cond]…" after the element.
func (p *parser) comprehension(elem expr) (expr, error) {
	c := &compExpr{elem: elem}
	for {
		t := p.next()
		if t.kind != tName || keywords[t.s] {
			return nil, p.errorf("expected a loop variable")
		}
		c.vars = append(c.vars, t.s)
		if !p.accept(",") {
			break
		}
	}
	if err := p.expect("in"); err != nil {
		return nil, err
	}
	it, err := p.orTest()
	if err != nil {
		return nil, err
	}
	c.iter = it
	for p.accept("if") {
		cond, err := p.orTest()
		if err != nil {
			return nil, err
		}
		c.conds = append(c.conds, cond)
	}
	if p.is("for") {
		return nil, fmt.Errorf("nested comprehensions are not supported")
	}
	return c, nil
}
