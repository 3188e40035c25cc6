// Package archmap holds no code: its test keeps docs/architecture.md, the
// project's map, equal to the module. Every package the module builds
// (natively or for GOOS=js) has its line in the map's table and every
// line names a package; and the import directions the map states hold.
package archmap
