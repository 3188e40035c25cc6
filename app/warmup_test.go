package app

import (
	"os"
	"strings"
	"testing"

	"github.com/recview/recview/recordings"
)

// TestWarmIndexRow: the page's warm-up reads its sample as the index
// does, to the row a folder's index would show of it: its test, its
// model, the 20 chunks of its stream, and its name matching its
// request's hash under the recorder's current scheme (as the corpus's
// HASHCHECK.tsv says of it).
func TestWarmIndexRow(t *testing.T) {
	data, err := os.ReadFile("../web/samples/" + warmSample)
	if err != nil {
		t.Fatal(err)
	}
	var p recordings.Parser
	got := warmIndexRow(&p, data)
	for _, want := range []string{
		`data-testid="index-row"`,
		"tests/integration/agents/test_agents.py::test_agent_simple[ollama/llama3.2:3b-instruct-fp16]",
		`<td role="cell">llama3.2:3b-instruct-fp16</td><td role="cell" class="num">20</td>`,
		`<span class="badge hash-ok">ok · current</span>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the row lacks %s:\n%s", want, got)
		}
	}
}
