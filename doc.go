// Package physconv is the library face of physconv: parse any supported
// file into the Graph (ParseGraph), convert files, bytes or fs.FS inputs
// (ConvertFile, ConvertBytes, OpenInput) and inspect them (InspectFile).
// Pass a registry of the formats you need (all.Registry() for every one);
// batch conversion of folders lives in package batch.
package physconv
