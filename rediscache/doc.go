// Package rediscache is a conduit.CacheStore in Redis, so that several
// processes (the replicas of a service, the workers of a job) share one
// HTTP cache: an answer one of them fetched is a hit for the others, and
// none of them spends rate budget on it. It is a module of its own so that
// conduit itself needs no Redis client.
//
//	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379", ContextTimeoutEnabled: true})
//	c, err := fxref.New(conduit.WithCache(rediscache.New(rdb)))
//
// conduit decides what is stored and for how long (RFC 9111); the store
// only keeps bytes under keys. Each entry also gets a Redis expiry
// (WithTTL, a day by default) so that entries nobody asks for again leave;
// to bound the memory, give Redis a maxmemory with an LRU policy
// (allkeys-lru), which is how Redis bounds a cache. Keys start with
// "conduit:cache:" (WithKeyPrefix) and hold no credential: conduit keys a
// credentialed entry by a hash of it.
//
// A CacheStore has no context, so every Redis command is bounded by
// WithTimeout (500ms by default), which go-redis honours only on a client
// made with ContextTimeoutEnabled: true (otherwise its own read and write
// timeouts, 3s by default, apply). A Redis that fails or is slow never
// fails a call: conduit asks the service instead.
package rediscache
