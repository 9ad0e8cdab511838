// SPDX-License-Identifier: MIT
/*
 * tools/draw_sctp.c - "kstruct draw endpoint" and "kstruct draw
 * association": Graphviz DOT pictures of the SCTP scene
 * (tools/sctp_scene.h).
 *
 * Mirrors no kernel function: it draws what associola.c, bind_addr.c and
 * endpointola.c build.
 * - endpoint: the endpoint's bind address ring and its asocs ring of
 *   associations.
 * - association: the second association (three peer addresses): its
 *   copy of the bind addresses, its peer.transport_addr_list ring, and
 *   the primary, active and retran path pointers.
 * Every list edge is read from a real next pointer and ends at the
 * list_head it points to; every path edge is the real pointer.  Nodes
 * are named by role, never by address, so the output is the same on
 * every run.
 */
#include <errno.h>
#include <stdio.h>

#include "list/rculist.h"
#include "sctp/structs.h"
#include "tools/draw.h"
#include "tools/kstruct.h"
#include "tools/sctp_scene.h"

/* the node of a bind address entry: its address and its list_head */
static void draw_bind_entry(FILE *out, const char *id,
			    const struct sctp_sockaddr_entry *e)
{
	char addr[64];

	fprintf(out,
		"\t%s [label=<" DRAW_TABLE
		"<TR><TD BGCOLOR=\"%s\"><B>struct sctp_sockaddr_entry</B>"
		"</TD></TR><TR><TD>a = ",
		id, DRAW_TITLE_FILL);
	draw_html(out, sctp_scene_addr(&e->a, addr, sizeof(addr)));
	fprintf(out,
		"</TD></TR><TR><TD PORT=\"list\" BGCOLOR=\"%s\">list"
		"</TD></TR></TABLE>>];\n",
		DRAW_LINK_FILL);
}

/*
 * The ring of bind addresses headed at @head_port (a node:port): one
 * node per entry, named @prefix0, @prefix1, ..., and its next edges.
 */
static int draw_bind_ring(FILE *out, const struct sctp_bind_addr *bp,
			  const char *head_port, const char *prefix)
{
	const struct list_head *pos;
	char from[64];
	int i = 0;

	snprintf(from, sizeof(from), "%s", head_port);
	for (pos = bp->address_list.next; pos != &bp->address_list;
	     pos = pos->next) {
		char id[32];

		snprintf(id, sizeof(id), "%s%d", prefix, i++);
		draw_bind_entry(out, id,
				list_entry(pos, struct sctp_sockaddr_entry,
					   list));
		fprintf(out, "\t%s -> %s:list [" DRAW_EDGE_NEXT "];\n", from,
			id);
		snprintf(from, sizeof(from), "%s:list", id);
		if (i > 64)
			return -EIO;
	}
	fprintf(out, "\t%s -> %s [" DRAW_EDGE_NEXT "];\n", from, head_port);
	return 0;
}

static const struct draw_key endpoint_keys[] = {
	{ DRAW_HEAD_FILL, "asocs", "a list head inside its owner" },
	{ DRAW_LINK_FILL, "asocs", "the list_head embedded in each entry" },
	{ NULL, DRAW_KEY_NEXT,
	  "next pointers round each ring and back to "
	  "its head (prev mirrors them)" },
};

static int draw_endpoint(FILE *out)
{
	struct sctp_scene s;
	const struct sctp_association *asoc;
	const struct list_head *pos;
	char from[32];
	int err, a = 0;

	rcu_register_thread();
	err = sctp_scene_build(&s);
	if (err)
		goto out;
	fprintf(out, "// kstruct draw endpoint: the endpoint of 'kstruct tour "
		     "sctp', its bind addresses and associations.\n");
	fprintf(out, "digraph endpoint {\n");
	draw_begin(out, "LR",
		   "An SCTP endpoint (port 80) bound "
		   "to two addresses, with two associations",
		   endpoint_keys, ARRAY_SIZE(endpoint_keys));
	fprintf(out,
		"\tep [label=<" DRAW_TABLE
		"<TR><TD BGCOLOR=\"%s\"><B>struct sctp_endpoint</B></TD></TR>"
		"<TR><TD>base.bind_addr.port = %u</TD></TR>"
		"<TR><TD PORT=\"addrs\" BGCOLOR=\"%s\">base.bind_addr."
		"address_list</TD></TR>"
		"<TR><TD PORT=\"asocs\" BGCOLOR=\"%s\">asocs</TD></TR>"
		"</TABLE>>];\n",
		DRAW_TITLE_FILL, s.ep->base.bind_addr.port, DRAW_HEAD_FILL,
		DRAW_HEAD_FILL);
	err = draw_bind_ring(out, &s.ep->base.bind_addr, "ep:addrs", "addr");
	if (err)
		goto out_free;
	snprintf(from, sizeof(from), "ep:asocs");
	for (pos = s.ep->asocs.next; pos != &s.ep->asocs; pos = pos->next) {
		asoc = list_entry(pos, struct sctp_association, asocs);
		fprintf(out,
			"\tasoc%d [label=<" DRAW_TABLE
			"<TR><TD BGCOLOR=\"%s\"><B>struct sctp_association"
			"</B></TD></TR>"
			"<TR><TD>peer.port = %u</TD></TR>"
			"<TR><TD>peer.transport_count = %u</TD></TR>"
			"<TR><TD PORT=\"asocs\" BGCOLOR=\"%s\">asocs</TD></TR>"
			"</TABLE>>];\n",
			a, DRAW_TITLE_FILL, asoc->peer.port,
			asoc->peer.transport_count, DRAW_LINK_FILL);
		fprintf(out, "\t%s -> asoc%d:asocs [" DRAW_EDGE_NEXT "];\n",
			from, a);
		snprintf(from, sizeof(from), "asoc%d:asocs", a++);
	}
	fprintf(out, "\t%s -> ep:asocs [" DRAW_EDGE_NEXT "];\n}\n", from);
out_free:
	sctp_scene_free(&s);
out:
	rcu_unregister_thread();
	return err;
}

