// SPDX-License-Identifier: MIT
/*
 * tools/exercise_sctp.c - the exercises of docs/sctp.md.
 *
 * Mirrors no kernel function: each takes the tour's scene
 * (tools/sctp_scene.h), changes one thing with sctp/, and prints the
 * paths or lookups that follow.  The code between "exercise NAME setup
 * {" and "}" is what the page shows (tests/tools/test_exercise.c holds
 * them equal).
 */
#include <errno.h>
#include <stdio.h>

#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/structs.h"
#include "tools/kstruct.h"
#include "tools/sctp_scene.h"

/* each transport of @asoc, in list order, and the paths that are it */
static void print_paths(FILE *out, const struct sctp_association *asoc)
{
	const struct sctp_transport *t;
	char addr[64];

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports)
		fprintf(out, "%-17s %s%s%s%s\n",
			sctp_scene_addr(&t->ipaddr, addr, sizeof(addr)),
			t->state == SCTP_ACTIVE ? "ACTIVE" : "INACTIVE",
			t == asoc->peer.primary_path ? " primary" : "",
			t == asoc->peer.active_path ? " active" : "",
			t == asoc->peer.retran_path ? " retran" : "");
}

/* send one DATA chunk on @t (made the active path for the flush) */
static int send_on(struct sctp_association *asoc, struct sctp_transport *t)
{
	struct sctp_transport *saved = asoc->peer.active_path;
	struct sctp_chunk *chunk =
		sctp_chunk_new(SCTP_CID_DATA, 100, GFP_KERNEL);
	int sent;

	if (!chunk)
		return -ENOMEM;
	spin_lock(&asoc->base.lock);
	sctp_outq_tail(&asoc->outqueue, chunk);
	asoc->peer.active_path = t;
	sent = sctp_outq_flush(&asoc->outqueue);
	asoc->peer.active_path = saved;
	spin_unlock(&asoc->base.lock);
	return sent == 1 ? 0 : -EIO;
}

/*
 * Build the tour's scene, run @fn on its second association (three
 * transports, peer port 6000), check it and free everything.
 */
static int in_scene(FILE *out,
		    int (*fn)(FILE *out, struct sctp_association *asoc))
{
	struct sctp_scene s;
	int err;

	rcu_register_thread();
	err = sctp_scene_build(&s);
	if (err)
		goto out;
	err = fn(out, s.asoc[1]);
	if (!err && !sctp_assoc_check(s.asoc[1]))
		err = -EIO;
	sctp_scene_free(&s);
out:
	rcu_unregister_thread();
	return err;
}

static int sctp_paths(FILE *out, struct sctp_association *asoc)
{
	/* exercise sctp-paths setup { */
	struct sctp_transport *t1, *t2, *t3; /* in list order */

	t1 = list_first_entry(&asoc->peer.transport_addr_list,
			      struct sctp_transport, transports);
	t2 = list_next_entry(t1, transports);
	t3 = list_next_entry(t2, transports);
	t1->last_time_heard = 300; /* the primary, heard last */
	t2->last_time_heard = 100;
	t3->last_time_heard = 200;
	spin_lock(&asoc->base.lock);
	sctp_assoc_control_transport(asoc, t2, SCTP_TRANSPORT_DOWN);
	spin_unlock(&asoc->base.lock);
	/* } */
	print_paths(out, asoc);
	return 0;
}

static int exercise_sctp_paths(FILE *out)
{
	return in_scene(out, sctp_paths);
}

/* where sctp_assoc_lookup_tsn() finds the last three TSNs sent */
static void print_lookups(FILE *out, struct sctp_association *asoc,
			  struct sctp_transport *t1, struct sctp_transport *t2,
			  struct sctp_transport *t3)
{
	uint32_t tsn = asoc->next_tsn - 3;
	int i;

	for (i = 1; i <= 3; i++, tsn++) {
		struct sctp_transport *t;

		spin_lock(&asoc->base.lock);
		t = sctp_assoc_lookup_tsn(asoc, tsn);
		spin_unlock(&asoc->base.lock);
		fprintf(out, "TSN %u, sent on t%d: found on %s\n", tsn, i,
			t == t1 ? "t1" :
			t == t2 ? "t2" :
			t == t3 ? "t3" :
				  "nothing (NULL)");
	}
}

static int sctp_tsn(FILE *out, struct sctp_association *asoc)
{
	/* exercise sctp-tsn setup { */
	struct sctp_transport *t1, *t2, *t3; /* in list order */
	int err;

	t1 = list_first_entry(&asoc->peer.transport_addr_list,
			      struct sctp_transport, transports);
	t2 = list_next_entry(t1, transports);
	t3 = list_next_entry(t2, transports);
	err = send_on(asoc, t1); /* one DATA chunk on each, in order */
	if (!err)
		err = send_on(asoc, t2);
	if (!err)
		err = send_on(asoc, t3);
	asoc->peer.active_path = t2;
	/* } */
	if (!err)
		print_lookups(out, asoc, t1, t2, t3);
	return err;
}

static int exercise_sctp_tsn(FILE *out)
{
	return in_scene(out, sctp_tsn);
}

KSTRUCT_EXERCISE("sctp-paths", 50,
		 "docs/sctp.md: active and retran paths "
		 "after a path fails",
		 exercise_sctp_paths)
KSTRUCT_EXERCISE("sctp-tsn", 51,
		 "docs/sctp.md: on which transport "
		 "sctp_assoc_lookup_tsn() finds a TSN",
		 exercise_sctp_tsn)
