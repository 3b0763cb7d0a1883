package banklink

import "slices"

// Product is a product of the service: what an institution supports, and
// what SearchInstitutions can require. An institution may list a product
// newer than these constants; it decodes all the same.
type Product string

// The products the service documents (its API version 2020-09-14).
const (
	ProductAssets                Product = "assets"
	ProductAuth                  Product = "auth"
	ProductBalance               Product = "balance"
	ProductIdentity              Product = "identity"
	ProductInvestments           Product = "investments"
	ProductInvestmentsAuth       Product = "investments_auth"
	ProductLiabilities           Product = "liabilities"
	ProductPaymentInitiation     Product = "payment_initiation"
	ProductIdentityVerification  Product = "identity_verification"
	ProductTransactions          Product = "transactions"
	ProductCreditDetails         Product = "credit_details"
	ProductIncome                Product = "income"
	ProductIncomeVerification    Product = "income_verification"
	ProductDepositSwitch         Product = "deposit_switch"
	ProductStandingOrders        Product = "standing_orders"
	ProductTransfer              Product = "transfer"
	ProductEmployment            Product = "employment"
	ProductRecurringTransactions Product = "recurring_transactions"
	ProductSignal                Product = "signal"
	ProductStatements            Product = "statements"
)

var products = []Product{
	ProductAssets, ProductAuth, ProductBalance, ProductIdentity, ProductInvestments, ProductInvestmentsAuth,
	ProductLiabilities, ProductPaymentInitiation, ProductIdentityVerification, ProductTransactions,
	ProductCreditDetails, ProductIncome, ProductIncomeVerification, ProductDepositSwitch, ProductStandingOrders,
	ProductTransfer, ProductEmployment, ProductRecurringTransactions, ProductSignal, ProductStatements,
}

// CountryCode is an ISO 3166-1 alpha-2 code, in upper case, of a country
// the service serves.
type CountryCode string

// The countries the service serves.
const (
	CountryUS CountryCode = "US"
	CountryGB CountryCode = "GB"
	CountryES CountryCode = "ES"
	CountryNL CountryCode = "NL"
	CountryFR CountryCode = "FR"
	CountryIE CountryCode = "IE"
	CountryCA CountryCode = "CA"
	CountryDE CountryCode = "DE"
	CountryIT CountryCode = "IT"
	CountryPL CountryCode = "PL"
	CountryDK CountryCode = "DK"
	CountryNO CountryCode = "NO"
	CountrySE CountryCode = "SE"
	CountryEE CountryCode = "EE"
	CountryLT CountryCode = "LT"
	CountryLV CountryCode = "LV"
	CountryPT CountryCode = "PT"
	CountryBE CountryCode = "BE"
	CountryAT CountryCode = "AT"
	CountryFI CountryCode = "FI"
)

var countries = []CountryCode{
	CountryUS, CountryGB, CountryES, CountryNL, CountryFR, CountryIE, CountryCA, CountryDE, CountryIT, CountryPL,
	CountryDK, CountryNO, CountrySE, CountryEE, CountryLT, CountryLV, CountryPT, CountryBE, CountryAT, CountryFI,
}

// Known reports whether p is one of the documented products.
func (p Product) Known() bool { return slices.Contains(products, p) }

// Known reports whether cc is one of the countries the service serves.
func (cc CountryCode) Known() bool { return slices.Contains(countries, cc) }
