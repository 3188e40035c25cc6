package browser

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// AllSettled is the promise of the outcomes of promises, in their order,
// once every one has settled (Promise.allSettled): it never rejects, and
// Settled reads each outcome. Waiting once for a batch of reads is one
// round trip between Go and the page instead of one per read.
func AllSettled(promises []app.Value) app.Value {
	ps := make([]any, len(promises))
	for i, p := range promises {
		ps[i] = p
	}
	return app.Window().Get("Promise").Call("allSettled", ps)
}

// Settled is outcome i of AllSettled's result: the promise's value, or
// its rejection (the reason's toString) as an error.
func Settled(outcomes app.Value, i int) (app.Value, error) {
	r := outcomes.Index(i)
	if r.Get("status").String() != "fulfilled" {
		return nil, errors.New(r.Get("reason").Call("toString").String())
	}
	return r.Get("value"), nil
}
