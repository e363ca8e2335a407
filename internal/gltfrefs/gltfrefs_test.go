package gltfrefs

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"
)

const doc = `{"asset":{"version":"2.0"},
 "buffers":[{"byteLength":4,"uri":"my%20data.bin"},{"byteLength":4,"uri":"data:application/octet-stream;base64,AAAAAA=="},{"byteLength":4,"uri":"my%20data.bin"}],
 "images":[{"uri":"tex/skin.png"},{"uri":"https://example.com/a.png"},{"bufferView":0,"mimeType":"image/png"}],
 "extras":{"uri":"not-a-file.bin"}}`

// glb wraps a JSON text (padded) and a BIN chunk as a .glb.
func glb(js string, bin []byte) []byte {
	j := []byte(js)
	for len(j)%4 != 0 {
		j = append(j, ' ')
	}
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, []uint32{glbMagic, 2, uint32(12 + 8 + len(j) + 8 + len(bin)), uint32(len(j)), 0x4E4F534A})
	b.Write(j)
	binary.Write(&b, binary.LittleEndian, []uint32{uint32(len(bin)), 0x004E4942})
	b.Write(bin)
	return b.Bytes()
}

// The files a document names are its buffers' and images' URIs,
// unescaped, each once; data: URIs and other members' "uri" name none, a
// URL stays as written. Renaming one rewrites exactly its URIs, escaped,
// and leaves every other byte; in a .glb the JSON chunk is padded to four
// bytes and the chunk and file lengths match what they hold.
func TestFileRefsAndRename(t *testing.T) {
	for _, data := range [][]byte{[]byte(doc), glb(doc, []byte{1, 2, 3, 4})} {
		refs, err := FileRefs(data)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"my data.bin", "tex/skin.png", "https://example.com/a.png"}; !slices.Equal(refs, want) {
			t.Errorf("refs %q, want %q", refs, want)
		}
		renamed := RenameFileRefs(data, map[string]string{"my data.bin": "data 2.bin", "tex/skin.png": "skin_2.png"})
		js, err := JSONChunk(renamed)
		if err != nil {
			t.Fatal(err)
		}
		want := bytes.ReplaceAll([]byte(doc), []byte(`"my%20data.bin"`), []byte(`"data%202.bin"`))
		want = bytes.ReplaceAll(want, []byte(`"tex/skin.png"`), []byte(`"skin_2.png"`))
		if got := bytes.TrimRight(js, " "); !bytes.Equal(got, want) {
			t.Errorf("renamed:\n%s\nwant\n%s", got, want)
		}
		if refs, _ := FileRefs(renamed); !slices.Equal(refs, []string{"data 2.bin", "skin_2.png", "https://example.com/a.png"}) {
			t.Errorf("refs after renaming %q", refs)
		}
		if bytes.Equal(data[:4], []byte("glTF")) {
			if len(js)%4 != 0 || int(binary.LittleEndian.Uint32(renamed[8:])) != len(renamed) || !bytes.HasSuffix(renamed, []byte{4, 0, 0, 0, 'B', 'I', 'N', 0, 1, 2, 3, 4}) {
				t.Errorf("glb chunks after renaming: JSON %d bytes, header length %d of %d, tail %v", len(js), binary.LittleEndian.Uint32(renamed[8:]), len(renamed), renamed[len(renamed)-12:])
			}
		}
		if got := RenameFileRefs(data, map[string]string{"other.bin": "x.bin"}); !bytes.Equal(got, data) {
			t.Error("renaming a file the document does not name changed it")
		}
	}
}
