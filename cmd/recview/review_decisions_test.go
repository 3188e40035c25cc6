package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/recview/recview/recordings/review"
)

// decisionsFile is a decisions file of qwen3-rerecord-3978, written by
// hand: each digest worked out with sha256sum and xxd from the pair's
// two files (docs/review.md's rule), the decisions those of
// recordings/review's TestTallyAndFile, and one decision of no pair.
var decisionsFile = filepath.Join(testdataDir, "decisions-qwen3-rerecord-3978.json")

// TestReviewDecisions: `review --decisions FILE` marks each pair of the
// terminal output with its decision and note, adds "decision" and
// "note" after the contract's keys of the decided pairs' --json lines,
// and leads the comment with the Decisions part the core writes for the
// same decisions (review.Result.Markdown); the decision of no pair is
// said on stderr, and the review runs (exit 0). Goldens read over.
func TestReviewDecisions(t *testing.T) {
	const set = "qwen3-rerecord-3978"
	base, head := filepath.Join(reviewData, set, "base"), filepath.Join(reviewData, set, "head")
	const stale = "recview: review: " + "FILE: 1 of its 8 decisions matches no pair of this change set (stale: made on files that changed since, or on another change set)\n"
	wantStale := strings.Replace(stale, "FILE", decisionsFile, 1)

	out, errOut, code := runCmd(t, "", "review", "--decisions", decisionsFile, base, head)
	if code != 0 || errOut != wantStale {
		t.Fatalf("exit %d, stderr %q; want 0 and %q", code, errOut, wantStale)
	}
	golden(t, "review-decisions-"+set+".txt", out)
	for _, want := range []string{
		"decisions: of the 6 pairs to look at, 2 flagged, 3 accepted, 1 undecided (1 high); others: 1 flagged, 1 accepted; 1 matching no pair\n",
		"\nflag    high    changed result   test_create_turn_response[ollama/llama3.2:3b-instruct-fp16-client_tools1]  tool call get_boiling_point_with_metadata: celcius null → false  (tests/integration/agents/recordings/214aef96107c….json)  note: celcius became false: the tool's default is wrong | see <issue>\n",
		"\n-       high    changed result   test_openai_completion_stop_sequence[",
		"\naccept  low     added            test_output_safety_guardrails_safe_content[openai_client-txt=ollama/llama3.2:3b-instruct-fp16-True]  new test (2 recordings)  (tests/integration/agents/recordings/33787fc2dcde….json)  note: the new test's first recording\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the terminal output lacks %q", want)
		}
	}

	plainJSON, _, _ := runCmd(t, "", "review", "--json", base, head)
	out, _, code = runCmd(t, "", "review", "--json", "--decisions", decisionsFile, base, head)
	if code != 0 {
		t.Fatalf("--json: exit %d", code)
	}
	golden(t, "review-decisions-"+set+".jsonl", out)
	keys := "base,head,change,request,result,metadata_only,test_id,endpoint,name,why,severity,verdict"
	lines, plain := strings.Split(strings.TrimSuffix(out, "\n"), "\n"), strings.Split(strings.TrimSuffix(plainJSON, "\n"), "\n")
	decided := 0
	for i, line := range lines {
		switch got := strings.Join(jsonKeys(t, line), ","); got {
		case keys:
			if line != plain[i] {
				t.Errorf("an undecided pair's line differs from review --json's:\n%s\n%s", line, plain[i])
			}
		case keys + ",decision,note", keys + ",decision":
			decided++
			if !strings.HasPrefix(line, strings.TrimSuffix(plain[i], "}")+`,"decision":"`) {
				t.Errorf("a decided pair's line does not start as review --json's: %s", line)
			}
		default:
			t.Errorf("keys %s: %s", got, line)
		}
	}
	if decided != 7 || !strings.Contains(out, `"verdict":"changed result","decision":"accept"}`) {
		t.Errorf("%d decided lines, want 7 (one without a note)", decided)
	}

	args := []string{"review", "--markdown", "--link-base", "https://recview.example/", "--repo", "ogx-ai/ogx", "--base-sha", shaA, "--head-sha", shaB}
	out, errOut, code = runCmd(t, "", append(args, "--decisions", decisionsFile, base, head)...)
	if code != 0 || errOut != wantStale {
		t.Fatalf("--markdown: exit %d, %q", code, errOut)
	}
	golden(t, "review-decisions-"+set+".md", out)
	// The core's comment with the file's decisions, as the page's worker
	// writes it.
	data, err := os.ReadFile(decisionsFile)
	if err != nil {
		t.Fatal(err)
	}
	f, err := review.ReadDecisions("d", data)
	if err != nil {
		t.Fatal(err)
	}
	trees := [2][]review.File{}
	for i, dir := range []string{base, head} {
		if trees[i], err = readTree(dir); err != nil {
			t.Fatal(err)
		}
	}
	res, err := review.Review(trees[0], trees[1], nil)
	if err != nil {
		t.Fatal(err)
	}
	res.SetDigests(review.FileSums(trees[0]), review.FileSums(trees[1]))
	core := res.Markdown(review.MarkdownOptions{Viewer: "https://recview.example/", URL: rawURLs("ogx-ai/ogx", shaA, shaB, ""), Decisions: f.Decisions()})
	if out != core {
		t.Errorf("the CLI's comment differs from the core's:\n%s\nthe core's:\n%s", out, core)
	}
	head0 := "<!-- recview -->\n### recview: recordings in this change\n\n#### Decisions\n\nOf the 6 pairs to look at: **2 flagged**, 3 accepted, 1 left undecided (1 of high severity). Of the other pairs: 1 flagged, 1 accepted. 1 decision matches no pair of this change set (made on files that changed since): not counted.\n"
	if !strings.HasPrefix(out, head0) || strings.Index(out, `| see \<issue\> |`) > strings.Index(out, "**6 to look at**") {
		t.Errorf("the comment does not lead with the decisions:\n%.1500s", out)
	}
	// Without --decisions, the comment is today's.
	plainMD, _, _ := runCmd(t, "", append(args, base, head)...)
	if want, _ := os.ReadFile(filepath.Join(testdataDir, "review-"+set+".md")); plainMD != string(want) {
		t.Error("the comment without --decisions changed")
	}
}

