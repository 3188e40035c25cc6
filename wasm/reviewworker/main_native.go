//go:build !js

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "reviewworker is review.wasm, the viewer's review worker: build it with GOOS=js GOARCH=wasm (make dist)")
	os.Exit(2)
}