static const struct draw_key association_keys[] = {
	{ DRAW_HEAD_FILL, "head", "a list head inside the association" },
	{ DRAW_LINK_FILL, "transports",
	  "the list_head embedded in each "
	  "entry" },
	{ NULL, DRAW_KEY_NEXT,
	  "next pointers round each ring and back to "
	  "its head (prev mirrors them)" },
	{ NULL, DRAW_KEY_OTHER,
	  "the path pointers: primary_path, "
	  "active_path, retran_path" },
};

static int draw_association(FILE *out)
{
	static const char *const path_names[3] = {
		"primary_path",
		"active_path",
		"retran_path",
	};
	static const char *const path_corner[3] = { "ne", "e", "se" };
	const struct sctp_transport *paths[3];
	const struct sctp_transport *t;
	const struct sctp_association *asoc;
	const struct list_head *pos;
	struct sctp_scene s;
	char from[32], addr[64];
	int err, i, nr = 0;

	rcu_register_thread();
	err = sctp_scene_build(&s);
	if (err)
		goto out;
	asoc = s.asoc[1];
	paths[0] = asoc->peer.primary_path;
	paths[1] = asoc->peer.active_path;
	paths[2] = asoc->peer.retran_path;
	fprintf(out, "// kstruct draw association: the second association of "
		     "'kstruct tour sctp'.\n");
	fprintf(out, "digraph association {\n");
	draw_begin(out, "TB",
		   "An association whose peer "
		   "listed three addresses in its INIT",
		   association_keys, ARRAY_SIZE(association_keys));
	fprintf(out,
		"\tasoc [label=<" DRAW_TABLE
		"<TR><TD BGCOLOR=\"%s\"><B>struct sctp_association</B>"
		"</TD></TR>"
		"<TR><TD>peer.port = %u</TD></TR>"
		"<TR><TD PORT=\"addrs\" BGCOLOR=\"%s\">base.bind_addr."
		"address_list</TD></TR>"
		"<TR><TD PORT=\"transports\" BGCOLOR=\"%s\">peer."
		"transport_addr_list</TD></TR>",
		DRAW_TITLE_FILL, asoc->peer.port, DRAW_HEAD_FILL,
		DRAW_HEAD_FILL);
	for (i = 0; i < 3; i++)
		fprintf(out, "<TR><TD PORT=\"%s\">peer.%s</TD></TR>",
			path_names[i], path_names[i]);
	fprintf(out, "</TABLE>>];\n");
	err = draw_bind_ring(out, &asoc->base.bind_addr, "asoc:addrs", "addr");
	if (err)
		goto out_free;
	snprintf(from, sizeof(from), "asoc:transports");
	for (pos = asoc->peer.transport_addr_list.next;
	     pos != &asoc->peer.transport_addr_list; pos = pos->next) {
		t = list_entry(pos, struct sctp_transport, transports);
		fprintf(out,
			"\tt%d [label=<" DRAW_TABLE
			"<TR><TD PORT=\"title\" COLSPAN=\"2\" BGCOLOR=\"%s\">"
			"<B>struct sctp_transport</B></TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">ipaddr</TD><TD>",
			nr, DRAW_TITLE_FILL);
		draw_html(out, sctp_scene_addr(&t->ipaddr, addr, sizeof(addr)));
		fprintf(out,
			"</TD></TR>"
			"<TR><TD ALIGN=\"LEFT\">state</TD><TD>%s</TD></TR>"
			"<TR><TD PORT=\"transports\" COLSPAN=\"2\" "
			"BGCOLOR=\"%s\">transports</TD></TR></TABLE>>];\n",
			t->state == SCTP_ACTIVE ? "ACTIVE" : "INACTIVE",
			DRAW_LINK_FILL);
		fprintf(out, "\t%s -> t%d:transports [" DRAW_EDGE_NEXT "];\n",
			from, nr);
		/*
		 * out of the east side of the pointer's own row, into the
		 * transport's title at a corner of its own: two pointers to
		 * one transport never share a line
		 */
		for (i = 0; i < 3; i++)
			if (paths[i] == t)
				fprintf(out,
					"\tasoc:%s:e -> t%d:title:%s [constraint=false, " DRAW_EDGE_OTHER
					"];\n",
					path_names[i], nr, path_corner[i]);
		snprintf(from, sizeof(from), "t%d:transports", nr++);
	}
	fprintf(out, "\t%s -> asoc:transports [" DRAW_EDGE_NEXT "];\n}\n",
		from);
out_free:
	sctp_scene_free(&s);
out:
	rcu_unregister_thread();
	return err;
}

KSTRUCT_DRAW("endpoint",
	     "an SCTP endpoint: its bind addresses and its "
	     "associations",
	     draw_endpoint);
KSTRUCT_DRAW("association",
	     "an SCTP association: bind addresses, "
	     "transports and path pointers",
	     draw_association);
