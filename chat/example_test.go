package chat_test

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
)

func Example() {
	srv := conduittest.Start() // a local stand-in for the live platform
	defer srv.Close()
	ctx := context.Background()

	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	me, err := c.CurrentUser(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("bot:", me.Username)

	// A webhook URL as the platform hands it out; its last segment is secret.
	id := conduittest.Credential("chat", "webhook_id")
	token := conduittest.Credential("chat", "webhook_token")
	hook, err := chat.ParseWebhookURL(srv.BaseURL("chat", "chat_webhook_base") + "/webhooks/" + id + "/" + token)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(hook)
	msg, err := c.ExecuteWebhookWait(ctx, hook, chat.WebhookMessage{Content: "Build #130 passed on main", Username: "ci"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("posted %s as %s: %s\n", msg.ID, msg.Author.Username, msg.Content)
	// Output:
	// bot: deploy-bot
	// webhook 1180000000000097531/[REDACTED]
	// posted 1180000000000005002 as ci: Build #130 passed on main
}

// A bot reads a channel's history, replies to a message with an embed and a
// log file, reacts, then edits and deletes its own message.
func ExampleClient_CreateMessage_reply() {
	srv := conduittest.Start()
	defer srv.Close()
	ctx := context.Background()
	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	const channel = "1180000000000000101"

	ch, err := c.Channel(ctx, channel)
	if err != nil {
		log.Fatal(err)
	}
	recent, err := c.ChannelMessages(ctx, channel, &chat.ChannelMessagesParams{Limit: 3})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("#%s: %d messages, newest replies to %s\n", ch.Name, len(recent), recent[0].Reference.MessageID)
	first, err := c.Message(ctx, channel, recent[2].ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("first:", first.Content)

	logFile := strings.NewReader("09:20:40 health check failed\n09:20:41 rolling back\n")
	reply, err := c.CreateMessage(ctx, channel, "Rolled back, log attached", &chat.MessageParams{
		Reference: &chat.MessageReference{MessageID: first.ID},
		Embeds:    []chat.Embed{{Title: "Rollback", Fields: []chat.EmbedField{{Name: "Service", Value: "api", Inline: true}}}},
		Files:     []chat.File{{Name: "rollback.log", ContentType: "text/plain", Reader: logFile}},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("replied:", reply.ID)
	if err := c.CreateReaction(ctx, channel, first.ID, "🔥"); err != nil {
		log.Fatal(err)
	}
	if err := c.DeleteOwnReaction(ctx, channel, first.ID, "🔥"); err != nil {
		log.Fatal(err)
	}
	text := "Deploy 2024.06.21-3 finished in 4m12s (rolled back)"
	edited, err := c.EditMessage(ctx, channel, first.ID, chat.MessageEdit{Content: &text})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("edited:", edited.Content)
	if err := c.DeleteMessage(ctx, channel, reply.ID); err != nil {
		log.Fatal(err)
	}
	fmt.Println("deleted the reply")
	// Output:
	// #general: 3 messages, newest replies to 1180000000000005001
	// first: Deploy 2024.06.21-3 finished in 4m12s
	// replied: 1180000000000005001
	// edited: Deploy 2024.06.21-3 finished in 4m12s (rolled back)
	// deleted the reply
}

// A bot looks at a server, walks its members and opens a direct message
// with one of them.
func ExampleClient_AllGuildMembers() {
	srv := conduittest.Start()
	defer srv.Close()
	ctx := context.Background()
	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	g, err := c.Guild(ctx, "1180000000000000007", &chat.GuildParams{WithCounts: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: about %d members\n", g.Name, g.ApproximateMemberCount)
	page, err := c.GuildMembers(ctx, g.ID, &chat.GuildMembersParams{Limit: 3})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("first page:", len(page))
	for m, err := range c.AllGuildMembers(ctx, g.ID, nil) {
		if err != nil {
			log.Fatal(err)
		}
		if m.User.ID == g.OwnerID {
			dm, err := c.CreateDM(ctx, m.User.ID)
			if err != nil {
				log.Fatal(err)
			}
			fmt.Printf("owner %s (%s), DM channel %s\n", m.User.Username, m.Nick, dm.ID)
		}
	}
	// Output:
	// Acme Engineering: about 42 members
	// first page: 3
	// owner ana.ops (Ana (on call)), DM channel 1180000000000000301
}

// A webhook posts into a thread, then reads, edits and deletes its message.
func ExampleClient_EditWebhookMessage() {
	srv := conduittest.Start()
	defer srv.Close()
	ctx := context.Background()
	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	id := conduittest.Credential("chat", "webhook_id")
	token := conduittest.Credential("chat", "webhook_token")
	hook, err := chat.ParseWebhookURL(srv.BaseURL("chat", "chat_webhook_base") + "/webhooks/" + id + "/" + token)
	if err != nil {
		log.Fatal(err)
	}
	thread := &chat.WebhookMessageParams{ThreadID: "1180000000000000401"}
	posted, err := c.ExecuteWebhookWait(ctx, hook, chat.WebhookMessage{Content: "Build #130 passed on main", ThreadID: thread.ThreadID})
	if err != nil {
		log.Fatal(err)
	}
	got, err := c.WebhookMessage(ctx, hook, posted.ID, thread)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("read:", got.Content)
	text := "Build #130 passed on main (re-run of #129)"
	edited, err := c.EditWebhookMessage(ctx, hook, posted.ID, chat.MessageEdit{Content: &text}, thread)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("edited:", edited.Content)
	if err := c.DeleteWebhookMessage(ctx, hook, posted.ID, thread); err != nil {
		log.Fatal(err)
	}
	fmt.Println("deleted", posted.ID)
	// Output:
	// read: Build #130 passed on main
	// edited: Build #130 passed on main (re-run of #129)
	// deleted 1180000000000005002
}

// An application's interactions endpoint: the platform's PING is answered
// with PONG, a slash command reaches the callback, and a request that does
// not carry the application's signature is refused.
func ExampleInteractionHandler() {
	// The platform signs with the application's private key; its public
	// half is on the application's settings page.
	seed := make([]byte, ed25519.SeedSize)
	priv := ed25519.NewKeyFromSeed(seed)
	key, err := chat.ParsePublicKey(hex.EncodeToString(priv.Public().(ed25519.PublicKey)))
	if err != nil {
		log.Fatal(err)
	}
	h := chat.InteractionHandler(key, func(w http.ResponseWriter, _ *http.Request, in *chat.Interaction) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"type":4,"data":{"content":"deploying (%s)"}}`, in.ID)
	})
	send := func(body string, sign bool) {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		r := httptest.NewRequest(http.MethodPost, "/interactions", strings.NewReader(body))
		r.Header.Set("X-Signature-Timestamp", ts)
		if sign {
			r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, []byte(ts+body))))
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		fmt.Println(w.Code, strings.TrimSpace(w.Body.String()))
	}
	send(`{"id":"1180000000000009000","application_id":"1180000000000000042","type":1,"token":"t","version":1}`, true)
	send(`{"id":"1180000000000009001","application_id":"1180000000000000042","type":2,"token":"t","version":1,"data":{"name":"deploy"}}`, true)
	send(`{"id":"1180000000000009002","application_id":"1180000000000000042","type":2,"token":"t","version":1}`, false)
	// Output:
	// 200 {"type":1}
	// 200 {"type":4,"data":{"content":"deploying (1180000000000009001)"}}
	// 401 invalid request signature
}

// One page of a channel's history read message by message as it arrives.
func ExampleClient_EachChannelMessage() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	for m, err := range c.EachChannelMessage(context.Background(), "1180000000000000101", &chat.ChannelMessagesParams{Limit: 100}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(m.ID, m.Author.Username)
	}
	// Output:
	// 1180000000000005005 deploy-bot
	// 1180000000000005004 deploy-bot
	// 1180000000000005001 deploy-bot
}

// An interactions-only application registers its slash commands at each
// deploy: one bulk overwrite makes the registered set exactly this one.
func ExampleClient_BulkOverwriteGlobalCommands() {
	srv := conduittest.Start()
	defer srv.Close()
	ctx := context.Background()
	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	const app = "1180000000000000003" // the application id, from its settings page
	admins := "32"                    // Manage Server
	cmds, err := c.BulkOverwriteGlobalCommands(ctx, app, []chat.ApplicationCommand{{
		Name:                     "deploy",
		Description:              "Deploy a build to an environment",
		NameLocalizations:        chat.Localizations{"de": "bereitstellen"},
		DefaultMemberPermissions: &admins,
		Contexts:                 []chat.InteractionContext{chat.ContextGuild},
		Options: []chat.CommandOption{
			{Type: chat.StringOption, Name: "env", Description: "Where to deploy", Required: true, Choices: []chat.CommandChoice{
				{Name: "Staging", Value: "staging"}, {Name: "Production", Value: "production"}}},
			{Type: chat.StringOption, Name: "build", Description: "The build to deploy", Autocomplete: true},
		},
	}, {Type: chat.MessageCommand, Name: "Report deploy issue"}})
	if err != nil {
		log.Fatal(err)
	}
	for _, cmd := range cmds {
		fmt.Printf("%s %q (type %d, version %s)\n", cmd.ID, cmd.Name, cmd.Type, cmd.Version)
	}
	// Output:
	// 1180000000000000601 "deploy" (type 1, version 1180000000000000602)
	// 1180000000000000603 "Report deploy issue" (type 3, version 1180000000000000604)
}

// Commands one at a time, globally and in one server, and who may use
// them there.
func ExampleClient_CreateGuildCommand() {
	srv := conduittest.Start()
	defer srv.Close()
	ctx := context.Background()
	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	const app, guild = "1180000000000000003", "1180000000000000007"
	deploy := chat.ApplicationCommand{Name: "deploy", Description: "Deploy a build to an environment"}
	cmd, err := c.CreateGuildCommand(ctx, app, guild, deploy)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("in the server at once:", cmd.ID, cmd.GuildID)
	desc := "Deploy a build to staging or production"
	if cmd, err = c.EditGuildCommand(ctx, app, guild, cmd.ID, chat.CommandEdit{Description: &desc}); err != nil {
		log.Fatal(err)
	}
	if cmd, err = c.GuildCommand(ctx, app, guild, cmd.ID); err != nil {
		log.Fatal(err)
	}
	here, err := c.GuildCommands(ctx, app, guild)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := c.BulkOverwriteGuildCommands(ctx, app, guild, []chat.ApplicationCommand{deploy}); err != nil {
		log.Fatal(err)
	}
	if err := c.DeleteGuildCommand(ctx, app, guild, cmd.ID); err != nil {
		log.Fatal(err)
	}
	fmt.Println("commands in the server:", len(here))

	global, err := c.CreateGlobalCommand(ctx, app, deploy)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := c.EditGlobalCommand(ctx, app, global.ID, chat.CommandEdit{Description: &desc}); err != nil {
		log.Fatal(err)
	}
	if global, err = c.GlobalCommand(ctx, app, global.ID); err != nil {
		log.Fatal(err)
	}
	all, err := c.GlobalCommands(ctx, app)
	if err != nil {
		log.Fatal(err)
	}
	if err := c.DeleteGlobalCommand(ctx, app, global.ID); err != nil {
		log.Fatal(err)
	}
	fmt.Println("global commands:", len(all))

	// Only a user's OAuth2 token may change who can use a command.
	bearer := conduittest.Credential("chat", "bearer_token")
	perms, err := c.EditCommandPermissions(ctx, app, guild, global.ID, bearer, []chat.CommandPermission{
		{ID: "1180000000000000011", Type: chat.PermissionRole, Permission: true},
		{ID: guild, Type: chat.PermissionRole, Permission: false}, // @everyone
	})
	if err != nil {
		log.Fatal(err)
	}
	if perms, err = c.CommandPermissions(ctx, app, guild, perms.ID); err != nil {
		log.Fatal(err)
	}
	every, err := c.GuildCommandPermissions(ctx, app, guild)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d overwrites on %s; %d commands with overwrites\n", len(perms.Permissions), perms.ID, len(every))
	// Output:
	// in the server at once: 1180000000000000601 1180000000000000007
	// commands in the server: 1
	// global commands: 2
	// 2 overwrites on 1180000000000000601; 2 commands with overwrites
}

// A bot opens a thread on its deploy message, brings the on-call engineer
// in, and later finds the thread among the archived ones.
func ExampleClient_StartThreadFromMessage() {
	srv := conduittest.Start()
	defer srv.Close()
	ctx := context.Background()
	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	const channel = "1180000000000000101"
	t, err := c.StartThreadFromMessage(ctx, channel, "1180000000000005001", "Deploy 2024.06.21-3",
		&chat.ThreadParams{AutoArchiveDuration: 1440, Audit: &chat.Audit{Reason: "deploy discussion"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("thread", t.ID, "in", t.ParentID)
	for _, step := range []error{
		c.JoinThread(ctx, t.ID),
		c.AddThreadMember(ctx, t.ID, "1180000000000000201"),
		c.RemoveThreadMember(ctx, t.ID, "1180000000000000201"),
		c.LeaveThread(ctx, t.ID),
	} {
		if step != nil {
			log.Fatal(step)
		}
	}
	if _, err := c.StartThread(ctx, channel, "Incident 2024-06-21", &chat.ThreadParams{Type: chat.PrivateThread}); err != nil {
		log.Fatal(err)
	}
	post, err := c.StartForumThread(ctx, "1180000000000000105", "Rollout plan", chat.ForumMessage{Content: "Rollout plan for 2024.06.21-3"},
		&chat.ThreadParams{AppliedTags: []chat.Snowflake{"1180000000000000451"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("forum post", post.ID)
	active, err := c.ActiveGuildThreads(ctx, "1180000000000000007")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("active:", len(active.Threads))
	page, err := c.PublicArchivedThreads(ctx, channel, &chat.ArchivedThreadsParams{Limit: 2})
	if err != nil {
		log.Fatal(err)
	}
	for _, th := range page.Threads {
		fmt.Println("archived", th.Name, th.ThreadMetadata.ArchiveTimestamp.Format("2006-01-02"))
	}
	if page.HasMore { // the next page: before the last one's archive time
		last := page.Threads[len(page.Threads)-1].ThreadMetadata.ArchiveTimestamp
		if _, err := c.PrivateArchivedThreads(ctx, channel, &chat.ArchivedThreadsParams{Before: last}); err != nil {
			log.Fatal(err)
		}
	}
	if _, err := c.JoinedPrivateArchivedThreads(ctx, channel, nil); err != nil {
		log.Fatal(err)
	}
	// Output:
	// thread 1180000000000005001 in 1180000000000000101
	// forum post 1180000000000000412
	// active: 2
	// archived Deploy 2024.06.14-1 2024-06-15
	// archived Deploy 2024.06.07-2 2024-06-08
}

// A moderation bot times a member out, bans a spammer, and tidies roles,
// channels, pins and messages, each change with its reason in the
// server's audit log.
func ExampleClient_ModifyGuildMember() {
	srv := conduittest.Start()
	defer srv.Close()
	ctx := context.Background()
	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	const guild, channel, ana = "1180000000000000007", "1180000000000000101", "1180000000000000201"
	if _, err := c.GuildMember(ctx, guild, ana); err != nil {
		log.Fatal(err)
	}
	until := time.Now().Add(10 * time.Minute)
	m, err := c.ModifyGuildMember(ctx, guild, ana, chat.MemberEdit{CommunicationDisabledUntil: &until, Audit: &chat.Audit{Reason: "cool-down"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("timed out:", m.User.Username)
	ban := &chat.BanParams{DeleteMessageSeconds: 3600, Audit: &chat.Audit{Reason: "spam links"}}
	name, color := "release-managers", 0x2ECC71
	ch := "deploy-2024-06-21"
	steps := []func() error{
		func() error { return c.AddGuildMemberRole(ctx, guild, ana, "1180000000000000011", nil) },
		func() error { return c.RemoveGuildMemberRole(ctx, guild, ana, "1180000000000000011", nil) },
		func() error { return c.CreateGuildBan(ctx, guild, "1180000000000000299", ban) },
		func() error { return c.RemoveGuildBan(ctx, guild, "1180000000000000298", nil) },
		func() error { _, err := c.GuildBans(ctx, guild, nil); return err },
		func() error { _, err := c.GuildRoles(ctx, guild); return err },
		func() error { _, err := c.CreateGuildRole(ctx, guild, &chat.RoleParams{Name: &name}); return err },
		func() error {
			_, err := c.ModifyGuildRole(ctx, guild, "1180000000000000013", &chat.RoleParams{Color: &color})
			return err
		},
		func() error { return c.DeleteGuildRole(ctx, guild, "1180000000000000013", nil) },
		func() error { _, err := c.CreateGuildChannel(ctx, guild, &chat.ChannelParams{Name: &ch}); return err },
		func() error {
			_, err := c.ModifyChannel(ctx, "1180000000000000106", &chat.ChannelParams{Name: &ch})
			return err
		},
		func() error { _, err := c.DeleteChannel(ctx, "1180000000000000106", nil); return err },
		func() error { return c.PinMessage(ctx, channel, "1180000000000005001", nil) },
		func() error { _, err := c.PinnedMessages(ctx, channel, nil); return err },
		func() error { return c.UnpinMessage(ctx, channel, "1180000000000005001", nil) },
		func() error { return c.TriggerTyping(ctx, channel) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			log.Fatal(err)
		}
	}
	// Ids older than two weeks are refused before anything is sent.
	err = c.BulkDeleteMessages(ctx, channel, []chat.Snowflake{"1180000000000005001", "1180000000000005002"}, nil)
	fmt.Println(err)
	// Output:
	// timed out: ana.ops
	// chat.BulkDeleteMessages: invalid parameter messages[0]: is older than two weeks, which bulk deletion does not take
}

// An application answers a slash command with a button, through the API
// (an endpoint that answers in its HTTP response uses
// WriteInteractionResponse instead), then follows up.
func ExampleClient_CreateInteractionResponse() {
	srv := conduittest.Start()
	defer srv.Close()
	ctx := context.Background()
	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	// The interaction as InteractionHandler hands it over, verified.
	body := `{"id":"1180000000000000901","application_id":"1180000000000000003","type":2,"data":{"name":"deploy"},` +
		`"channel_id":"1180000000000000101","token":"` + conduittest.Credential("chat", "interaction_token") + `","version":1}`
	in, err := chat.ParseInteraction([]byte(body))
	if err != nil {
		log.Fatal(err)
	}
	promote, err := chat.Components(&chat.ActionRow{Components: []chat.Component{
		&chat.Button{Style: chat.ButtonSuccess, Label: "Promote to production", CustomID: "promote:2024.06.21-3"},
		&chat.Button{Style: chat.ButtonLink, Label: "Logs", URL: "https://ci.example.com/130"},
	}})
	if err != nil {
		log.Fatal(err)
	}
	reply := chat.ReplyMessage(chat.InteractionMessage{Content: "Deploying 2024.06.21-3 to staging", Components: promote})
	if err := c.CreateInteractionResponse(ctx, in, reply); err != nil {
		log.Fatal(err)
	}
	orig, err := c.OriginalInteractionResponse(ctx, in)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("answered:", orig.Content)
	done := "Deployed 2024.06.21-3 to staging"
	if _, err := c.EditOriginalInteractionResponse(ctx, in, chat.MessageEdit{Content: &done}); err != nil {
		log.Fatal(err)
	}
	f, err := c.CreateFollowupMessage(ctx, in, chat.InteractionMessage{Content: "Canary at 5%: no errors", Flags: chat.FlagEphemeral})
	if err != nil {
		log.Fatal(err)
	}
	if f, err = c.FollowupMessage(ctx, in, f.ID); err != nil {
		log.Fatal(err)
	}
	fmt.Println("follow-up:", f.Content)
	now := "Canary at 25%: no errors"
	if _, err := c.EditFollowupMessage(ctx, in, f.ID, chat.MessageEdit{Content: &now}); err != nil {
		log.Fatal(err)
	}
	if err := c.DeleteFollowupMessage(ctx, in, f.ID); err != nil {
		log.Fatal(err)
	}
	if err := c.DeleteOriginalInteractionResponse(ctx, in); err != nil {
		log.Fatal(err)
	}
	fmt.Println(in) // the token never prints
	// Output:
	// answered: Deploying 2024.06.21-3 to staging
	// follow-up: Canary at 5%: no errors
	// interaction 1180000000000000901 (type 2)
}
