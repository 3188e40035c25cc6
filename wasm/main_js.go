//go:build js

package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	viewer "github.com/recview/recview/app"
)

func main() {
	viewer.UseBrowserSHA256()
	routes()
	app.RunWhenOnBrowser()
}
