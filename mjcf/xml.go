package mjcf

import (
	"errors"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// Element is one MJCF XML element with its attributes in file order, its
// child elements, the line it starts on and (for included files) the file.
type Element = xmlx.Element

// Attr is one attribute.
type Attr = xmlx.Attr

// Decode parses MJCF bytes into an element tree. Comments, processing
// instructions, character data and namespace declarations are dropped
// (MJCF keeps all its data in attributes). Errors are *convert.FormatError
// with the line.
func Decode(data []byte) (*Element, error) {
	root, _, err := decode(data, false)
	return root, err
}

// decode is Decode; borrow: data is never modified afterwards (see
// xmlx.Options.Borrow). ignored is the line where content after the
// top-level element began that MuJoCo's XML parser passes over (0: none).
func decode(data []byte, borrow bool) (root *Element, ignored int, err error) {
	root, ignored, err = decodeAny(data, borrow)
	if err != nil {
		return nil, 0, err
	}
	switch root.Name {
	case "mujoco":
		return root, ignored, nil
	case "mujocoinclude":
		return nil, 0, convert.ErrorAtLine(root.Line, "mjcf: top-level element is <mujocoinclude>: this file is a part for other models to <include>, not a model (MuJoCo does not load it either); convert the model that includes it")
	}
	return nil, 0, convert.ErrorAtLine(root.Line, "mjcf: top-level element is <%s>, want <mujoco>", root.Name)
}

// decodeAny parses an MJCF document whatever its top-level element: an
// included file's is dropped by the include, whatever its name
// (<mujocoinclude> by convention, <mujoco> often). What follows that
// element is passed over, as TinyXML2 passes it over for MuJoCo (a stray
// </mujoco> after the model's own); ignored is the line it begins on.
func decodeAny(data []byte, borrow bool) (*Element, int, error) {
	doc, err := xmlx.ParseDocument(data, xmlx.Options{Borrow: borrow, AfterRoot: true})
	if err != nil {
		var fe *convert.FormatError
		if errors.As(err, &fe) {
			fe.Msg = "mjcf: " + fe.Msg
		}
		return nil, 0, err
	}
	dropNamespaces(doc.Root)
	return doc.Root, doc.IgnoredFrom, nil
}

// dropNamespaces removes xmlns declarations, which are not MJCF attributes.
func dropNamespaces(e *Element) {
	for i := 0; i < len(e.Attrs); {
		if a := e.Attrs[i].Name; a == "xmlns" || len(a) > 6 && a[:6] == "xmlns:" {
			e.Attrs = append(e.Attrs[:i], e.Attrs[i+1:]...)
			continue
		}
		i++
	}
	for _, c := range e.Children {
		dropNamespaces(c)
	}
}

// Encode writes the element tree as indented XML, attributes in the order
// given (Emit sorts what needs sorting).
func Encode(root *Element) []byte { return xmlx.Encode(root) }
