package view

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"html"
	"io"
	"strings"
	"text/template"
)

// ThreeVersion is the vendored three.js release (npm package "three"); its
// module build, OrbitControls and MIT licence live in three/.
const ThreeVersion = "0.170.0"

var (
	//go:embed three/three.module.min.js
	threeModule []byte
	//go:embed three/OrbitControls.js
	orbitControls []byte
	//go:embed three/LICENSE
	threeLicense string
	//go:embed page.js
	pageScript string
	//go:embed page.html
	pageHTML string
)

var pageTemplate = template.Must(template.New("page").Parse(pageHTML))

// dataURL makes an ES module loadable without a network: the page's
// import map points "three" at it.
func dataURL(js []byte) string {
	return "data:text/javascript;base64," + base64.StdEncoding.EncodeToString(js)
}

// WritePage writes the self-contained HTML page of a model: the import map
// carries three.js as data URLs, the model rides as JSON in a script tag
// (json.Marshal escapes <, > and &, so it cannot close the tag). The
// template is text/template because html/template would escape the
// contents of the import map and data tags it does not know as script.
func WritePage(w io.Writer, m *Model) error {
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	imports, err := json.Marshal(map[string]any{"imports": map[string]string{
		"three":                                  dataURL(threeModule),
		"three/addons/controls/OrbitControls.js": dataURL(orbitControls),
	}})
	if err != nil {
		return err
	}
	title := m.Name
	if title == "" {
		title = "physics"
	}
	var buf bytes.Buffer
	err = pageTemplate.Execute(&buf, map[string]any{
		"Title":        html.EscapeString(title),
		"ImportMap":    string(imports),
		"Data":         string(data),
		"Script":       pageScript,
		"ThreeVersion": ThreeVersion,
		"License":      strings.ReplaceAll(threeLicense, "--", "- -"),
	})
	if err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}
