package transport

import (
	"context"
	"log/slog"
	"os"
	"strings"
)

// reportUnknownEnv logs, at warning level, each CONDUIT_<SERVICE>_…
// variable the service does not read: most likely a misspelt name, whose
// value the client silently goes without. The environment is often shared
// by several programs, so this is a log line, not an error; it names the
// variable and never its value.
func (c *Client) reportUnknownEnv(l *slog.Logger) {
	if l == nil {
		return
	}
	known := map[string]bool{URLEnvName(c.svc.Name): len(c.svc.Bases) == 1}
	for _, b := range c.svc.Bases {
		known[EnvName(c.svc.Name, b.Name)] = true
	}
	for _, v := range c.svc.Values {
		known[EnvName(c.svc.Name, v.Name)] = true
	}
	prefix := "CONDUIT_" + strings.ToUpper(c.svc.Name) + "_"
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, prefix) && !known[name] {
			l.LogAttrs(context.Background(), slog.LevelWarn, "conduit: environment variable not read by "+c.svc.Name,
				slog.String("service", c.svc.Name), slog.String("variable", name))
		}
	}
}
