// Package pageserve serves one page, in memory, over HTTP/1.1: what
// `physconv view --serve` needs to put a built page in a browser.
//
// It speaks only what that takes: GET and HEAD of "/", one request a
// connection (Connection: close), a bounded request head read within a
// deadline, and errors for everything else. net/http does all this and
// much more, and linking it costs every run of the command, not only the
// ones that serve a page: measured on the built binary, 2 MB more
// resident memory at start-up and a tenth more start-up time, for TLS,
// HTTP/2 and proxy support a local page never uses.
package pageserve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/textproto"
	"strings"
	"sync"
	"time"
)

const (
	// maxHead is the most bytes a request line and its headers may take;
	// browsers send well under 2 KB.
	maxHead = 16 << 10
	// readTimeout bounds reading a request head, so a client that opens a
	// connection and sends nothing does not hold it.
	readTimeout = 10 * time.Second
	// writeTimeout bounds sending a response to a client that stops
	// reading.
	writeTimeout = 30 * time.Second
)

// Serve answers requests on ln with page (as text/html) until ctx ends,
// then closes ln and waits for the connections it is answering. It
// returns nil when ctx ended it, or the listener's error.
func Serve(ctx context.Context, ln net.Listener, page []byte) error {
	var wg sync.WaitGroup
	defer wg.Wait()
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return err
		}
		wg.Go(func() { answer(conn, page) })
	}
}

// answer reads one request from conn, writes its response and closes it.
func answer(conn net.Conn, page []byte) {
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(readTimeout))
	status, method := read(conn)
	if status == 0 {
		return
	}
	conn.SetWriteDeadline(time.Now().Add(writeTimeout))
	w := bufio.NewWriter(conn)
	switch status {
	case 200:
		respond(w, 200, "text/html; charset=utf-8", page, method == "HEAD", "")
	case 405:
		respond(w, 405, "text/plain; charset=utf-8", []byte("method not allowed\n"), method == "HEAD", "Allow: GET, HEAD\r\n")
	default:
		respond(w, status, "text/plain; charset=utf-8", []byte(statusText(status)+"\n"), method == "HEAD", "")
	}
	w.Flush()
}

// read reads a request head and says how to answer it: 200 for the
// page, an error status, or 0 for none (the client left or timed out);
// method is the request's when it was read.
func read(conn net.Conn) (status int, method string) {
	limited := &io.LimitedReader{R: conn, N: maxHead}
	r := textproto.NewReader(bufio.NewReader(limited))
	headError := func(err error) int {
		switch {
		case limited.N == 0:
			return 431
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, net.ErrClosed):
			return 0
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return 0
		}
		return 400
	}
	line, err := r.ReadLine()
	if err != nil {
		return headError(err), ""
	}
	method, rest, ok1 := strings.Cut(line, " ")
	target, proto, ok2 := strings.Cut(rest, " ")
	if !ok1 || !ok2 || !strings.HasPrefix(proto, "HTTP/1.") || method == "" || target == "" {
		return 400, ""
	}
	if _, err := r.ReadMIMEHeader(); err != nil {
		return headError(err), method
	}
	if method != "GET" && method != "HEAD" {
		return 405, method
	}
	path, _, _ := strings.Cut(target, "?")
	if path != "/" {
		return 404, method
	}
	return 200, method
}

// respond writes a response whose body is body (only its length for a
// HEAD request); extra holds further header lines.
func respond(w *bufio.Writer, status int, contentType string, body []byte, headOnly bool, extra string) {
	fmt.Fprintf(w, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nCache-Control: no-store\r\nConnection: close\r\n%s\r\n",
		status, statusText(status), contentType, len(body), extra)
	if !headOnly {
		w.Write(body)
	}
}

func statusText(status int) string {
	switch status {
	case 200:
		return "OK"
	case 400:
		return "Bad Request"
	case 404:
		return "Not Found"
	case 405:
		return "Method Not Allowed"
	case 431:
		return "Request Header Fields Too Large"
	}
	return "Error"
}
