// Command empty is the smallest Go WebAssembly program: the runtime's
// share of app.wasm (see internal/tools/wasmsize).
package main

func main() {}
