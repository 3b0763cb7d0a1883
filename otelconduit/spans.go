package otelconduit

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/propagation"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/conduit-sdk/conduit"
)

// Attribute keys of conduit's own, for what the semantic conventions have
// no name for.
const (
	ServiceKey   = attribute.Key("conduit.service")   // the package: "chat"
	OperationKey = attribute.Key("conduit.operation") // the method: "CreateMessage"
	WriteKey     = attribute.Key("conduit.write")     // the operation changes something
	AttemptsKey  = attribute.Key("conduit.attempts")  // requests the call sent
	RetryWaitKey = attribute.Key("conduit.retry.wait_s")
	LimitWaitKey = attribute.Key("conduit.rate_limit.wait_s")
)

// instruments holds the tracer, meters and propagator one Instrument made.
type instruments struct {
	tracer     trace.Tracer
	propagator propagation.TextMapPropagator

	requestDuration metric.Float64Histogram // per request, HTTP semconv
	callDuration    metric.Float64Histogram
	attempts        metric.Int64Histogram
	retries         metric.Int64Counter
	retryWait       metric.Float64Histogram
	limitWait       metric.Float64Histogram
	genaiDuration   metric.Float64Histogram
	genaiTokens     metric.Int64Histogram
}

// call is the middleware around the whole call: one client span named for
// the operation ("inference.CreateChatCompletion"), or, for a chat
// completion, as the GenAI conventions name it ("chat llama-3.3-70b").
func (in *instruments) call(req *http.Request, next conduit.Next) (*http.Response, error) {
	info := conduit.CallInfoOf(req.Context())
	if info == nil {
		return next(req)
	}
	start := time.Now()
	attrs := callAttrs(info, req)
	gen := genAIOf(info, req)
	name := info.Service + "." + info.Operation
	if gen != nil {
		name = gen.spanName()
		attrs = append(attrs, gen.requestAttrs()...)
	}
	ctx, span := in.tracer.Start(req.Context(), name, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(attrs...))
	resp, err := next(req.WithContext(ctx))
	done := func(resp *http.Response, err error, extra ...attribute.KeyValue) {
		in.endCall(ctx, span, info, start, resp, err, gen, extra...)
	}
	switch {
	case gen != nil && err == nil && resp.StatusCode/100 == 2 && info.Stream:
		// The call span ends with the stream, so that it covers it.
		resp.Body = gen.watchStream(resp.Body, start, func(extra []attribute.KeyValue) { done(resp, nil, extra...) })
	case gen != nil && err == nil && resp.StatusCode/100 == 2:
		done(resp, nil, gen.readAnswer(resp)...)
	default:
		done(resp, err)
	}
	return resp, err
}

// callAttrs are the attributes of a call span known before it is sent.
func callAttrs(info *conduit.CallInfo, req *http.Request) []attribute.KeyValue {
	attrs := []attribute.KeyValue{
		ServiceKey.String(info.Service),
		OperationKey.String(info.Operation),
		WriteKey.Bool(info.Write),
		semconv.HTTPRequestMethodKey.String(info.Method),
		semconv.URLTemplate(template(info.Endpoint)),
	}
	return append(attrs, serverAttrs(req)...)
}

// template is the path template of an endpoint ("GET /a/{id}" → "/a/{id}").
func template(endpoint string) string {
	_, path, _ := strings.Cut(endpoint, " ")
	return path
}

func serverAttrs(req *http.Request) []attribute.KeyValue {
	host := req.URL.Hostname()
	if host == "" {
		return nil
	}
	attrs := []attribute.KeyValue{semconv.ServerAddress(host)}
	port := req.URL.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[req.URL.Scheme]
	}
	if p, err := strconv.Atoi(port); err == nil {
		attrs = append(attrs, semconv.ServerPort(p))
	}
	return attrs
}

