// Package jsonx holds what recview does around its JSON library,
// github.com/valyala/fastjson, and would otherwise repeat: writing values
// back as JSON (Append, Compact, Pretty, AppendQuote), the token check
// fastjson's parser leaves out (CheckStrict), locating a syntax error in
// the input (Locate), building string values fastjson's Arena would
// corrupt or build slowly (NewString, BlocksString), keeping values as
// their bytes so a parser can be reused (Kept, KeptList), scanning JSON
// text without parsing it (SkipWS, SkipValue, FindMember), and tests of
// eight bytes at a time (PlainWord, QuoteWord, ControlWord).
//
// fastjson keeps object keys in order and numbers as written, parses
// without copying strings until they are read, and reuses a parser's
// memory for the next input; its values are valid only as long as the
// parser or arena that made them is not reused. Nothing here panics on
// any input.
package jsonx
