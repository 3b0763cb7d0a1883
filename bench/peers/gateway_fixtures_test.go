package peers

import (
	"fmt"
	"strconv"
	"strings"
)

// The Discord Gateway's dispatches, built deterministically in the shapes
// the platform documents (the message, guild, member, role, channel and
// emoji objects; GUILD_CREATE's extra fields). Snowflakes are counted up
// from a base, so every contender reads the same ids.

const (
	gwToken     = "bench.gateway.token"
	gwGuildID   = "1100000000000000001"
	gwChannelID = "1100000000000000002"
	gwSession   = "0123456789abcdef0123456789abcdef"
	// The large guild: Discord sends at most large_threshold (250) members
	// in GUILD_CREATE and a guild has at most 250 roles and 500 channels.
	gwMembers  = 250
	gwChannels = 500
	gwRoles    = 250
	gwEmojis   = 100
)

// snow is the i-th snowflake of a kind (kinds keep ids apart).
func snow(kind, i int) string {
	return strconv.FormatUint(1100000000000000000+uint64(kind)*1_000_000_000+uint64(i), 10)
}

func gwUser(i int) string {
	return fmt.Sprintf(`{"username":"user%d","public_flags":0,"id":%q,"global_name":"User %d","discriminator":"0","avatar_decoration_data":null,"avatar":"a1b2c3d4e5f60718293a4b5c6d7e8f90"}`, i, snow(1, i), i)
}

// gwMessageCreate is MESSAGE_CREATE's d: a message in a guild channel,
// with its author's member, a mention and an embed.
func gwMessageCreate() []byte {
	return []byte(`{"type":0,"tts":false,"timestamp":"2026-11-26T10:15:30.123000+00:00","pinned":false,"nonce":"1311111111111111111",` +
		`"mentions":[` + gwUser(2) + `],"mention_roles":[],"mention_everyone":false,` +
		`"member":{"roles":[` + strconv.Quote(snow(3, 1)) + `],"premium_since":null,"pending":false,"nick":null,"mute":false,"joined_at":"2025-03-04T05:06:07.890000+00:00","flags":0,"deaf":false,"communication_disabled_until":null,"avatar":null},` +
		`"id":"1311111111111111112","flags":0,` +
		`"embeds":[{"type":"rich","title":"Build 4812 passed","description":"All 1,204 tests passed in 3m12s.","url":"https://ci.example.com/builds/4812","color":5763719,"fields":[{"name":"branch","value":"main","inline":true},{"name":"commit","value":"c4380bf","inline":true}]}],` +
		`"edited_timestamp":null,"content":"<@` + snow(1, 2) + `> the deploy of c4380bf is out; the dashboards look fine so far, and the error rate is flat.",` +
		`"components":[],"channel_id":` + strconv.Quote(gwChannelID) + `,"author":` + gwUser(1) + `,"attachments":[],"guild_id":` + strconv.Quote(gwGuildID) + `}`)
}

