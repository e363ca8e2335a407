package tscn

// Document is one .tscn or .tres file: its header section and the
// sections that follow, in file order.
type Document struct {
	Header   Section
	Sections []Section
	// RunOn lists the property names that ran over text without an '='
	// (a "# note" line, which is no comment to Godot): Godot reads every
	// non-blank character up to the next '=' as the name, so the value
	// goes to a property no object has. Each is also in its section.
	RunOn []Prop
}

// Section is one [tag attr=value ...] block with the properties under it.
type Section struct {
	Tag   string // gd_scene, gd_resource, ext_resource, sub_resource, resource, node, connection, editable
	Attrs []Prop
	Props []Prop
	Line  int // 1-based line of the opening bracket
}

// Prop is key = value (or a header attribute key=value).
type Prop struct {
	Key   string
	Value Value
	Line  int
}

// Format returns the header's format number (2 for Godot 3, 3 or 4 for
// Godot 4), or 0 when absent.
func (d *Document) Format() int {
	if v, ok := d.Header.Attr("format").(int64); ok {
		return int(v)
	}
	return 0
}

// Attr returns a header attribute's value, or nil.
func (s *Section) Attr(key string) Value {
	for _, a := range s.Attrs {
		if a.Key == key {
			return a.Value
		}
	}
	return nil
}

// AttrString returns a string (or StringName) attribute, or "".
func (s *Section) AttrString(key string) string {
	switch v := s.Attr(key).(type) {
	case string:
		return v
	case StringName:
		return string(v)
	}
	return ""
}

// Prop returns a property's value and whether it is present.
func (s *Section) Prop(key string) (Value, bool) {
	for _, p := range s.Props {
		if p.Key == key {
			return p.Value, true
		}
	}
	return nil, false
}

// PropLine returns the line of a property, or the section's line.
func (s *Section) PropLine(key string) int {
	for _, p := range s.Props {
		if p.Key == key {
			return p.Line
		}
	}
	return s.Line
}

// Set replaces or appends a property.
func (s *Section) Set(key string, v Value) {
	for i := range s.Props {
		if s.Props[i].Key == key {
			s.Props[i].Value = v
			return
		}
	}
	s.Props = append(s.Props, Prop{Key: key, Value: v})
}

// SetAttr replaces or appends a header attribute.
func (s *Section) SetAttr(key string, v Value) {
	for i := range s.Attrs {
		if s.Attrs[i].Key == key {
			s.Attrs[i].Value = v
			return
		}
	}
	s.Attrs = append(s.Attrs, Prop{Key: key, Value: v})
}
