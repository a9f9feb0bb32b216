// Package promexport serves a script's maps at http://ADDR/metrics for
// Prometheus (gs --metrics ADDR, docs/metrics.md). It is one more reader
// of the metrics snapshot model (package metrics): every scrape takes one
// metrics.Snapshot and hands its families to client_golang as constant
// metrics, whose encoders write the Prometheus text format, or
// OpenMetrics when the scraper asks for it (Accept). TLS, client
// certificates and basic auth come from a web configuration file read by
// prometheus/exporter-toolkit, the file node_exporter and ebpf_exporter
// take.
package promexport