// gwGuildCreate is GUILD_CREATE's d for a large guild.
func gwGuildCreate() []byte {
	var b strings.Builder
	b.WriteString(`{"id":` + strconv.Quote(gwGuildID) + `,"name":"Bench Guild","icon":"0f1e2d3c4b5a69788796a5b4c3d2e1f0","splash":null,"discovery_splash":null,` +
		`"owner_id":` + strconv.Quote(snow(1, 0)) + `,"afk_channel_id":null,"afk_timeout":300,"verification_level":1,"default_message_notifications":1,"explicit_content_filter":2,`)
	b.WriteString(`"roles":[`)
	for i := range gwRoles {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%q,"name":"role %d","color":%d,"hoist":%t,"icon":null,"unicode_emoji":null,"position":%d,"permissions":"%d","managed":false,"mentionable":%t,"flags":0}`,
			snow(3, i), i, 1000*i, i%5 == 0, i, 1071698660929>>uint(i%8), i%2 == 0)
	}
	b.WriteString(`],"emojis":[`)
	for i := range gwEmojis {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%q,"name":"emoji_%d","roles":[],"require_colons":true,"managed":false,"animated":%t,"available":true}`, snow(4, i), i, i%3 == 0)
	}
	b.WriteString(`],"features":["COMMUNITY","NEWS","INVITE_SPLASH"],"mfa_level":1,"application_id":null,"system_channel_id":` + strconv.Quote(gwChannelID) +
		`,"system_channel_flags":0,"rules_channel_id":null,"max_members":500000,"vanity_url_code":null,"description":"A guild for benchmarks","banner":null,` +
		`"premium_tier":2,"premium_subscription_count":9,"preferred_locale":"en-US","public_updates_channel_id":null,"nsfw_level":0,"premium_progress_bar_enabled":false,"safety_alerts_channel_id":null,` +
		`"joined_at":"2024-01-02T03:04:05.678000+00:00","large":true,"unavailable":false,"member_count":120000,"voice_states":[],`)
	b.WriteString(`"members":[`)
	for i := range gwMembers {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"user":%s,"nick":%s,"avatar":null,"roles":[%q,%q],"joined_at":"2025-03-04T05:06:07.890000+00:00","premium_since":null,"deaf":false,"mute":false,"flags":0,"pending":false,"communication_disabled_until":null}`,
			gwUser(i), nick(i), snow(3, i%gwRoles), snow(3, (i*7)%gwRoles))
	}
	b.WriteString(`],"channels":[`)
	for i := range gwChannels {
		if i > 0 {
			b.WriteByte(',')
		}
		if i%10 == 9 {
			fmt.Fprintf(&b, `{"id":%q,"type":2,"position":%d,"permission_overwrites":[],"name":"voice-%d","nsfw":false,"rate_limit_per_user":0,"parent_id":null,"bitrate":64000,"user_limit":0,"rtc_region":null,"flags":0}`, snow(2, i), i, i)
			continue
		}
		fmt.Fprintf(&b, `{"id":%q,"type":0,"position":%d,"permission_overwrites":[{"id":%q,"type":0,"allow":"1024","deny":"2048"}],"name":"channel-%d","topic":"the topic of channel %d","nsfw":false,"last_message_id":%q,"rate_limit_per_user":0,"parent_id":null,"flags":0}`,
			snow(2, i), i, snow(3, i%gwRoles), i, i, snow(5, i))
	}
	b.WriteString(`],"threads":[],"presences":[],"stage_instances":[],"guild_scheduled_events":[]}`)
	return []byte(b.String())
}

func nick(i int) string {
	if i%4 == 0 {
		return "null"
	}
	return strconv.Quote(fmt.Sprintf("nick %d", i))
}

// gwReady is READY's d.
func gwReady(wsURL string) []byte {
	return []byte(`{"v":10,"user_settings":{},"user":{"verified":true,"username":"benchbot","mfa_enabled":true,"id":` + strconv.Quote(snow(1, 9999)) +
		`,"global_name":null,"flags":0,"email":null,"discriminator":"0","bot":true,"avatar":null},"session_type":"normal","session_id":"` + gwSession +
		`","resume_gateway_url":` + strconv.Quote(wsURL) + `,"relationships":[],"private_channels":[],"presences":[],"guilds":[{"unavailable":true,"id":` +
		strconv.Quote(gwGuildID) + `}],"guild_join_requests":[],"geo_ordered_rtc_regions":["us-east"],"auth":{},"application":{"id":` + strconv.Quote(snow(1, 9999)) + `,"flags":0},"shard":[0,1]}`)
}

// gwDigest is what a contender decoded from a dispatch, the same whichever
// contender: the ids, the content folded into a length and a hash, and the
// guild's counts and last elements.
type gwDigest struct {
	Events       int
	ID, AuthorID string
	ContentBytes int
	ContentHash  uint64
	Embeds       int
	Members      int
	MemberRoles  int
	LastMember   string
	Channels     int
	LastChannel  string
}

func (d *gwDigest) content(s string) {
	d.ContentBytes = len(s)
	d.ContentHash = fnvOffset
	for i := 0; i < len(s); i++ {
		d.ContentHash = (d.ContentHash ^ uint64(s[i])) * fnvPrime
	}
}
