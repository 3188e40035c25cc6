package app

import (
	"strings"
	"testing"

	"github.com/recview/recview/recordings"
)

// TestRenderMarkdownHostile feeds model output that tries to run script,
// load remote content or link to non-web schemes.
func TestRenderMarkdownHostile(t *testing.T) {
	tests := []struct {
		name, in     string
		want, reject []string
	}{
		{"raw html shown as text", "hi <script>alert(1)</script> <img src=x onerror=alert(1)> <a href=\"javascript:x()\">a</a>",
			[]string{"hi &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;", "&lt;a href=&quot;javascript:x()&quot;&gt;a&lt;/a&gt;"},
			[]string{"<script", "<img", "<a href", "raw HTML omitted"}},
		{"html block shown as text", "<div onclick=\"x()\">boo</div>\n\ntext",
			[]string{`<div class="md-html">&lt;div onclick=&quot;x()&quot;&gt;boo&lt;/div&gt;`, "<p>text</p>"}, []string{"<div onclick"}},
		// A link not followed says where it pointed: by its scheme alone
		// (a data URL could be long, a script hostile), a relative one
		// as written.
		{"javascript link unlinked", "[click](javascript:alert(1))", []string{"click (a javascript link, not followed)"}, []string{"href", "javascript:", "alert"}},
		{"data link unlinked", "[x](data:text/html;base64,PHNjcmlwdD4=)", []string{">x (a data link, not followed)<"}, []string{"href", "PHNj"}},
		{"relative link unlinked", "[home](/web/app.css)", []string{"home (/web/app.css)"}, []string{"href"}},
		{"https link kept, hardened", "[docs](https://example.com/a)",
			[]string{`href="https://example.com/a"`, `rel="nofollow noopener noreferrer"`, `target="_blank"`}, nil},
		{"mailto kept", "[me](mailto:a@example.com)", []string{`href="mailto:a@example.com"`}, nil},
		{"image not loaded", "![cat](https://example.com/cat.png)",
			[]string{`href="https://example.com/cat.png"`, "[image: cat]"}, []string{"<img"}},
		{"bad image is text", "![x](javascript:alert(1))", []string{"[image: x (a javascript link, not followed)]"}, []string{"<img", "javascript:"}},
		{"relative image is text", "![chart](img/chart.png)", []string{"[image: chart (img/chart.png)]"}, []string{"<img", "href"}},
		{"autolink kept", "see https://example.com now", []string{`href="https://example.com"`}, nil},
		{"markdown still works", "# Title\n\n- **bold** `code`\n\n| a | b |\n|---|---|\n| 1 | 2 |",
			[]string{"<h1", "<strong>bold</strong>", "<code>code</code>", "<table>"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := renderMarkdown(tc.in)
			if r.over != "" || r.failed != "" || len(r.pieces) == 0 {
				t.Fatalf("not rendered: %+v", r)
			}
			for _, p := range r.pieces {
				if !strings.HasPrefix(p, `<div class="md-part">`) || !strings.HasSuffix(p, "</div>") {
					t.Errorf("a piece is not one div: %s", p)
				}
			}
			out := strings.Join(r.pieces, "")
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, r := range tc.reject {
				if strings.Contains(out, r) {
					t.Errorf("output contains %q:\n%s", r, out)
				}
			}
		})
	}
}

func TestThumbnailable(t *testing.T) {
	png := "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
	tests := []struct {
		name string
		part recordings.Part
		want bool
	}{
		{"png", recordings.Part{Kind: recordings.PartImage, MediaType: "image/png", Data: png}, true},
		{"not base64", recordings.Part{Kind: recordings.PartImage, MediaType: "image/png", Data: "not_valid_base64_data!!!"}, false},
		{"quote injection", recordings.Part{Kind: recordings.PartImage, MediaType: "image/png", Data: `AAAA" onerror="x`}, false},
		{"svg refused", recordings.Part{Kind: recordings.PartImage, MediaType: "image/svg+xml", Data: "PHN2Zz4="}, false},
		{"by URL", recordings.Part{Kind: recordings.PartImage, MediaType: "image/png", URL: "https://example.com/a.png"}, false},
	}
	for _, tc := range tests {
		if got := thumbnailable(tc.part); got != tc.want {
			t.Errorf("%s: thumbnailable = %v, want %v", tc.name, got, tc.want)
		}
	}
}
