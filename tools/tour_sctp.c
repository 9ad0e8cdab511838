// SPDX-License-Identifier: MIT
/*
 * tools/tour_sctp.c - "kstruct tour sctp": the SCTP lists of 2.5.33, step
 * by step.
 *
 * Mirrors no kernel function: it builds an endpoint with two multi-homed
 * associations (the peers arrive as INIT chunks, through
 * sctp_process_init()), prints the endpoint's asocs list and each
 * association's transport and bind address lists, looks a peer up
 * (__sctp_endpoint_lookup_assoc(), sctp_assoc_lookup_paddr()), fails a
 * path and shows the new active and retransmit choice
 * (sctp_assoc_control_transport()), then sends DATA and processes a SACK
 * with a gap (sctp_make_sack(), sctp_sack_outqueue()), all on the scene
 * of tools/sctp_scene.c.  The output is the same on every run.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/packet.h"
#include "sctp/sm.h"
#include "sctp/structs.h"
#include "tools/kstruct.h"
#include "tools/sctp_scene.h"

static const char *path_marks(const struct sctp_association *asoc,
			      const struct sctp_transport *t, char *buf,
			      size_t size)
{
	snprintf(buf, size, "%s%s%s%s",
		 t == asoc->peer.primary_path ? " primary" : "",
		 t == asoc->peer.active_path ? " active" : "",
		 t == asoc->peer.retran_path ? " retran" : "",
		 t->state == SCTP_ACTIVE ? "" : " (DOWN)");
	return buf;
}

static void show_asoc(FILE *out, const struct sctp_association *asoc, int nr)
{
	struct sctp_sockaddr_entry *e;
	struct sctp_transport *t;
	struct sctp_chunk *c;
	char a[64], m[64];

	fprintf(out, "  association %d (peer port %u, tag %#x):\n", nr,
		asoc->peer.port, asoc->c.peer_vtag);
	fprintf(out, "    base.bind_addr.address_list:");
	list_for_each_entry(e, &asoc->base.bind_addr.address_list, list)
		fprintf(out, " %s", sctp_scene_addr(&e->a, a, sizeof(a)));
	fprintf(out, "\n    peer.transport_addr_list:\n");
	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		fprintf(out, "      -> %-18s ssthresh %u%s",
			sctp_scene_addr(&t->ipaddr, a, sizeof(a)), t->ssthresh,
			path_marks(asoc, t, m, sizeof(m)));
		if (!list_empty(&t->transmitted)) {
			fprintf(out, "  transmitted:");
			list_for_each_entry(c, &t->transmitted, list)
				fprintf(out, " %u%s", c->tsn,
					c->tsn_gap_acked ? "(gap-acked)" : "");
		}
		fprintf(out, "\n");
	}
}

static void show_ep(FILE *out, const struct sctp_endpoint *ep)
{
	struct sctp_association *asoc;
	struct sctp_sockaddr_entry *e;
	char a[64];
	int nr = 1;

	fprintf(out, "endpoint, port %u, base.bind_addr.address_list:",
		ep->base.bind_addr.port);
	list_for_each_entry(e, &ep->base.bind_addr.address_list, list)
		fprintf(out, " %s", sctp_scene_addr(&e->a, a, sizeof(a)));
	fprintf(out, "\nendpoint->asocs:\n");
	list_for_each_entry(asoc, &ep->asocs, asocs)
		show_asoc(out, asoc, nr++);
}

static int tour_sctp(FILE *out)
{
	struct sctp_scene s;
	struct sctp_association *asoc, *a1, *a2;
	struct sctp_transport *t;
	union sctp_addr who;
	uint32_t got[3];
	uint8_t sack[64];
	char a[64];
	int err, len, i;

	rcu_register_thread();
	err = sctp_scene_build(&s);
	if (err)
		goto out;
	a1 = s.asoc[0];
	a2 = s.asoc[1];

	fprintf(out, TOUR_STEP
		"1. An endpoint and its lists.  Each peer arrived as an "
		"INIT whose\n   address parameters sctp_process_init() turned "
		"into transports\n   (first the source address, then each "
		"in-scope address, in order).\n\n");
	show_ep(out, s.ep);

	fprintf(out, "\n" TOUR_STEP
		     "2. Lookups walk the lists.  __sctp_endpoint_lookup_"
		     "assoc() walks ep->asocs\n   and, in each, "
		     "peer.transport_addr_list:\n");
	who = sctp_scene_make_addr("192.168.6.1", 6000);
	asoc = __sctp_endpoint_lookup_assoc(s.ep, &who, &t);
	fprintf(out, "   %s -> association %d, transport %s\n",
		sctp_scene_addr(&who, a, sizeof(a)),
		asoc == a1 ? 1 :
		asoc == a2 ? 2 :
			     0,
		t ? sctp_scene_addr(&t->ipaddr, a, sizeof(a)) : "none");
	who = sctp_scene_make_addr("192.168.6.1", 6001);
	fprintf(out, "   %s -> %s (the port is part of the address)\n",
		sctp_scene_addr(&who, a, sizeof(a)),
		sctp_assoc_lookup_paddr(a2, &who) ? "found" : "NULL");

	fprintf(out,
		"\n" TOUR_STEP
		"3. A path fails.  sctp_assoc_control_transport(DOWN) "
		"re-picks active and\n   retran among the active transports, "
		"most recently heard first,\n   the primary winning when it "
		"is up:\n");
	i = 0;
	list_for_each_entry(t, &a2->peer.transport_addr_list, transports)
		t->last_time_heard = 100 + 10 * (unsigned long)i++;
	spin_lock(&a2->base.lock);
	sctp_assoc_control_transport(a2, a2->peer.primary_path,
				     SCTP_TRANSPORT_DOWN);
	spin_unlock(&a2->base.lock);
	show_asoc(out, a2, 2);
	if (a2->peer.active_path == a2->peer.retran_path)
		fprintf(out,
			"   (2.5.33's selection has no else: the newest "
			"path wins first place and is\n   then compared for "
			"second place too, so active and retran coincide.)\n");
	spin_lock(&a2->base.lock);
	sctp_assoc_control_transport(a2, a2->peer.primary_path,
				     SCTP_TRANSPORT_UP);
	spin_unlock(&a2->base.lock);
	fprintf(out, "   ...and when it comes back up:\n");
	show_asoc(out, a2, 2);

	fprintf(out,
		"\n" TOUR_STEP
		"4. DATA and a SACK.  Three chunks go out on the active "
		"path; the peer\n   gets the first and the third, and its "
		"SACK acks the first cumulatively\n   and the third in a gap "
		"block (sctp_make_sack() plays its tsnmap):\n");
	for (i = 0; i < 3; i++) {
		struct sctp_chunk *c =
			sctp_chunk_new(SCTP_CID_DATA, 100, GFP_KERNEL);

		if (!c) {
			err = -ENOMEM;
			goto out_free;
		}
		sctp_outq_tail(&a1->outqueue, c);
	}
	spin_lock(&a1->base.lock);
	sctp_outq_flush(&a1->outqueue);
	spin_unlock(&a1->base.lock);
	show_asoc(out, a1, 1);
	fprintf(out, "   outstanding %u bytes, peer rwnd %u\n",
		a1->outqueue.outstanding_bytes, a1->peer.rwnd);

	/* the peer's view: our first TSN is its peer.i.initial_tsn */
	got[0] = a1->next_tsn - 3;
	got[1] = a1->next_tsn - 1;
	{
		struct sctp_association peer_view;
		struct sctp_sack_view v;

		memset(&peer_view, 0, sizeof(peer_view));
		peer_view.peer.i.initial_tsn = got[0];
		len = sctp_make_sack(&peer_view, got, 2, sack, sizeof(sack));
		if (len < 0 || sctp_verify_sack(sack, (size_t)len, &v)) {
			err = len < 0 ? len : -EINVAL;
			goto out_free;
		}
		fprintf(out, "   SACK: cum_tsn_ack %u, %u gap block(s)",
			v.cum_tsn_ack, v.num_gap_ack_blocks);
		for (i = 0; i < v.num_gap_ack_blocks; i++)
			fprintf(out, " [+%u..+%u]",
				sctp_sack_view_gap(&v, (unsigned int)i).start,
				sctp_sack_view_gap(&v, (unsigned int)i).end);
		fprintf(out, ", a_rwnd %u\n", v.a_rwnd);
	}
	spin_lock(&a1->base.lock);
	err = sctp_sack_outqueue(&a1->outqueue,
				 (const struct sctp_sackhdr *)(sack + 4),
				 (size_t)len - 4);
	spin_unlock(&a1->base.lock);
	if (err)
		goto out_free;
	fprintf(out, "   after sctp_sack_outqueue(): the acked chunk is "
		     "freed, the gap-acked one kept\n");
	show_asoc(out, a1, 1);
	fprintf(out,
		"   ctsn_ack_point %u, outstanding %u bytes, peer rwnd "
		"%u\n\n",
		a1->ctsn_ack_point, a1->outqueue.outstanding_bytes,
		a1->peer.rwnd);
	fprintf(out,
		"What later kernels changed: step 3's choice is now made by\n"
		"sctp_select_active_and_retran_path(), which keeps first and second\n"
		"place apart and knows a 'potentially failed' path state; an incoming\n"
		"packet finds its association through a hash table of transports (an\n"
		"rhltable) instead of the walks of step 2; the bind address lists are\n"
		"read under RCU, as here; and sctp_sack_outqueue() is sctp_outq_sack().\n"
		"\n");
	fprintf(out, "See docs/sctp.md; \"kstruct sctp --pcap FILE\" writes "
		     "a whole exchange for Wireshark.\n");
out_free:
	sctp_scene_free(&s);
out:
	rcu_unregister_thread();
	return err;
}

KSTRUCT_TOUR("sctp", 50, "SCTP endpoint, associations, transports, SACK",
	     tour_sctp);
