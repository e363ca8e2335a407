package convert

// Complete fills missing mass properties. Placeholder until mass
// properties land: it returns a copy of the Graph unchanged.
func Complete(g *Graph, opts *Options) (*Graph, Diagnostics) { return g.Clone(), nil }
