package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReviewPRLinks: --pr N links each row of the comment to the viewer's
// review of pull request N of --repo at its pair, under --prefix; without
// --repo, --pr is refused.
func TestReviewPRLinks(t *testing.T) {
	set := "instructions-param-3741"
	trees := []string{filepath.Join(reviewData, set, "base"), filepath.Join(reviewData, set, "head")}
	out, errOut, code := runCmd(t, "", append([]string{"review", "--markdown", "--link-base", "https://recview.example/",
		"--repo", "ogx-ai/ogx", "--pr", "3741", "--prefix", "/ogx/"}, trees...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// The pair with the changed result, in the head tree.
	const want = "(https://recview.example/#v=2&pr=ogx-ai/ogx/3741&file=ogx/tests/integration/agents/recordings/4da32cdf48ae4c3b381e3557edb99afa0ff16a609aaa941737e99606961a6a07.json)"
	if !strings.Contains(out, want) {
		t.Errorf("the comment has no link %s:\n%s", want, out)
	}
	if strings.Contains(out, "src=") {
		t.Errorf("the comment still links files by src=")
	}
	_, errOut, code = runCmd(t, "", append([]string{"review", "--markdown", "--pr", "5"}, trees...)...)
	if code != 2 || !strings.Contains(errOut, "--repo OWNER/NAME") {
		t.Errorf("--pr without --repo: exit %d, %q", code, errOut)
	}
}
