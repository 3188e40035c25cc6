// Package review reviews a change set of recordings.
package review
