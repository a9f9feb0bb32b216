package bpf

import "reflect"

// Name returns the object name (program, map or variable) that bpf2go
// gave the field of its struct type T that field selects, by the field's
// ebpf tag: Name(func(m *GsMapSpecs) any { return &m.GsVals }) is
// "gs_vals". The names are written once, in c/interp.bpf.c; the Go side
// takes them from the generated bindings (gs_bpfel.go), so a renamed
// object no longer builds where it is used. It panics when field selects
// no field of T.
func Name[T any](field func(*T) any) string {
	var t T
	v := reflect.ValueOf(&t).Elem()
	p := reflect.ValueOf(field(&t)).Pointer()
	for i := 0; i < v.NumField(); i++ {
		if f := v.Field(i); f.Addr().Pointer() == p && f.Kind() == reflect.Pointer {
			if n := v.Type().Field(i).Tag.Get("ebpf"); n != "" {
				return n
			}
		}
	}
	panic("bpf: Name: the selector names no tagged field of " + v.Type().String())
}
