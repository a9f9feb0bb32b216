// Package metrics holds one snapshot of a script's maps as metric
// families: the model that gs's metric exporters (the Prometheus endpoint
// and the OTLP push) read. It is one more reader of the output side's
// value model (package output), not a printer: a Source decodes the maps
// through output's Decoder and names each map, its keys and its values
// as a Family of Points.
//
// # Kinds
//
// A map's aggregation decides its Kind:
//
//	count(), sum()                 Counter
//	min(), max(), avg(), plain     Gauge
//	hist(), lhist()                Histogram (cumulative buckets with exact integer bounds, a real sum)
//	stats()                        Summary (its count and sum only: no quantiles)
//
// # Buckets
//
// A Histogram's Buckets are cumulative, in ascending UpperBound, and
// without the +Inf bucket (the Point's Count is that bucket). The bounds
// are inclusive integers: bpftrace's log2 bucket [2^k, 2^(k+1)) has
// UpperBound 2^(k+1)-1, its bucket of 0 has 0 and its negative bucket -1;
// an lhist bucket [lo, lo+step) has lo+step-1.
//
// A Snapshot is plain data: the exporters may keep it after the Source
// returns, and a Source may be called from several goroutines at once.
package metrics
