package otlp

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The protocols gs pushes with (OTEL_EXPORTER_OTLP_PROTOCOL's values that
// the Go SDK has an exporter for; http/json it has not).
const (
	GRPC         = "grpc"
	HTTPProtobuf = "http/protobuf"
)

// The defaults of the OpenTelemetry specification's environment variables
// (docs "OpenTelemetry Protocol Exporter" and "Environment Variable
// Specification", sdk-environment-variables): http/protobuf, a push every
// 60 s, each given 30 s.
const (
	defaultProtocol = HTTPProtobuf
	defaultInterval = 60 * time.Second
	defaultTimeout  = 30 * time.Second
)

// Config is what gs reads of the standard variables itself; the
// exporters read the rest (endpoint, headers, TLS, compression) as the
// SDK documents, and the resource reads OTEL_RESOURCE_ATTRIBUTES and
// OTEL_SERVICE_NAME.
type Config struct {
	Protocol string        // GRPC or HTTPProtobuf
	Interval time.Duration // between two pushes
	Timeout  time.Duration // for one push, retries included
	Endpoint string        // where the pushes go, for messages ("" for the exporter's default)
}

// ConfigFromEnv reads the protocol (OTEL_EXPORTER_OTLP_METRICS_PROTOCOL,
// else OTEL_EXPORTER_OTLP_PROTOCOL), OTEL_METRIC_EXPORT_INTERVAL and
// OTEL_METRIC_EXPORT_TIMEOUT (milliseconds) through getenv. A value the
// SDK would ignore with a log line is an error here, naming the variable.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{Protocol: defaultProtocol, Interval: defaultInterval, Timeout: defaultTimeout}
	for _, name := range []string{"OTEL_EXPORTER_OTLP_METRICS_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL"} {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			continue
		}
		if v != GRPC && v != HTTPProtobuf {
			return c, fmt.Errorf("%s=%q: gs pushes with %s or %s", name, v, GRPC, HTTPProtobuf)
		}
		c.Protocol = v
		break
	}
	for _, d := range []struct {
		name string
		to   *time.Duration
	}{{"OTEL_METRIC_EXPORT_INTERVAL", &c.Interval}, {"OTEL_METRIC_EXPORT_TIMEOUT", &c.Timeout}} {
		v := strings.TrimSpace(getenv(d.name))
		if v == "" {
			continue
		}
		ms, err := strconv.ParseInt(v, 10, 64)
		if err != nil || ms <= 0 || ms > int64(1<<63-1)/int64(time.Millisecond) {
			return c, fmt.Errorf("%s=%q: want a positive number of milliseconds", d.name, v)
		}
		*d.to = time.Duration(ms) * time.Millisecond
	}
	c.Endpoint = getenv("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT")
	if c.Endpoint == "" {
		if base := getenv("OTEL_EXPORTER_OTLP_ENDPOINT"); base != "" {
			c.Endpoint = base
			if c.Protocol == HTTPProtobuf {
				c.Endpoint = strings.TrimSuffix(base, "/") + "/v1/metrics"
			}
		}
	}
	if c.Endpoint == "" {
		// the exporters' defaults
		c.Endpoint = "localhost:4317"
		if c.Protocol == HTTPProtobuf {
			c.Endpoint = "https://localhost:4318/v1/metrics"
		}
	}
	return c, nil
}
