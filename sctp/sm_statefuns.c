// SPDX-License-Identifier: MIT
/*
 * sctp/sm_statefuns.c - the state function that walks two associations'
 * transport lists: a duplicate COOKIE ECHO from a restarted peer.
 *
 * Mirrors sctp_sf_do_dupcook_a() of net/sctp/sm_statefuns.c in Linux
 * 2.5.33 (RFC 9260 section 5.2.4, case A), with the association update
 * that its SCTP_CMD_UPDATE_ASSOC side effect did (sctp_assoc_update()).
 *
 * Deliberate differences from 2.5.33:
 * - The new-address check is the RFC's: every transport of the new
 *   association must already be one of the old association's.  2.5.33
 *   had it inverted: it walked the lists side by side and accepted the
 *   restart only when every address was equal, refusing a peer that
 *   merely dropped an address and, worse, accepting nothing else.
 * - Not a state-machine step: no command list, no sending.  The function
 *   returns its disposition and, for a refusal, the encoded ABORT.
 * - Only the fields kstruct's association has are updated (tags, the
 *   peer's INIT fields, window, families, ECN, ssthresh).
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

/* what SCTP_CMD_UPDATE_ASSOC carries over from the restarted peer */
static void sctp_assoc_update(struct sctp_association *asoc,
			      const struct sctp_association *new_asoc)
{
	struct sctp_transport *t;

	asoc->c = new_asoc->c;
	asoc->peer.i = new_asoc->peer.i;
	asoc->peer.rwnd = new_asoc->peer.rwnd;
	asoc->peer.ipv4_address = new_asoc->peer.ipv4_address;
	asoc->peer.ipv6_address = new_asoc->peer.ipv6_address;
	asoc->peer.ecn_capable = new_asoc->peer.ecn_capable;
	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports)
		t->ssthresh = new_asoc->peer.i.a_rwnd;
}

int sctp_sf_do_dupcook_a(struct sctp_association *asoc,
			 struct sctp_association *new_asoc,
			 const union sctp_addr *peer_addr,
			 const void *init, size_t len,
			 void *abort, size_t abort_size, size_t *abort_len)
{
	struct sctp_transport *added;
	int ret;

	*abort_len = 0;
	ret = sctp_process_init(new_asoc, SCTP_CID_COOKIE_ECHO, peer_addr,
				init, len);
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
	sctp_assoc_update(asoc, new_asoc);
	spin_unlock(&asoc->base.lock);
	return SCTP_DISPOSITION_CONSUME;
}
