package crosscheck

import (
	"testing"

	"github.com/physconv/physconv/internal/outrefs"
)

// outputRefs lists the files a written output references, following side
// files down (outrefs.List); missing holds those not written beside it.
func outputRefs(t *testing.T, main string) (refs, missing []string) {
	t.Helper()
	refs, missing, err := outrefs.List(main)
	if err != nil {
		t.Error(err)
	}
	return refs, missing
}
