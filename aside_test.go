package physconv

import "testing"

// TestAsideWaitsAndRaises: the work has run when the wait returns, and a
// panic of the work is raised by the wait, on the caller's goroutine.
func TestAsideWaitsAndRaises(t *testing.T) {
	ran := false
	aside(func() { ran = true })()
	if !ran {
		t.Fatal("the wait returned before the work ran")
	}
	defer func() {
		if r := recover(); r != "boom" {
			t.Fatalf("recovered %v, want the work's panic", r)
		}
	}()
	aside(func() { panic("boom") })()
	t.Fatal("the work's panic was not raised")
}
