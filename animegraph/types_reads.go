package animegraph

// PageInfo is where a page stands in a listing. Total and LastPage are the
// service's estimates, capped for large listings: HasNextPage is what
// decides whether another page exists.
type PageInfo struct {
	Total       int  `json:"total"`
	CurrentPage int  `json:"currentPage"`
	LastPage    int  `json:"lastPage"`
	HasNextPage bool `json:"hasNextPage"`
	PerPage     int  `json:"perPage"`
}

// MediaPage is one page of SearchMedia. RawJSON returns the Page object as
// sent.
type MediaPage struct {
	raw      `json:"-"`
	PageInfo PageInfo `json:"pageInfo"`
	Media    []Media  `json:"media"`
}

// Character is a character of an anime or manga. RawJSON returns it as
// sent.
type Character struct {
	raw  `json:"-"`
	ID   int64 `json:"id"`
	Name Name  `json:"name"`
	// Image is nil when the service has none.
	Image       *Image     `json:"image"`
	Description string     `json:"description"`
	Gender      string     `json:"gender"`
	DateOfBirth *FuzzyDate `json:"dateOfBirth"`
	// Age is text: a range or a note ("17-18", "Unknown").
	Age        string `json:"age"`
	Favourites int    `json:"favourites"`
	SiteURL    string `json:"siteUrl"`
}

// Name is a person's or character's names.
type Name struct {
	Full        string   `json:"full"`
	Native      string   `json:"native"`
	Alternative []string `json:"alternative"`
}

// Staff is a person who worked on an anime or manga: a voice actor, a
// director, an author. RawJSON returns it as sent.
type Staff struct {
	raw                `json:"-"`
	ID                 int64      `json:"id"`
	Name               Name       `json:"name"`
	LanguageV2         string     `json:"languageV2"`
	Image              *Image     `json:"image"`
	Description        string     `json:"description"`
	PrimaryOccupations []string   `json:"primaryOccupations"`
	Gender             string     `json:"gender"`
	DateOfBirth        *FuzzyDate `json:"dateOfBirth"`
	YearsActive        []int      `json:"yearsActive"` // first year, and last when retired
	HomeTown           string     `json:"homeTown"`
	Favourites         int        `json:"favourites"`
	SiteURL            string     `json:"siteUrl"`
}

// Studio is an animation studio or producer, with its latest works.
// RawJSON returns it as sent.
type Studio struct {
	raw               `json:"-"`
	ID                int64  `json:"id"`
	Name              string `json:"name"`
	IsAnimationStudio bool   `json:"isAnimationStudio"`
	Favourites        int    `json:"favourites"`
	SiteURL           string `json:"siteUrl"`
	Media             struct {
		Nodes []Media `json:"nodes"`
	} `json:"media"`
}

// AiringPage is one page of AiringSchedule. RawJSON returns the Page
// object as sent.
type AiringPage struct {
	raw             `json:"-"`
	PageInfo        PageInfo        `json:"pageInfo"`
	AiringSchedules []AiringEpisode `json:"airingSchedules"`
}

// AiringEpisode is when one episode airs. RawJSON returns it as sent.
type AiringEpisode struct {
	raw      `json:"-"`
	ID       int64 `json:"id"`
	AiringAt int64 `json:"airingAt"` // Unix seconds
	// TimeUntilAiring is seconds from the answer; negative once aired.
	TimeUntilAiring int64 `json:"timeUntilAiring"`
	Episode         int   `json:"episode"`
	MediaID         int64 `json:"mediaId"`
	Media           Media `json:"media"`
}

// User is a user's public profile. RawJSON returns it as sent.
type User struct {
	raw         `json:"-"`
	ID          int64          `json:"id"`
	Name        string         `json:"name"`
	About       string         `json:"about"`
	Avatar      *Image         `json:"avatar"`
	BannerImage string         `json:"bannerImage"`
	SiteURL     string         `json:"siteUrl"`
	CreatedAt   int64          `json:"createdAt"` // Unix seconds
	Statistics  UserStatistics `json:"statistics"`
}

// UserStatistics sums a user's anime and manga lists.
type UserStatistics struct {
	Anime struct {
		Count           int     `json:"count"`
		MeanScore       float64 `json:"meanScore"`
		MinutesWatched  int     `json:"minutesWatched"`
		EpisodesWatched int     `json:"episodesWatched"`
	} `json:"anime"`
	Manga struct {
		Count        int     `json:"count"`
		MeanScore    float64 `json:"meanScore"`
		ChaptersRead int     `json:"chaptersRead"`
		VolumesRead  int     `json:"volumesRead"`
	} `json:"manga"`
}

