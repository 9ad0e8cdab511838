// SPDX-License-Identifier: MIT
/*
 * sctp/sm_statefuns.c - the state function that walks two associations'
 * transport lists: a duplicate COOKIE ECHO from a restarted peer.
 *
 * Mirrors sctp_sf_do_dupcook_a() of net/sctp/sm_statefuns.c in Linux
 * 2.5.33 (RFC 9260 section 5.2.4, case A), with the two side effects it
 * queued on success run in its place, in its order: SCTP_CMD_PURGE_OUTQUEUE
 * (sctp_outqueue_teardown()) and SCTP_CMD_UPDATE_ASSOC
 * (sctp_assoc_update(), associola.c).
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - The new-address check is the RFC's: every transport of the new
 *   association must already be one of the old association's.  2.5.33
 *   had it inverted: for each new address it walked the old list and
 *   gave up at the first old address that differed, so a restart passed
 *   only when every old address equalled every new one - in practice
 *   only a single-homed peer restarting from the same address.  Later
 *   kernels (2.5.44 on) test membership, as here.
 * - Not a state-machine step: no command list, no sending.  The function
 *   returns its disposition and, for a refusal, the encoded ABORT; the
 *   purge and the update run here, under the association's lock.
 * - A failed sctp_process_init() is returned as an error with nothing
 *   changed (2.5.33's sctp_process_init() returned nothing).  An INIT
 *   that carries a Host Name Address is answered with an ABORT carrying
 *   an "Unresolvable Address" cause (RFC 9260 3.3.2.1; 2.5.33 ignored the
 *   parameter).
 */
#include <errno.h>

#include "list/rculist.h"
#include "sctp/sm.h"
#include "sctp/structs.h"

/*
 * The first transport of @new_asoc whose address is not a transport of
 * @asoc, or NULL when @new_asoc adds nothing.
 */
static struct sctp_transport *
sctp_assoc_new_address(const struct sctp_association *asoc,
		       const struct sctp_association *new_asoc)
{
	struct sctp_transport *t;

	list_for_each_entry_rcu(t, &new_asoc->peer.transport_addr_list,
				transports)
		if (!sctp_assoc_lookup_paddr(asoc, &t->ipaddr))
			return t;
	return NULL;
}

/* an ABORT for @init, refused for its Host Name Address parameter */
static int sctp_sf_abort_unresolvable(const void *init, size_t len, void *abort,
				      size_t abort_size, size_t *abort_len)
{
	struct sctp_init_view v;
	int ret;

	if (sctp_verify_init(init, len, &v) != -EADDRNOTAVAIL)
		return -EINVAL;
	ret = sctp_make_unresolvable_abort(v.hostname, v.hostname_len, abort,
					   abort_size);
	if (ret < 0)
		return ret;
	*abort_len = (size_t)ret;
	return SCTP_DISPOSITION_ABORT;
}

int sctp_sf_do_dupcook_a(struct sctp_association *asoc,
			 struct sctp_association *new_asoc,
			 const union sctp_addr *peer_addr, const void *init,
			 size_t len, void *abort, size_t abort_size,
			 size_t *abort_len)
{
	struct sctp_transport *added;
	int ret;

	*abort_len = 0;
	ret = sctp_process_init(new_asoc, SCTP_CID_COOKIE_ECHO, peer_addr, init,
				len);
	if (ret == -EADDRNOTAVAIL)
		return sctp_sf_abort_unresolvable(init, len, abort, abort_size,
						  abort_len);
	if (ret)
		return ret;

	kstruct_rcu_read_lock();
	added = sctp_assoc_new_address(asoc, new_asoc);
	if (added) {
		ret = sctp_make_restart_abort(&added->ipaddr, abort,
					      abort_size);
		kstruct_rcu_read_unlock();
		if (ret < 0)
			return ret;
		*abort_len = (size_t)ret;
		return SCTP_DISPOSITION_ABORT;
	}
	kstruct_rcu_read_unlock();

	spin_lock(&asoc->base.lock);
	/* SCTP_CMD_PURGE_OUTQUEUE: "fail any unsent/unacked data" */
	sctp_outqueue_teardown(&asoc->outqueue);
	/* SCTP_CMD_UPDATE_ASSOC */
	sctp_assoc_update(asoc, new_asoc);
	spin_unlock(&asoc->base.lock);
	return SCTP_DISPOSITION_CONSUME;
}
