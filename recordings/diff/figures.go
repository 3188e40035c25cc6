package diff

import (
	"regexp"
	"strconv"
	"strings"
)

// figure matches a figure: a number with a currency before it or a unit
// after it ("58°F", "68 degrees Fahrenheit", "20%", "$5,000", "10 mph",
// "0.44 km²"), or a range of two ("10-20°C", "50 to 68°F"), whose start
// has the unit too.
var figure = regexp.MustCompile(`(?i)([$€£])?(?:(\d[\d,]*(?:\.\d+)?)\s?(?:-|–|to)\s?)?([-+]?\d[\d,]*(?:\.\d+)?)\s?(°\s?[FC]\b|º\s?[FC]\b|degrees?\s+(?:fahrenheit|celsius|[fc]\b)|%|percent\b|mph\b|miles per hour\b|km/h|kph\b|kilomet(?:er|re)s per hour\b|km²|km2\b|square kilomet(?:er|re)s\b|km\b|kilomet(?:er|re)s\b|miles?\b|kg\b|kilograms?\b|lbs?\b|pounds\b|feet\b|ft\b|met(?:er|re)s\b)?`)

// units are the unit words figure reads, each for its symbol.
var units = []struct{ prefix, symbol string }{
	{"°f", "°F"}, {"º f", "°F"}, {"ºf", "°F"}, {"° f", "°F"}, {"°c", "°C"}, {"° c", "°C"}, {"ºc", "°C"}, {"º c", "°C"},
	{"degrees f", "°F"}, {"degree f", "°F"}, {"degrees c", "°C"}, {"degree c", "°C"},
	{"%", "%"}, {"percent", "%"}, {"mph", "mph"}, {"miles per hour", "mph"},
	{"km/h", "km/h"}, {"kph", "km/h"}, {"kilometers per hour", "km/h"}, {"kilometres per hour", "km/h"},
	{"km²", "km²"}, {"km2", "km²"}, {"square kilomet", "km²"}, {"km", "km"}, {"kilomet", "km"},
	{"mile", "mi"}, {"kg", "kg"}, {"kilogram", "kg"}, {"lb", "lb"}, {"pounds", "lb"},
	{"feet", "ft"}, {"ft", "ft"}, {"meter", "m"}, {"metre", "m"},
}

// quantity is a figure read: its value and its unit's symbol ("°F"), or
// its currency ("$").
type quantity struct {
	value float64
	unit  string
	text  string // as figureChange writes it: "58 °F", "$5000"
}

// quantities lists the figures of s, in order.
func quantities(s string) []quantity {
	var out []quantity
	for _, m := range figure.FindAllStringSubmatch(s, -1) {
		cur, unit := m[1], strings.ToLower(m[4])
		if cur == "" && unit == "" {
			continue
		}
		symbol := cur
		for _, u := range units {
			if cur == "" && strings.HasPrefix(unit, u.prefix) {
				symbol = u.symbol
				break
			}
		}
		for _, num := range []string{m[2], m[3]} {
			if q, ok := newQuantity(strings.ReplaceAll(num, ",", ""), symbol, cur != ""); ok {
				out = append(out, q)
			}
		}
	}
	return out
}

// newQuantity reads num as a figure of unit, a currency when prefix.
func newQuantity(num, unit string, prefix bool) (quantity, bool) {
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || unit == "" {
		return quantity{}, false
	}
	switch {
	case prefix:
		return quantity{v, unit, unit + num}, true
	case unit == "%":
		return quantity{v, unit, num + unit}, true
	}
	return quantity{v, unit, num + " " + unit}, true
}

// maxFigures is the most values of one unit an answer may state for
// figureChange to compare them: an answer of more lists figures (a
// climate month by month), whose first ones need not tell the same
// thing.
const maxFigures = 2

// figureChange says how answer b states another figure than answer a,
// "" when it does not: the first figure of a unit in each answer
// (a temperature in °F, a share in %, a price in $), when the two differ
// and neither answer states the other's ("58 °F → 68 °F"). It reads the
// whole answers, however long and however reworded: a figure is a claim
// a test may check, and a made-up one changes with the model's mood.
// Figures of a unit only one answer uses, or that an answer lists
// (more than maxFigures values), are not compared.
func figureChange(a, b string) string {
	qa, qb := quantities(a), quantities(b)
	if len(qa) == 0 || len(qb) == 0 {
		return ""
	}
	values := func(qs []quantity, unit string) map[float64]bool {
		m := map[float64]bool{}
		for _, q := range qs {
			if q.unit == unit {
				m[q.value] = true
			}
		}
		return m
	}
	firstOf := func(qs []quantity, unit string) (quantity, bool) {
		for _, q := range qs {
			if q.unit == unit {
				return q, true
			}
		}
		return quantity{}, false
	}
	var out []string
	seen := map[string]bool{}
	for _, x := range qa {
		if seen[x.unit] {
			continue
		}
		seen[x.unit] = true
		y, ok := firstOf(qb, x.unit)
		va, vb := values(qa, x.unit), values(qb, x.unit)
		if !ok || vb[x.value] || va[y.value] || len(va) > maxFigures || len(vb) > maxFigures {
			continue
		}
		out = append(out, x.text+" → "+y.text)
	}
	return listItems(out, 2)
}
