package gltfx

import "bytes"

// SniffDialect tells which physics dialect the start of a .gltf/.glb uses:
// "khr", "omi", or "" when neither name appears (or the file is not glTF).
// When both appear, the one named first wins (extensionsUsed usually comes
// early in exporters' output).
func SniffDialect(head []byte) string {
	if !looksLikeGLTF(head) {
		return ""
	}
	first, dialect := -1, ""
	try := func(names []string, d string) {
		for _, n := range names {
			if i := bytes.Index(head, []byte(`"`+n+`"`)); i >= 0 && (first < 0 || i < first) {
				first, dialect = i, d
			}
		}
	}
	try(KHRExtensions, "khr")
	try(OMIExtensions, "omi")
	return dialect
}

func looksLikeGLTF(head []byte) bool {
	if bytes.HasPrefix(head, []byte("glTF")) {
		return true
	}
	t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}
