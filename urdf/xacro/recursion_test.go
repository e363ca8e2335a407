package xacro

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

// recursiveChain is a robot of depth+1 links built by a macro calling
// itself depth times, as a chain, snake or rope is often written.
func recursiveChain(depth int) string {
	return fmt.Sprintf(`<robot name="rec" %s>
  <xacro:macro name="seg" params="i">
    <link name="l${i}"/>
    <xacro:if value="${i > 0}">
      <joint name="j${i}" type="fixed"><parent link="l${i-1}"/><child link="l${i}"/></joint>
    </xacro:if>
    <xacro:if value="${i &lt; %d}">
      <xacro:seg i="${i+1}"/>
    </xacro:if>
  </xacro:macro>
  <xacro:seg i="0"/>
</robot>
`, ns, depth)
}

// TestRecursionAsDeepAsROS: ROS xacro nests macro calls as deep as its
// Python stack allows: 245 calls of this small recursive macro expand,
// 250 do not (xacro 1.14.17). A robot built that way expands here the
// same, up to 1,000 calls (the limit was 200), and one deeper fails with
// an error that shows the innermost and outermost calls, not a line per
// level.
func TestRecursionAsDeepAsROS(t *testing.T) {
	for _, depth := range []int{201, 245, 999} {
		res, err := Expand("/t/main.xacro", memFiles(map[string]string{"/t/main.xacro": recursiveChain(depth)}, nil))
		if err != nil {
			t.Fatalf("depth %d: %v", depth, err)
		}
		links, joints := 0, 0
		for _, e := range res.Root.Elements() {
			switch e.Name {
			case "link":
				links++
			case "joint":
				joints++
			}
		}
		if links != depth+1 || joints != depth {
			t.Errorf("depth %d: %d links and %d joints, want %d and %d", depth, links, joints, depth+1, depth)
		}
	}
	_, err := Expand("/t/main.xacro", memFiles(map[string]string{"/t/main.xacro": recursiveChain(1000)}, nil))
	if err == nil {
		t.Fatal("1,001 nested calls expanded; want the nesting limit")
	}
	msg := err.Error()
	if !strings.Contains(msg, "nested deeper than 1000") || !strings.Contains(msg, "993 calls more") || len(msg) > 700 {
		t.Errorf("error of %d bytes: %s", len(msg), msg)
	}
}

// TestRecursionDepthOfROS: the reference expands a chain one call deeper
// than physconv's former limit (its time grows with the square of the
// depth: 23 s for 240 calls, so the test stays near 200).
func TestRecursionDepthOfROS(t *testing.T) {
	out := referenceExpansion(t, testenv.Oracle(t, "xacro-expand"), "rec.urdf.xacro", []byte(recursiveChain(201)))
	if n := bytes.Count(out, []byte("<link ")); n != 202 {
		t.Errorf("reference wrote %d links, want 202", n)
	}
}
