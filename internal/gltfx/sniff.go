package gltfx

import (
	"bytes"
	"strings"
)

// SniffDialect tells which physics dialect the start of a .gltf/.glb uses:
// "khr", "omi", or "" when neither name appears (or the file is not glTF).
// When both appear, the one named first wins (extensionsUsed usually comes
// early in exporters' output).
func SniffDialect(head []byte) string {
	if !looksLikeGLTF(head) {
		return ""
	}
	// the first of the dialects' extension names in the text decides; each
	// place a name could start (a quote and a vendor prefix: "KHR_, "OMI_
	// …) is looked at once, so a large file without physics is read once
	// per prefix, not once per name
	for i := 0; i < len(head); {
		at := -1
		for _, p := range dialectPrefixes {
			if k := bytes.Index(head[i:], p); k >= 0 && (at < 0 || k < at) {
				at = k
			}
		}
		if at < 0 {
			return ""
		}
		at += i
		for _, d := range dialects {
			for _, n := range d.names {
				if bytes.HasPrefix(head[at+1:], []byte(n+`"`)) {
					return d.dialect
				}
			}
		}
		i = at + 1
	}
	return ""
}

// dialects are the extension names of each lineage; dialectPrefixes
// their vendor prefixes, each after a quote.
var dialects = []struct {
	names   []string
	dialect string
}{{KHRExtensions, "khr"}, {OMIExtensions, "omi"}}

var dialectPrefixes = func() [][]byte {
	seen := map[string]bool{}
	var out [][]byte
	for _, d := range dialects {
		for _, n := range d.names {
			p := `"` + n[:strings.IndexByte(n, '_')+1]
			if !seen[p] {
				seen[p] = true
				out = append(out, []byte(p))
			}
		}
	}
	return out
}()

func looksLikeGLTF(head []byte) bool {
	if bytes.HasPrefix(head, []byte("glTF")) {
		return true
	}
	t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}
