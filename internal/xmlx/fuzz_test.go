package xmlx

import (
	"errors"
	"testing"

	"github.com/physconv/physconv/convert"
)

// FuzzParse: any input either fails with a FormatError or parses into a
// tree that encodes and parses back to the same encoding.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`<?xml version="0.0"?><robot name="r"><link name="a"/></robot>`,
		"<r xmlns:x=\"u\"><x:a x:b='1'>t<!--c--><![CDATA[<d>]]></x:a></r>",
		"<!DOCTYPE r [<!ENTITY a \"b\">]><r>&a;</r>",
		"<r>\n<a\n b=\"1\"\n/></r>",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := ParseDocument(data, Options{Text: true, Comments: true, MaxDepth: 100, MaxElements: 1000})
		if err != nil {
			var fe *convert.FormatError
			if !errors.As(err, &fe) || fe.Line < 1 {
				t.Fatalf("error %T %v is not a FormatError with a line", err, err)
			}
			return
		}
		out := EncodeDocument(doc)
		again, err := ParseDocument(out, Options{Text: true, Comments: true, MaxDepth: 100, MaxElements: 1000})
		if err != nil {
			t.Fatalf("encoded output does not parse: %v\n%s", err, out)
		}
		if out2 := EncodeDocument(again); string(out2) != string(out) {
			t.Fatalf("encoding is not stable:\n%s\n---\n%s", out, out2)
		}
	})
}

// FuzzParseMatchesReference: the scanner and the encoding/xml-based
// reader it replaced accept the same inputs and build the same trees.
func FuzzParseMatchesReference(f *testing.F) {
	for _, s := range edgeCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o := Options{Text: true, Comments: true, MaxDepth: 100, MaxElements: 1000}
		got, gerr := ParseDocument(data, o)
		want, werr := parseDocumentReference(data, o)
		if (gerr == nil) != (werr == nil) {
			t.Fatalf("error %v, reference %v", gerr, werr)
		}
		if gerr == nil {
			if d := sameDocument(got, want); d != "" {
				t.Fatal(d)
			}
		}
	})
}
