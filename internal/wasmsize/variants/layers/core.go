//go:build core

package main

import "github.com/recview/recview/recordings"

func init() {
	layers = append(layers, func(in string) string {
		r, err := recordings.Parse("x.json", []byte(in))
		if err != nil {
			return err.Error()
		}
		recordings.Assemble(r)
		recordings.NewStepper(r)
		recordings.VerifyHash("x.json", r.Doc)
		d, _ := recordings.EncodeData([]byte(in))
		recordings.DecodeData(d)
		f, _ := recordings.ParseFragment(in)
		return f.String()
	})
}
