package fastjson

import "os"

// largeFixture is upstream's testdata/large.json, which its tests read;
// upstream defines it in parser_timing_test.go, with the benchmarks'
// other fixtures, which recview does not keep (see RECVIEW.md).
var largeFixture = func() string {
	data, err := os.ReadFile("testdata/large.json")
	if err != nil {
		panic(err)
	}
	return string(data)
}()
