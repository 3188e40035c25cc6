// Package makeserve holds a test only: that `make serve`, the README's
// first command, needs Go alone. It runs make with a PATH of Go, make,
// bash and a few coreutils, and checks that the site is built and served,
// that `make -n serve` runs no apt-get, and that a missing or too old Go
// is named with the version go.mod asks for.
package makeserve
