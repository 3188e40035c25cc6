//go:build goldmark

package main

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

func init() {
	layers = append(layers, func(in string) string {
		var b bytes.Buffer
		goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert([]byte(in), &b)
		return b.String()
	})
}
