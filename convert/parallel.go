package convert

import (
	"runtime"
	"sync"
)

// Parallel calls f(0) … f(n-1), as many at a time as there are
// processors, and returns when all have. Readers and writers use it for
// work that is independent per item (mesh files); it needs nothing
// beyond the standard library, so formats stay free of app dependencies.
func Parallel(n int, f func(i int)) {
	if n <= 1 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			f(i)
		})
	}
	wg.Wait()
}
