package pageserve

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// start serves page on a free port of 127.0.0.1 and returns its address
// and a function that stops it and returns Serve's result.
func start(t *testing.T, page string) (string, func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, []byte(page)) }()
	return ln.Addr().String(), func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(5 * time.Second):
			t.Fatal("Serve did not return when its context ended")
			return nil
		}
	}
}

// TestAnswers holds the responses a browser, curl or a stray client get
// to what a local page server is asked.
func TestAnswers(t *testing.T) {
	const page = "<!doctype html><title>robot</title>"
	addr, stop := start(t, page)
	defer stop()
	for _, c := range []struct {
		method, path string
		status       int
		body         string
		header       string // "Name: value" the response must carry
	}{
		{"GET", "/", 200, page, "Content-Type: text/html; charset=utf-8"},
		{"GET", "/?reload=1", 200, page, "Cache-Control: no-store"},
		{"HEAD", "/", 200, "", "Content-Length: 35"},
		{"GET", "/favicon.ico", 404, "Not Found\n", ""},
		{"GET", "/../etc/passwd", 404, "Not Found\n", ""},
		{"POST", "/", 405, "method not allowed\n", "Allow: GET, HEAD"},
	} {
		req, _ := http.NewRequest(c.method, "http://"+addr+c.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", c.method, c.path, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status || string(body) != c.body {
			t.Errorf("%s %s: %d %q, want %d %q", c.method, c.path, res.StatusCode, body, c.status, c.body)
		}
		if name, value, ok := strings.Cut(c.header, ": "); ok && res.Header.Get(name) != value {
			t.Errorf("%s %s: %s %q, want %q", c.method, c.path, name, res.Header.Get(name), value)
		}
		if !res.Close {
			t.Errorf("%s %s: the connection is kept open; one request a connection is answered", c.method, c.path)
		}
	}
}

// TestBadRequests sends what no browser sends: each gets its error status
// and the connection closed, not a hang or a crash.
func TestBadRequests(t *testing.T) {
	addr, stop := start(t, "page")
	defer stop()
	for _, c := range []struct {
		name, request, status string
	}{
		{"not HTTP", "hello\r\n\r\n", "HTTP/1.1 400 "},
		{"HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "HTTP/1.1 400 "},
		{"malformed header", "GET / HTTP/1.1\r\nno colon here\r\n\r\n", "HTTP/1.1 400 "},
		{"endless header", "GET / HTTP/1.1\r\nX: " + strings.Repeat("a", 2*maxHead) + "\r\n\r\n", "HTTP/1.1 431 "},
	} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		go io.WriteString(conn, c.request)
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		line, err := bufio.NewReader(conn).ReadString('\n')
		conn.Close()
		if err != nil || !strings.HasPrefix(line, c.status) {
			t.Errorf("%s: %q (%v), want %q…", c.name, line, err, c.status)
		}
	}
}

// TestStopsWithClientsConnected ends Serve while a client holds a
// connection without sending anything: Serve returns nil once that
// connection is dropped, and the port no longer answers.
func TestStopsWithClientsConnected(t *testing.T) {
	addr, stop := start(t, "page")
	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(100 * time.Millisecond)
		idle.Close()
	}()
	if err := stop(); err != nil {
		t.Errorf("Serve ended with %v", err)
	}
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Error("the port still answers after Serve returned")
	}
}
