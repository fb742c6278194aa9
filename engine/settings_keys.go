package engine

import (
	"reflect"
	"strings"
)

// JSONKeys lists the JSON keys a struct type reads, embedded structs'
// included, so that a game whose settings are read key by key checks them
// against its own struct instead of a list typed again beside it.
func JSONKeys[T any]() []string {
	return jsonKeys(reflect.TypeFor[T]())
}

func jsonKeys(t reflect.Type) []string {
	var keys []string
	for f := range t.Fields() {
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct:
			keys = append(keys, jsonKeys(f.Type)...) // promoted, as encoding/json reads them
		case tag == "-" || !f.IsExported():
		case tag != "":
			keys = append(keys, tag)
		default:
			keys = append(keys, f.Name)
		}
	}
	return keys
}