// endCall records what the call came to on its span and in the metrics.
func (in *instruments) endCall(ctx context.Context, span trace.Span, info *conduit.CallInfo, start time.Time, resp *http.Response, err error, gen *genAI, extra ...attribute.KeyValue) {
	took := time.Since(start).Seconds()
	attrs := []attribute.KeyValue{
		ServiceKey.String(info.Service),
		OperationKey.String(info.Operation),
		semconv.HTTPRequestMethodKey.String(info.Method),
	}
	end := []attribute.KeyValue{
		AttemptsKey.Int(info.Attempts),
		RetryWaitKey.Float64(info.RetryWait.Seconds()),
		LimitWaitKey.Float64(info.LimitWait.Seconds()),
	}
	if resp != nil {
		end = append(end, semconv.HTTPResponseStatusCode(resp.StatusCode))
		attrs = append(attrs, semconv.HTTPResponseStatusCode(resp.StatusCode))
	}
	if et := errorType(resp, err); et != "" {
		kv := semconv.ErrorTypeKey.String(et)
		end, attrs = append(end, kv), append(attrs, kv)
		span.SetStatus(codes.Error, et)
	}
	span.SetAttributes(append(end, extra...)...)
	span.End()
	set := metric.WithAttributes(attrs...)
	in.callDuration.Record(ctx, took, set)
	in.attempts.Record(ctx, int64(info.Attempts), set)
	if info.Attempts > 1 {
		in.retries.Add(ctx, int64(info.Attempts-1), set)
	}
	in.retryWait.Record(ctx, info.RetryWait.Seconds(), set)
	in.limitWait.Record(ctx, info.LimitWait.Seconds(), set)
	if gen != nil {
		gen.record(ctx, in, took, errorType(resp, err))
	}
}

// attempt is the middleware around each request: one client span named as
// the HTTP conventions name it ("POST /openai/v1/chat/completions" becomes
// "POST" with its template in url.template).
func (in *instruments) attempt(req *http.Request, next conduit.Next) (*http.Response, error) {
	info := conduit.CallInfoOf(req.Context())
	start := time.Now()
	attrs := []attribute.KeyValue{
		semconv.HTTPRequestMethodKey.String(req.Method),
		semconv.URLFull(req.URL.String()), // conduit's view: credentials hidden
	}
	name := req.Method
	if info != nil {
		t := template(info.Endpoint)
		attrs = append(attrs, semconv.URLTemplate(t))
		name += " " + t
		if info.Attempts > 1 {
			attrs = append(attrs, semconv.HTTPRequestResendCount(info.Attempts-1))
		}
	}
	attrs = append(attrs, serverAttrs(req)...)
	ctx, span := in.tracer.Start(req.Context(), name, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(attrs...))
	if in.propagator != nil {
		in.propagator.Inject(ctx, propagation.HeaderCarrier(req.Header))
	}
	resp, err := next(req.WithContext(ctx))
	metricAttrs := []attribute.KeyValue{semconv.HTTPRequestMethodKey.String(req.Method)}
	metricAttrs = append(metricAttrs, serverAttrs(req)...)
	if info != nil {
		metricAttrs = append(metricAttrs, semconv.URLTemplate(template(info.Endpoint)))
	}
	if resp != nil {
		kv := semconv.HTTPResponseStatusCode(resp.StatusCode)
		span.SetAttributes(kv)
		metricAttrs = append(metricAttrs, kv)
	}
	if et := errorType(resp, err); et != "" {
		kv := semconv.ErrorTypeKey.String(et)
		span.SetAttributes(kv)
		span.SetStatus(codes.Error, et)
		metricAttrs = append(metricAttrs, kv)
	}
	span.End()
	in.requestDuration.Record(ctx, time.Since(start).Seconds(), metric.WithAttributes(metricAttrs...))
	return resp, err
}

// errorType is error.type as the HTTP conventions define it: the status
// code of an answer of 400 or more, else a low-cardinality name of the
// error, "" for success.
func errorType(resp *http.Response, err error) string {
	var e *conduit.Error
	switch {
	case err == nil && resp != nil && resp.StatusCode >= 400:
		return strconv.Itoa(resp.StatusCode)
	case err == nil:
		return ""
	case errors.As(err, &e) && e.StatusCode >= 400:
		return strconv.Itoa(e.StatusCode)
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.Is(err, conduit.ErrInvalidParam):
		return "invalid_param"
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "timeout"
	}
	var oe *net.OpError
	if errors.As(err, &oe) {
		return "net." + oe.Op
	}
	return semconv.ErrorTypeOther.Value.AsString()
}
