package peers

import (
	"strconv"
	"testing"
)

// TestIdenticalGateway replays three MESSAGE_CREATE and three GUILD_CREATE
// dispatches to every gateway and fails unless each hands over the same
// values: the ids, the content's length and hash, the embeds, and the
// guild's members, their roles and its channels, as the fixtures were
// built.
func TestIdenticalGateway(t *testing.T) {
	msg := gwDigest{Events: 3, ID: "1311111111111111112", AuthorID: snow(1, 1), Embeds: 1}
	msg.content("<@" + snow(1, 2) + "> the deploy of c4380bf is out; the dashboards look fine so far, and the error rate is flat.")
	guild := gwDigest{Events: 3, ID: gwGuildID, Members: gwMembers, MemberRoles: 2 * gwMembers, LastMember: snow(1, gwMembers-1),
		Channels: gwChannels, LastChannel: "voice-" + strconv.Itoa(gwChannels-1)}
	for _, w := range []struct {
		name    string
		payload []byte
		want    gwDigest
	}{
		{"MESSAGE_CREATE", gwMessageCreate(), msg},
		{"GUILD_CREATE", gwGuildCreate(), guild},
	} {
		s := startGatewayServer(t, w.name, w.payload)
		for _, c := range gwContenders {
			n := 3
			r := openGateway(t, c, s, &n)
			got := r.replay(t, n)
			r.stop()
			if got != w.want {
				t.Errorf("%s %s:\n got %+v\nwant %+v", c.name, w.name, got, w.want)
			}
		}
	}
}