// MediaListEntry is an entry of a user's list, as SaveMediaListEntry
// leaves it or MediaListCollection reads it; the dates and Media are
// MediaListCollection's alone. RawJSON returns it as sent.
type MediaListEntry struct {
	raw             `json:"-"`
	ID              int64   `json:"id"`
	MediaID         int64   `json:"mediaId"`
	Status          string  `json:"status"`
	Score           float64 `json:"score"`
	Progress        int     `json:"progress"`
	ProgressVolumes *int    `json:"progressVolumes"`
	Repeat          int     `json:"repeat"`
	Private         bool    `json:"private"`
	Notes           string  `json:"notes"`
	UpdatedAt       int64   `json:"updatedAt"` // Unix seconds
	// StartedAt and CompletedAt are the user's own dates, each member nil
	// when not recorded.
	StartedAt   *FuzzyDate `json:"startedAt,omitempty"`
	CompletedAt *FuzzyDate `json:"completedAt,omitempty"`
	Media       *Media     `json:"media,omitempty"`
}

// Viewer is the account of the user whose token the client holds.
// RawJSON returns it as sent.
type Viewer struct {
	raw              `json:"-"`
	ID               int64             `json:"id"`
	Name             string            `json:"name"`
	Avatar           *Image            `json:"avatar"`
	SiteURL          string            `json:"siteUrl"`
	Options          *UserOptions      `json:"options"`
	MediaListOptions *MediaListOptions `json:"mediaListOptions"`
}

// UserOptions are a user's general settings.
type UserOptions struct {
	// TitleLanguage is how the user reads titles: ROMAJI, ENGLISH, NATIVE,
	// or one of their _STYLISED forms.
	TitleLanguage       string `json:"titleLanguage"`
	DisplayAdultContent bool   `json:"displayAdultContent"`
	AiringNotifications bool   `json:"airingNotifications"`
	ProfileColor        string `json:"profileColor"`
	// Timezone is as the user set it; empty when unset.
	Timezone string `json:"timezone"`
	// ActivityMergeTime is minutes within which list activities merge.
	ActivityMergeTime           int    `json:"activityMergeTime"`
	StaffNameLanguage           string `json:"staffNameLanguage"` // ROMAJI_WESTERN, ROMAJI, NATIVE
	RestrictMessagesToFollowing bool   `json:"restrictMessagesToFollowing"`
}

// Score formats a user's list may use (MediaListOptions.ScoreFormat): a
// MediaListEntry's Score is out of the format's maximum.
const (
	ScorePoint100       = "POINT_100"
	ScorePoint10Decimal = "POINT_10_DECIMAL"
	ScorePoint10        = "POINT_10"
	ScorePoint5         = "POINT_5"
	ScorePoint3         = "POINT_3"
)

// MediaListOptions are a user's list settings.
type MediaListOptions struct {
	// ScoreFormat is one of the Score constants.
	ScoreFormat string                `json:"scoreFormat"`
	RowOrder    string                `json:"rowOrder"`
	AnimeList   *MediaListTypeOptions `json:"animeList"`
	MangaList   *MediaListTypeOptions `json:"mangaList"`
}

// MediaListTypeOptions are the settings of a user's anime or manga list.
type MediaListTypeOptions struct {
	// SectionOrder lists the list's sections, status lists and custom
	// lists, as the user orders them.
	SectionOrder                  []string `json:"sectionOrder"`
	SplitCompletedSectionByFormat bool     `json:"splitCompletedSectionByFormat"`
	CustomLists                   []string `json:"customLists"`
	AdvancedScoring               []string `json:"advancedScoring"`
	AdvancedScoringEnabled        bool     `json:"advancedScoringEnabled"`
}

// MediaListCollection is one chunk of a user's list, in groups. RawJSON
// returns it as sent.
type MediaListCollection struct {
	raw          `json:"-"`
	Lists        []MediaListGroup `json:"lists"`
	HasNextChunk bool             `json:"hasNextChunk"`
}

// MediaListGroup is one list of a MediaListCollection: a status's, or a
// custom list the user made.
type MediaListGroup struct {
	Name                 string `json:"name"`
	IsCustomList         bool   `json:"isCustomList"`
	IsSplitCompletedList bool   `json:"isSplitCompletedList"`
	// Status is the group's list status; empty for a custom list.
	Status  string           `json:"status"`
	Entries []MediaListEntry `json:"entries"`
}

// Deleted is what DeleteMediaListEntry answers. RawJSON returns it as sent.
type Deleted struct {
	raw     `json:"-"`
	Deleted bool `json:"deleted"`
}

// Favourites is the first page of each kind of a user's favourites, by id.
// RawJSON returns it as sent.
type Favourites struct {
	raw        `json:"-"`
	Anime      FavouriteIDs `json:"anime"`
	Manga      FavouriteIDs `json:"manga"`
	Characters FavouriteIDs `json:"characters"`
	Staff      FavouriteIDs `json:"staff"`
	Studios    FavouriteIDs `json:"studios"`
}

// FavouriteIDs is one kind of favourite: the ids of its first page.
type FavouriteIDs struct {
	Nodes []struct {
		ID int64 `json:"id"`
	} `json:"nodes"`
}
