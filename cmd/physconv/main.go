// Command physconv converts rigid-body physics assets between glTF physics
// extensions (KHR and OMI), Godot .tscn, URDF and MJCF.
package main

import "os"

func main() {
	collectAfterWarmUp()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
