package animegraph

// The documents the typed reads and the mutation send. Each is fixed: every
// input travels in its variables, never in the text.

// mediaFields is the selection of a Media record the typed reads share.
const mediaFields = `id
    idMal
    type
    format
    status
    title { romaji english native }
    description(asHtml: false)
    startDate { year month day }
    endDate { year month day }
    season
    seasonYear
    episodes
    duration
    chapters
    volumes
    genres
    averageScore
    popularity
    coverImage { large medium }
    siteUrl`

// MediaByIDDocument is the query MediaByID sends, with $id.
const MediaByIDDocument = `query ($id: Int) {
  Media(id: $id) {
    ` + mediaFields + `
  }
}`

// SearchMediaDocument is the query SearchMedia and AllMedia send, one page
// at a time; a variable left out filters nothing.
const SearchMediaDocument = `query ($page: Int, $perPage: Int, $search: String, $type: MediaType, $sort: [MediaSort]) {
  Page(page: $page, perPage: $perPage) {
    pageInfo { total currentPage lastPage hasNextPage perPage }
    media(search: $search, type: $type, sort: $sort) {
    ` + mediaFields + `
    }
  }
}`

// CharacterDocument is the query Character sends, with $id.
const CharacterDocument = `query ($id: Int) {
  Character(id: $id) {
    id
    name { full native alternative }
    image { large medium }
    description(asHtml: false)
    gender
    dateOfBirth { year month day }
    age
    favourites
    siteUrl
  }
}`

// StaffDocument is the query Staff sends, with $id.
const StaffDocument = `query ($id: Int) {
  Staff(id: $id) {
    id
    name { full native alternative }
    languageV2
    image { large medium }
    description(asHtml: false)
    primaryOccupations
    gender
    dateOfBirth { year month day }
    yearsActive
    homeTown
    favourites
    siteUrl
  }
}`

// StudioDocument is the query Studio sends, with $id: the studio and its
// latest works.
const StudioDocument = `query ($id: Int) {
  Studio(id: $id) {
    id
    name
    isAnimationStudio
    favourites
    siteUrl
    media(sort: START_DATE_DESC, perPage: 10) {
      nodes { id title { romaji english } }
    }
  }
}`

// AiringScheduleDocument is the query AiringSchedule and AllAiringSchedule
// send, one page at a time, soonest first.
const AiringScheduleDocument = `query ($page: Int, $perPage: Int, $mediaId: Int, $notYetAired: Boolean, $airingAt_greater: Int, $airingAt_lesser: Int) {
  Page(page: $page, perPage: $perPage) {
    pageInfo { total currentPage lastPage hasNextPage perPage }
    airingSchedules(mediaId: $mediaId, notYetAired: $notYetAired, airingAt_greater: $airingAt_greater, airingAt_lesser: $airingAt_lesser, sort: TIME) {
      id
      airingAt
      timeUntilAiring
      episode
      mediaId
      media { id title { romaji english } }
    }
  }
}`

// UserDocument is the query User sends, with $name: a user's public
// profile and list statistics.
const UserDocument = `query ($name: String) {
  User(name: $name) {
    id
    name
    about(asHtml: false)
    avatar { large medium }
    bannerImage
    siteUrl
    createdAt
    statistics {
      anime { count meanScore minutesWatched episodesWatched }
      manga { count meanScore chaptersRead volumesRead }
    }
  }
}`

// entryFields is the selection of a MediaList entry that
// SaveMediaListEntry reads back and MediaListCollection lists.
const entryFields = `id
    mediaId
    status
    score
    progress
    progressVolumes
    repeat
    private
    notes
    updatedAt`

// SaveMediaListEntryDocument is the mutation SaveMediaListEntry sends: it
// creates or updates an entry of the token owner's list.
const SaveMediaListEntryDocument = `mutation ($id: Int, $mediaId: Int, $status: MediaListStatus, $score: Float, $progress: Int, $progressVolumes: Int, $repeat: Int, $private: Boolean, $notes: String) {
  SaveMediaListEntry(id: $id, mediaId: $mediaId, status: $status, score: $score, progress: $progress, progressVolumes: $progressVolumes, repeat: $repeat, private: $private, notes: $notes) {
    ` + entryFields + `
  }
}`

// listTypeOptions is the selection of a MediaListTypeOptions.
const listTypeOptions = `{ sectionOrder splitCompletedSectionByFormat customLists advancedScoring advancedScoringEnabled }`

// ViewerDocument is the query Viewer sends: the token owner's account and
// settings.
const ViewerDocument = `query {
  Viewer {
    id
    name
    avatar { large medium }
    siteUrl
    options {
      titleLanguage
      displayAdultContent
      airingNotifications
      profileColor
      timezone
      activityMergeTime
      staffNameLanguage
      restrictMessagesToFollowing
    }
    mediaListOptions {
      scoreFormat
      rowOrder
      animeList ` + listTypeOptions + `
      mangaList ` + listTypeOptions + `
    }
  }
}`

// MediaListCollectionDocument is the query MediaListCollection and
// AllMediaListEntries send, one chunk at a time; a variable left out
// filters nothing.
const MediaListCollectionDocument = `query ($userId: Int, $userName: String, $type: MediaType, $status_in: [MediaListStatus], $sort: [MediaListSort], $chunk: Int, $perChunk: Int) {
  MediaListCollection(userId: $userId, userName: $userName, type: $type, status_in: $status_in, sort: $sort, chunk: $chunk, perChunk: $perChunk) {
    lists {
      name
      isCustomList
      isSplitCompletedList
      status
      entries {
        ` + entryFields + `
        startedAt { year month day }
        completedAt { year month day }
        media {
          id
          type
          format
          status
          title { romaji english native }
          episodes
          chapters
          volumes
          coverImage { large medium }
          siteUrl
        }
      }
    }
    hasNextChunk
  }
}`

// DeleteMediaListEntryDocument is the mutation DeleteMediaListEntry sends,
// with the entry's $id.
const DeleteMediaListEntryDocument = `mutation ($id: Int) {
  DeleteMediaListEntry(id: $id) {
    deleted
  }
}`

// ToggleFavouriteDocument is the mutation ToggleFavourite sends, with the
// one id it toggles; it reads back the first page of each kind of
// favourite.
const ToggleFavouriteDocument = `mutation ($animeId: Int, $mangaId: Int, $characterId: Int, $staffId: Int, $studioId: Int) {
  ToggleFavourite(animeId: $animeId, mangaId: $mangaId, characterId: $characterId, staffId: $staffId, studioId: $studioId) {
    anime { nodes { id } }
    manga { nodes { id } }
    characters { nodes { id } }
    staff { nodes { id } }
    studios { nodes { id } }
  }
}`
