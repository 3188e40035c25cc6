package app

// nextTheme goes system -> light -> dark -> system.
func nextTheme(theme string) string {
	switch theme {
	case "":
		return "light"
	case "light":
		return "dark"
	}
	return ""
}

// themeLabel is the theme button's text.
func themeLabel(theme string) string {
	switch theme {
	case "light":
		return "☀ Light"
	case "dark":
		return "☾ Dark"
	}
	return "◐ System"
}

// stateTheme is the localStorage key of the chosen theme: "", "light" or
// "dark" ("" follows the system).
const stateTheme = "theme"
