package promexport

import (
	"crypto/tls"
	"crypto/x509"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/gs-tracer/gs/internal/testcert"
	"github.com/gs-tracer/gs/metrics"
)

func testSource() (*metrics.Snapshot, error) {
	return &metrics.Snapshot{Time: time.Now(), Families: []metrics.Family{
		{Name: "gs_calls_total", Help: "calls", Kind: metrics.Counter, LabelNames: []string{"cmd"}, Points: []metrics.Point{
			{Labels: []string{"get"}, Value: 3}, {Labels: []string{"set"}, Value: 4},
		}},
		{Name: "gs_latency", Help: "latency", Kind: metrics.Histogram, Points: []metrics.Point{
			{Count: 5, Sum: 12, Buckets: []metrics.Bucket{{UpperBound: -1}, {UpperBound: 0, Count: 1}, {UpperBound: 1, Count: 2}, {UpperBound: 3, Count: 5}}},
		}},
		{Name: "gs_size", Help: "stats", Kind: metrics.Summary, Points: []metrics.Point{{Count: 2, Sum: 9}}},
		{Name: "gs_top", Help: "max", Kind: metrics.Gauge, Points: []metrics.Point{{Value: 7}}},
	}}, nil
}

func get(t *testing.T, c *http.Client, url, accept, user, pass string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	if user != "" {
		req.SetBasicAuth(user, pass)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

func TestFormats(t *testing.T) {
	srv, err := Listen("127.0.0.1:0", "", testSource, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv.Serve()
	defer srv.Close()
	url := "http://" + srv.Addr().String() + Path
	code, ctype, body := get(t, http.DefaultClient, url, "", "", "")
	for _, want := range []string{
		`gs_calls_total{cmd="get"} 3`, `# TYPE gs_latency histogram`, `gs_latency_bucket{le="-1"} 0`, `gs_latency_bucket{le="3"} 5`,
		`gs_latency_bucket{le="+Inf"} 5`, `gs_latency_sum 12`, `gs_size_count 2`, `gs_top 7`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("text format lacks %q:\n%s", want, body)
		}
	}
	if code != 200 || !strings.HasPrefix(ctype, "text/plain") {
		t.Errorf("text format: %d %s", code, ctype)
	}
	_, ctype, body = get(t, http.DefaultClient, url, "application/openmetrics-text; version=1.0.0", "", "")
	if !strings.HasPrefix(ctype, "application/openmetrics-text") || !strings.HasSuffix(body, "# EOF\n") || !strings.Contains(body, `# TYPE gs_calls counter`) {
		t.Errorf("OpenMetrics: %s\n%s", ctype, body)
	}
}

func TestAddressInUse(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	_, err = Listen(l.Addr().String(), "", testSource, nil)
	if err == nil || !strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("Listen on a bound address: %v", err)
	}
}

// TestWebConfig serves over TLS with basic auth, from a web configuration
// file as node_exporter reads it: a client that trusts the CA and gives
// the password scrapes, one without the password is refused, one that
// speaks plain HTTP gets no metrics.
func TestWebConfig(t *testing.T) {
	dir := t.TempDir()
	ca, err := testcert.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	hash, err := bcrypt.GenerateFromPassword([]byte("s3cret"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(dir, "web.yml")
	writeFile(t, conf, "tls_server_config:\n  cert_file: "+filepath.Join(dir, "server.crt")+"\n  key_file: "+filepath.Join(dir, "server.key")+
		"\nbasic_auth_users:\n  prom: "+string(hash)+"\n")
	srv, err := Listen("127.0.0.1:0", conf, testSource, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv.Serve()
	defer srv.Close()
	pool := x509.NewCertPool()
	pool.AddCert(ca)
	c := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "localhost"}}}
	url := "https://" + srv.Addr().String() + Path
	if code, _, body := get(t, c, url, "", "prom", "s3cret"); code != 200 || !strings.Contains(body, `gs_calls_total{cmd="set"} 4`) {
		t.Errorf("authenticated TLS scrape: %d\n%s", code, body)
	}
	if code, _, body := get(t, c, url, "", "", ""); code != http.StatusUnauthorized || strings.Contains(body, "gs_calls") {
		t.Errorf("unauthenticated scrape: %d\n%s", code, body)
	}
	if code, _, body := get(t, c, url, "", "prom", "wrong"); code != http.StatusUnauthorized || strings.Contains(body, "gs_calls") {
		t.Errorf("scrape with a wrong password: %d\n%s", code, body)
	}
	if code, _, body := get(t, http.DefaultClient, "http://"+srv.Addr().String()+Path, "", "prom", "s3cret"); code == 200 || strings.Contains(body, "gs_calls") {
		t.Errorf("plain HTTP scrape of a TLS endpoint: %d\n%s", code, body)
	}
	if _, err := Listen("127.0.0.1:0", filepath.Join(dir, "missing.yml"), testSource, nil); err == nil {
		t.Errorf("a missing web config was accepted")
	}
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}
