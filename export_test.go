package physconv

// ReadBack lets the benchmarks of package physconv_test time reading an
// output back on its own: the part of Verify no implementation of it can
// skip.
var ReadBack = reread
