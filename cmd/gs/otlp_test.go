package main

import (
	"bytes"
	"testing"
)

// TestOTLPConfig: a standard variable gs cannot honour is a usage error
// naming it, before anything compiles or attaches; without --otlp the
// variables are not read.
func TestOTLPConfig(t *testing.T) {
	for _, c := range []struct {
		name, value string
		code        int
		want        string
	}{
		{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/json", exitUsage, "gs: --otlp: OTEL_EXPORTER_OTLP_PROTOCOL=\"http/json\": gs pushes with grpc or http/protobuf\n"},
		{"OTEL_EXPORTER_OTLP_METRICS_PROTOCOL", "udp", exitUsage, "gs: --otlp: OTEL_EXPORTER_OTLP_METRICS_PROTOCOL=\"udp\": gs pushes with grpc or http/protobuf\n"},
		{"OTEL_METRIC_EXPORT_INTERVAL", "10s", exitUsage, "gs: --otlp: OTEL_METRIC_EXPORT_INTERVAL=\"10s\": want a positive number of milliseconds\n"},
		{"OTEL_METRIC_EXPORT_TIMEOUT", "-1", exitUsage, "gs: --otlp: OTEL_METRIC_EXPORT_TIMEOUT=\"-1\": want a positive number of milliseconds\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(c.name, c.value)
			var stdout, stderr bytes.Buffer
			if code := run([]string{"--otlp", "-e", "BEGIN { @n = count() }"}, &stdout, &stderr); code != c.code || stderr.String() != c.want {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, stderr.String(), c.code, c.want)
			}
			stdout.Reset()
			stderr.Reset()
			if code := run([]string{"-d", "ir", "-e", "BEGIN { @n = count() }"}, &stdout, &stderr); code != exitOK {
				t.Errorf("without --otlp: exit %d, stderr %q", code, stderr.String())
			}
		})
	}
}
