package recordings

import (
	"fmt"
	"strings"

	"github.com/valyala/fastjson"
)

// The OpenAI images family: POST /v1/images/generations, /edits and
// /variations. Source: platform.openai.com/docs/api-reference/images
// (the image generation response, and the streaming events of
// gpt-image-1: image_generation.partial_image, image_generation.completed
// and their image_edit.* twins).

var openaiImagesProvider = provider{
	family: FamilyOpenAIImages, title: "OpenAI images",
	suffixes: []string{"/images/generations", "/images/edits", "/images/variations"},
	looksLike: func(v *fastjson.Value) bool {
		d := v.GetArray("data")
		return len(d) > 0 && (d[0].Get("b64_json") != nil || d[0].Get("url") != nil && d[0].Get("revised_prompt") != nil)
	},
	format: imagesFormat{},
	answer: AnswerPaths{Trees: []string{"data", "usage"}},
}

// imagesFormat folds the family's image streams and reads its answers.
type imagesFormat struct{}

func (imagesFormat) newAssembler() assembler { return &imagesAssembler{} }

// readAnswer reads an images response: one choice whose parts are its
// images (base64 data as an image part, in the response's output_format,
// PNG when not said; a URL as an image by URL), each with its
// revised_prompt as the part's Text; then the usage counters.
func (imagesFormat) readAnswer(v *fastjson.Value) Answer {
	format := getStr(v, "output_format")
	if format == "" {
		format = "png"
	}
	c := Choice{Role: "assistant"}
	for _, d := range v.GetArray("data") {
		var im Part
		if b := sharedStr(d, "b64_json"); b != "" {
			im = base64Image("image/"+format, b)
		} else {
			im = Part{Kind: PartImage, URL: getStr(d, "url")}
		}
		im.Text, im.Raw = getStr(d, "revised_prompt"), d
		c.Parts = append(c.Parts, im)
	}
	return Answer{Choices: []Choice{c}, Usage: usageItems(v.Get("usage"), "", nil)}
}

// imagesAssembler folds an image stream: each partial image replaces the
// one before, the completed event's image and usage end it, as the
// images API's reference describes the events; the result is the
// response the same request answers when not streamed, {created, data:
// [{b64_json}], output_format, size, quality, background, usage}.
type imagesAssembler struct {
	last     *fastjson.Value // the last event with an image
	usage    *fastjson.Value
	finished bool
}

func (s *imagesAssembler) clone() assembler { c := *s; return &c }

func (s *imagesAssembler) complete() bool { return s.finished }

func (s *imagesAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	ev := c.Data()
	if ev == nil || ev.Type() != fastjson.TypeObject {
		return ds, errorf("event data is not a JSON object: %.40q", c.Text)
	}
	typ := getStr(ev, "type")
	switch {
	case strings.HasSuffix(typ, ".partial_image"):
		s.last = ev
		return withDelta(ds, Delta{Kind: KindContent, Field: "data[0].b64_json", Text: fmt.Sprintf("partial image %d", ev.GetInt("partial_image_index"))}), nil
	case strings.HasSuffix(typ, ".completed"):
		s.last, s.finished = ev, true
		ds = append(ds, Delta{Kind: KindContent, Field: "data[0].b64_json", Text: "image"}, Delta{Kind: KindFinish, Field: "completed"})
		if u := ev.Get("usage"); !isNull(u) {
			s.usage = u
			ds = withDelta(ds, Delta{Kind: KindUsage, Field: "usage"})
		}
		return ds, nil
	}
	return withDelta(ds, Delta{Kind: KindMeta, Field: typ}), nil
}

func (s *imagesAssembler) result(a *arena) *fastjson.Value {
	o := a.NewObject()
	data := a.NewArray()
	if s.last != nil {
		o.Set("created", s.last.Get("created_at"))
		img := a.NewObject()
		img.Set("b64_json", s.last.Get("b64_json"))
		data.SetArrayItem(0, img)
		for _, k := range []string{"output_format", "size", "quality", "background"} {
			if v := s.last.Get(k); v != nil {
				o.Set(k, v)
			}
		}
	}
	o.Set("data", data)
	if s.usage != nil {
		o.Set("usage", s.usage)
	}
	return o
}