// TestReviewDecisionsFromTheCore: the file the page's Save decisions
// saves (review.Result.DecisionsFile, written in the worker) is read by
// `review --decisions`, every decision matched; a pair changed since
// (one file of it edited) comes back undecided, its decision stale.
func TestReviewDecisionsFromTheCore(t *testing.T) {
	const set = "qwen3-rerecord-3978"
	dir := t.TempDir()
	for _, side := range []string{"base", "head"} {
		if err := os.CopyFS(filepath.Join(dir, side), os.DirFS(filepath.Join(reviewData, set, side))); err != nil {
			t.Fatal(err)
		}
	}
	base, head := filepath.Join(dir, "base"), filepath.Join(dir, "head")
	var trees [2][]review.File
	for i, d := range []string{base, head} {
		var err error
		if trees[i], err = readTree(d); err != nil {
			t.Fatal(err)
		}
	}
	res, err := review.Review(trees[0], trees[1], nil)
	if err != nil {
		t.Fatal(err)
	}
	res.SetDigests(review.FileSums(trees[0]), review.FileSums(trees[1]))
	d := review.Decisions{}
	var changed string
	for _, p := range res.Pairs {
		if p.Meaningful() {
			if err := d.Add(p.Digest, review.Decision{Choice: review.Flag, Note: "look at " + filepath.Base(p.Head)}); err != nil {
				t.Fatal(err)
			}
			if p.Change == review.Modified && changed == "" {
				changed = p.Head
			}
		}
	}
	var b bytes.Buffer
	if err := res.DecisionsFile("base → head", d).Write(&b); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "decisions.json")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, "", "review", "--json", "--decisions", file, base, head)
	if code != 0 || errOut != "" || strings.Count(out, `"decision":"flag"`) != len(d) || len(d) < 3 {
		t.Fatalf("exit %d, %q: %d flagged lines for %d decisions", code, errOut, strings.Count(out, `"decision":"flag"`), len(d))
	}
	// A new push changes one file of a decided pair.
	p := filepath.Join(head, filepath.FromSlash(changed))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = runCmd(t, "", "review", "--json", "--decisions", file, base, head)
	if code != 0 || !strings.Contains(errOut, ": 1 of its "+strconv.Itoa(len(d))+" decisions matches no pair") || strings.Count(out, `"decision":"flag"`) != len(d)-1 {
		t.Errorf("after the change: exit %d, %q, %d flagged lines", code, errOut, strings.Count(out, `"decision":"flag"`))
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `"head":"`+changed+`"`) && strings.Contains(line, `"decision"`) {
			t.Errorf("the changed pair kept its decision: %s", line)
		}
	}
}

// TestReviewDecisionsErrors: a decisions file that cannot be read stops
// the review (exit 2) with an error naming the file and the decision.
func TestReviewDecisionsErrors(t *testing.T) {
	dir := t.TempDir()
	set := []string{filepath.Join(reviewData, "normalize-ids-3676", "base"), filepath.Join(reviewData, "normalize-ids-3676", "head")}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	entry := func(fields string) string {
		return `{"recview":"decisions","version":1,"decisions":[` + "\n" + fields + "\n]}"
	}
	for _, tc := range []struct{ name, file, want string }{
		{"missing", filepath.Join(dir, "none.json"), "none.json: no such file or directory"},
		{"bad JSON", write("bad.json", entry(`{"digest":`)), "bad.json: not JSON: invalid character ']' looking for beginning of value, at line 3, column 1"},
		{"another file", write("recording.json", `{"request":{},"response":{}}`), `recording.json: not a recview decisions file`},
		{"reject", write("reject.json", entry(`{"digest":"0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a","head":"a/b.json","decision":"reject"}`)), `reject.json: decision 1 (a/b.json): decision "reject": want accept or flag`},
		{"long note", write("long.json", entry(`{"digest":"0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a","decision":"flag","note":"`+strings.Repeat("n", 301)+`"}`)), "long.json: decision 1: note of 301 characters, more than 300"},
		{"two lines", write("lines.json", entry(`{"digest":"0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a","decision":"flag","note":"a\nb"}`)), "lines.json: decision 1: note spans lines"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, "", append([]string{"review", "--decisions", tc.file}, set...)...)
			if code != 2 || out != "" || !strings.HasPrefix(errOut, "recview: review: ") || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stdout %d bytes, stderr %q; want 2 and %q", code, len(out), errOut, tc.want)
			}
		})
	}
}
