//go:build diff

package main

import (
	"strconv"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
)

func init() {
	layers = append(layers, func(in string) string {
		r, err := recordings.Parse("x.json", []byte(in))
		if err != nil {
			return err.Error()
		}
		return strconv.Itoa(len(diff.Compare(r, r).Changes))
	})
}
