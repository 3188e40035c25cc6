//go:build !js

package browser

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/pageworker"
)

// Worker is the page's Web Worker; outside a page there is none.
type Worker struct{}

// StartWorker calls failed with ErrNoPage and returns a Worker that posts
// nothing.
func StartWorker(script string, receive func(k pageworker.Kind, body []byte, files []app.Value), failed func(error)) *Worker {
	failed(ErrNoPage)
	return &Worker{}
}

// Post returns ErrNoPage.
func (w *Worker) Post(m pageworker.Message, files []app.Value) error { return ErrNoPage }

// PostBody posts nothing.
func (w *Worker) PostBody(k pageworker.Kind, body []byte, files []app.Value) {}

// Stop does nothing.
func (w *Worker) Stop() {}

// Halt does nothing.
func (w *Worker) Halt() {}
