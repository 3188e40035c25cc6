// Package e2e holds recview's browser tests, built only with the e2e tag:
// they drive the static site that `make dist` builds in Debian's headless
// Chromium through chromedp (`make test-e2e`). See main_test.go.
package e2e
