module github.com/valyala/fastjson

go 1.24
