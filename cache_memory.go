package conduit

import (
	"container/list"
	"sync"
)

// MemoryCache is a CacheStore in the process's memory, bounded by the
// bytes it holds: when a new entry would pass the bound, the entries used
// least recently go first.
type MemoryCache struct {
	mu      sync.Mutex
	max, n  int64
	order   *list.List // front: most recently used
	entries map[string]*list.Element
	evicted int64
}

type memoryEntry struct {
	key   string
	value []byte
}

// NewMemoryCache returns a store holding at most maxBytes of keys and
// values. An entry larger than that is not stored.
func NewMemoryCache(maxBytes int64) *MemoryCache {
	return &MemoryCache{max: maxBytes, order: list.New(), entries: map[string]*list.Element{}}
}

// Get returns a copy of the value under key and marks it used.
func (m *MemoryCache) Get(key string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[key]
	if !ok {
		return nil, ErrCacheMiss
	}
	m.order.MoveToFront(e)
	return append([]byte(nil), e.Value.(*memoryEntry).value...), nil
}

// Set stores a copy of value under key, evicting the least recently used
// entries until the store is within its bound.
func (m *MemoryCache) Set(key string, value []byte) error {
	size := int64(len(key) + len(value))
	m.mu.Lock()
	defer m.mu.Unlock()
	m.remove(key)
	if size > m.max {
		return nil
	}
	for m.n+size > m.max {
		m.remove(m.order.Back().Value.(*memoryEntry).key)
		m.evicted++
	}
	m.entries[key] = m.order.PushFront(&memoryEntry{key: key, value: append([]byte(nil), value...)})
	m.n += size
	return nil
}

// Delete removes the entry under key.
func (m *MemoryCache) Delete(key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.remove(key) {
		return ErrCacheMiss
	}
	return nil
}

func (m *MemoryCache) remove(key string) bool {
	e, ok := m.entries[key]
	if !ok {
		return false
	}
	ent := m.order.Remove(e).(*memoryEntry)
	delete(m.entries, key)
	m.n -= int64(len(ent.key) + len(ent.value))
	return true
}

// Size returns the bytes held and the entries evicted so far, for a
// dashboard or a test.
func (m *MemoryCache) Size() (bytes, evicted int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.n, m.evicted
}
