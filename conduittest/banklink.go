package conduittest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

func init() {
	fakes["banklink"] = &fake{
		creds: map[string]string{
			"client_id": "ct-banklink-client_id-7Kq2",
			"secret":    "ct-banklink-secret-3Vd8",
			// Not a client setting: the calls on an item take a linked
			// account's token per call, in the body.
			"access_token": "ct-banklink-access_token-9Xw1",
		},
		answers: map[string]answer{
			"SearchInstitutions": {fixture: "search_institutions.json"},
			"GetBalance":         {handle: withAccessToken("get_balance.json")},
			"Accounts":           {handle: withAccessToken("accounts.json")},
			"Item":               {handle: withAccessToken("item.json")},
			"RemoveItem":         {handle: withAccessToken("remove_item.json")},
			"SyncTransactions":   {handle: withAccessToken("sync_transactions.json")},
			// EachTransactionUpdate sends SyncTransactions' request and is
			// recorded under it; this answers it if it is ever told apart.
			"EachTransactionUpdate":    {handle: withAccessToken("sync_transactions.json")},
			"ExchangePublicToken":      {handle: exchangePublicToken},
			"WebhookVerificationKey":   {fixture: "webhook_verification_key.json"},
			"SandboxCreatePublicToken": {fixture: "sandbox_create_public_token.json"},
			"CreateLinkToken":          {fixture: "create_link_token.json"},
			"InstitutionByID":          {fixture: "institution_by_id.json"},
		},
	}
}

// withAccessToken answers with fixture for the fake's access token, and as
// the service does for a token it does not know: 400 with
// INVALID_ACCESS_TOKEN.
func withAccessToken(fixture string) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, _ *http.Request, body []byte) {
		if token := Credential("banklink", "access_token"); jsonString(body, "access_token") != token {
			serveFixture(w, "banklink", "invalid_access_token.json", http.StatusBadRequest)
			return
		}
		serveFixture(w, "banklink", fixture, 0)
	}
}

// exchangePublicToken accepts the public token SandboxCreatePublicToken
// hands out, and answers with the access token the fake's item calls
// accept, so a test can run the whole link flow; any other public token is
// refused as the service refuses a used or expired one.
func exchangePublicToken(w http.ResponseWriter, _ *http.Request, body []byte) {
	var sandbox struct {
		PublicToken string `json:"public_token"`
	}
	b, _ := Fixture("banklink", "sandbox_create_public_token.json")
	json.Unmarshal(b, &sandbox)
	if jsonString(body, "public_token") != sandbox.PublicToken {
		serveFixture(w, "banklink", "invalid_public_token.json", http.StatusBadRequest)
		return
	}
	var answer map[string]any
	b, _ = Fixture("banklink", "exchange_public_token.json")
	json.Unmarshal(b, &answer)
	answer["access_token"] = Credential("banklink", "access_token")
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(answer)
}

// banklinkWebhookKey is the fake's webhook signing key; its public half is
// the one the fake's webhook_verification_key.json serves. It signs
// nothing real: it exists so tests can verify webhooks end to end.
var banklinkWebhookKey = func() *ecdsa.PrivateKey {
	d, _ := hex.DecodeString("dc42e8af0f37e64922fb07600110f3393874f0f2d8548fca6ad65200c132ff7e")
	k, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), d)
	if err != nil {
		panic(err)
	}
	return k
}()

// BanklinkWebhookHeader returns the header the bank-linking service would
// post body with: a Plaid-Verification JWT, ES256, signed by the key the
// fake serves, issued at, and carrying body's SHA-256. A banklink.Client
// on the fake verifies it, so a webhook handler can be tested end to end.
func BanklinkWebhookHeader(body []byte, issuedAt time.Time) http.Header {
	var kid struct {
		Key struct {
			Kid string `json:"kid"`
		} `json:"key"`
	}
	b, _ := Fixture("banklink", "webhook_verification_key.json")
	json.Unmarshal(b, &kid)
	enc := base64.RawURLEncoding
	head, _ := json.Marshal(map[string]string{"alg": "ES256", "kid": kid.Key.Kid, "typ": "JWT"})
	sum := sha256.Sum256(body)
	claims := []byte(`{"iat":` + strconv.FormatInt(issuedAt.Unix(), 10) + `,"request_body_sha256":"` + hex.EncodeToString(sum[:]) + `"}`)
	input := enc.EncodeToString(head) + "." + enc.EncodeToString(claims)
	digest := sha256.Sum256([]byte(input))
	r, s, err := ecdsa.Sign(rand.Reader, banklinkWebhookKey, digest[:])
	if err != nil {
		panic(err)
	}
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	h := http.Header{}
	h.Set("Plaid-Verification", input+"."+enc.EncodeToString(sig))
	return h
}
