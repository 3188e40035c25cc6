package diff

import (
	"fmt"
	"testing"
)

// TestQuantities: figures are read with their units, ranges give both
// ends the unit, and a dash between two numbers is a range, not a sign.
func TestQuantities(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"around 58°F (14°C) today", "[58 °F 14 °C]"},
		{"68 degrees Fahrenheit (20 degrees Celsius)", "[68 °F 20 °C]"},
		{"from 10-20°C (50-68°F), lows of -2°C", "[10 °C 20 °C 50 °F 68 °F -2 °C]"},
		{"from 10°C to 20°C", "[10 °C 20 °C]"},
		{"Humidity: 60%, wind at 10 mph or 5 miles per hour", "[60% 10 mph 5 mph]"},
		{"it costs $5,000 or €12.50", "[$5000 €12.50]"},
		{"the Vatican City, 0.44 km², 800 people, in 1929", "[0.44 km²]"},
		{"3 steps on 2023-08-20, list item 1.", "[]"},
	} {
		var got []string
		for _, q := range quantities(tc.in) {
			got = append(got, q.text)
		}
		if s := fmt.Sprint(got); s != tc.want {
			t.Errorf("quantities(%q) = %s, want %s", tc.in, s, tc.want)
		}
	}
}

// TestFigureChange: the first figure of a unit in each answer, when the
// two differ and neither answer states the other's.
func TestFigureChange(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{"It is 58°F.", "It is around 68 degrees Fahrenheit.", "58 °F → 68 °F"},
		{"Ranges from 10°C to 20°C.", "Ranges from 10-20°C.", ""}, // the same figures
		{"It is 58°F.", "Highs of 70°F, now 58°F.", ""},           // b states a's too
		{"It is 58°F.", "It is 14°C.", ""},                        // no unit in common
		{"Costs $5.", "Costs $7, tax included.", "$5 → $7"},
		// Lists of figures (Tokyo's climate season by season, ogx ca47d909):
		// their first ones tell other seasons.
		{"Winter highs around 9°C, spring 18°C, summer 30°C.", "Spring from 10°C to 20°C, summer 30°C.", ""},
		{"No figure here.", "None there either.", ""},
	} {
		if got := figureChange(tc.a, tc.b); got != tc.want {
			t.Errorf("figureChange(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}
