package main

import "strconv"

// plural is n and the noun, singular for 1: "1 file", "2 files", "0
// files"; many is the plural when it is not one+"s" ("copies"), else "".
func plural(n int, one, many string) string {
	if many == "" {
		many = one + "s"
	}
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// iff is a when cond holds, else b: the singular or plural of a
// sentence whose verb agrees with its count.
func iff(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}
