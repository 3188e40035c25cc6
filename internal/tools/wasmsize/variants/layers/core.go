//go:build core

package main

import (
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/reqhash"
)

func init() {
	layers = append(layers, func(in string) string {
		r, err := recordings.Parse("x.json", []byte(in))
		if err != nil {
			return err.Error()
		}
		recordings.Assemble(r)
		recordings.NewStepper(r)
		reqhash.Verify("x.json", r.Doc)
		d, _ := permalink.EncodeData([]byte(in))
		permalink.DecodeData(d)
		f, _ := permalink.Parse(in)
		return f.String()
	})
}
