// SPDX-License-Identifier: MIT
/*
 * tools/draw_sctp.c - "kstruct draw association": a Graphviz DOT picture
 * of the SCTP scene (tools/sctp_scene.h): the endpoint's asocs ring, each
 * association's bind address ring and peer.transport_addr_list ring, and
 * the primary/active/retran path pointers.
 *
 * Mirrors no kernel function: it draws what associola.c, bind_addr.c and
 * endpointola.c build.  Every list edge is read from a real next pointer
 * and every path edge from the real pointer, so the picture shows what
 * the code made.  Nodes are named by role, never by address, so the
 * output is the same on every run.
 */
#include <errno.h>
#include <stdio.h>

#include "list/rculist.h"
#include "sctp/structs.h"
#include "tools/kstruct.h"
#include "tools/sctp_scene.h"

/* a ring as a chain of edges: head -> first -> ... -> head */
static void draw_transports(FILE *out, const struct sctp_association *asoc,
			    int a)
{
	const struct sctp_transport *t;
	const struct list_head *head = &asoc->peer.transport_addr_list;
	char addr[64];
	int i = 0;

	fprintf(out, "  a%d_th [label=\"peer.transport_addr_list\", "
		"shape=box, style=rounded];\n", a);
	fprintf(out, "  a%d -> a%d_th [arrowhead=none];\n", a, a);
	list_for_each_entry(t, head, transports) {
		fprintf(out, "  a%d_t%d [label=\"{struct sctp_transport|%s|"
			"%s, ssthresh %u}\"];\n", a, i,
			sctp_scene_addr(&t->ipaddr, addr, sizeof(addr)),
			t->state == SCTP_ACTIVE ? "ACTIVE" : "INACTIVE",
			t->ssthresh);
		if (t->transports.prev == head)
			fprintf(out, "  a%d_th -> a%d_t%d [label=next];\n", a,
				a, i);
		else
			fprintf(out, "  a%d_t%d -> a%d_t%d [label=next];\n",
				a, i - 1, a, i);
		if (t == asoc->peer.primary_path)
			fprintf(out, "  a%d -> a%d_t%d [style=dashed, "
				"color=blue, label=primary];\n", a, a, i);
		if (t == asoc->peer.active_path)
			fprintf(out, "  a%d -> a%d_t%d [style=dashed, "
				"color=darkgreen, label=active];\n", a, a, i);
		if (t == asoc->peer.retran_path)
			fprintf(out, "  a%d -> a%d_t%d [style=dashed, "
				"color=red, label=retran];\n", a, a, i);
		i++;
	}
	if (i)
		fprintf(out, "  a%d_t%d -> a%d_th [label=next, "
			"constraint=false];\n", a, i - 1, a);
}

static void draw_bind(FILE *out, const char *owner,
		      const struct sctp_bind_addr *bp)
{
	const struct sctp_sockaddr_entry *e;
	char addr[64];
	int i = 0;

	fprintf(out, "  %s_bind [label=\"bind_addr (port %u)\", shape=box, "
		"style=rounded];\n  %s -> %s_bind [arrowhead=none];\n",
		owner, bp->port, owner, owner);
	list_for_each_entry(e, &bp->address_list, list) {
		fprintf(out, "  %s_b%d [label=\"%s\", shape=note];\n", owner,
			i, sctp_scene_addr(&e->a, addr, sizeof(addr)));
		if (i == 0)
			fprintf(out, "  %s_bind -> %s_b0 [label=next];\n",
				owner, owner);
		else
			fprintf(out, "  %s_b%d -> %s_b%d [label=next];\n",
				owner, i - 1, owner, i);
		i++;
	}
}

static int draw_association(FILE *out)
{
	struct sctp_scene s;
	struct sctp_association *asoc;
	char owner[16];
	int err, a = 0;

	rcu_register_thread();
	err = sctp_scene_build(&s);
	if (err)
		goto out;
	fprintf(out, "digraph sctp {\n  rankdir=LR;\n  node [shape=record, "
		"fontname=\"monospace\"];\n");
	fprintf(out, "  ep [label=\"{struct sctp_endpoint|port %u}\"];\n",
		s.ep->base.bind_addr.port);
	draw_bind(out, "ep", &s.ep->base.bind_addr);
	fprintf(out, "  ep_asocs [label=\"asocs\", shape=box, "
		"style=rounded];\n  ep -> ep_asocs [arrowhead=none];\n");
	list_for_each_entry(asoc, &s.ep->asocs, asocs) {
		fprintf(out, "  a%d [label=\"{struct sctp_association|peer "
			"port %u|%u transports}\"];\n", a, asoc->peer.port,
			asoc->peer.transport_count);
		if (a == 0)
			fprintf(out, "  ep_asocs -> a0 [label=next];\n");
		else
			fprintf(out, "  a%d -> a%d [label=\"asocs.next\"];\n",
				a - 1, a);
		snprintf(owner, sizeof(owner), "a%d", a);
		draw_bind(out, owner, &asoc->base.bind_addr);
		draw_transports(out, asoc, a);
		a++;
	}
	if (a)
		fprintf(out, "  a%d -> ep_asocs [label=\"asocs.next\", "
			"constraint=false];\n", a - 1);
	fprintf(out, "}\n");
	sctp_scene_free(&s);
out:
	rcu_unregister_thread();
	return err;
}

KSTRUCT_DRAW("association", "an SCTP endpoint, two multi-homed associations, "
	     "their transport and bind lists and path pointers",
	     draw_association);
