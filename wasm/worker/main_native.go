//go:build !js

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "worker is worker.wasm, the page's Web Worker: build it with GOOS=js GOARCH=wasm (make dist)")
	os.Exit(2)
}
