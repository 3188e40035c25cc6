package htmlw

import "testing"

func TestWriter(t *testing.T) {
	var w Writer
	w.Raw(`<a title="`, "x", `">`)
	w.Text(`<b>"Tom" & 'Jerry'</b>`)
	w.Num(-42)
	w.Raw(`</a>`)
	const want = `<a title="x">&lt;b&gt;&#34;Tom&#34; &amp; &#39;Jerry&#39;&lt;/b&gt;-42</a>`
	if got := w.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
