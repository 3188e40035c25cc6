package fastjson

import (
	"fmt"
	"strings"
	"testing"
)

// TestCacheGrowsInBlocks: a document of more values than several of the
// cache's blocks hold reads back whole, every value where it was, and so
// do a smaller and a larger document parsed after it by the same Parser
// (recview's change: the cache grows by blocks instead of by copying).
func TestCacheGrowsInBlocks(t *testing.T) {
	var p Parser
	for _, n := range []int{100000, 10, 300000, 1} {
		var b strings.Builder
		b.WriteString(`{"a":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"i":%d,"s":"v%d"}`, i, i)
		}
		b.WriteString(`]}`)
		v, err := p.Parse(b.String())
		if err != nil {
			t.Fatal(err)
		}
		a := v.GetArray("a")
		if len(a) != n {
			t.Fatalf("%d elements, want %d", len(a), n)
		}
		for i, e := range a {
			if e.GetInt("i") != i || string(e.GetStringBytes("s")) != fmt.Sprintf("v%d", i) {
				t.Fatalf("document of %d: element %d reads %s", n, i, e)
			}
		}
	}
}
