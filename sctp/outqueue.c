// SPDX-License-Identifier: MIT
/*
 * sctp/outqueue.c - the association's outbound queues and SACK handling.
 *
 * Mirrors net/sctp/outqueue.c of Linux 2.5.33: sctp_outqueue_init(),
 * sctp_outqueue_teardown(), sctp_outq_tail() and sctp_outq_flush() (2.5.33
 * sctp_push_outqueue() and sctp_flush_outqueue(), under their later
 * names; the transmit walk reduced), sctp_sack_outqueue() with its
 * per-transport sctp_check_transmitted() walk and sctp_acked().
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - sctp_outqueue_teardown() frees every queue and zeroes the flight
 *   sizes and outstanding bytes; 2.5.33 freed the transmitted lists and
 *   the out queue only, leaking the retransmit, control and sacked
 *   queues (later kernels free them too) and leaving the counts.
 * - sctp_sack_outqueue() takes the SACK's length and checks it with the
 *   parser's own functions, sctp_sm_pull_sack() and
 *   sctp_sack_check_tsns(), before touching anything: counts that overrun
 *   @len (-EMSGSIZE), gap blocks with start 0, start > end, out of order
 *   or overlapping (-EINVAL), a cumulative ack below the ack point
 *   (-ESTALE; 2.5.33's sctp_sf_eat_sack_6_2() discarded those) or
 *   at/after next_tsn, or a gap block reaching next_tsn (-ERANGE, never
 *   sent).  2.5.33 trusted the counts.  Bytes after the duplicate TSNs
 *   are ignored, as 2.5.33 ignored them.
 * - Acked chunks are freed at once instead of parking on the sacked queue
 *   until the end of the walk; the sacked queue stays for callers.  The
 *   retransmit queue is not walked for gap acks (2.5.33 ran
 *   sctp_check_transmitted() on it too): its chunks at or below the
 *   cumulative ack are freed.
 * - A path's error count is cleared, and an inactive path brought up,
 *   when the SACK newly acks something sent on it (RFC 9260 8.3); 2.5.33
 *   tested its byte count, from which a renege subtracts, so a SACK that
 *   only reneged cleared it too.
 * - A chunk is a TSN and a length: there is no skb, no bundling, no
 *   retransmission timer, no congestion window update; sctp_outq_flush()
 *   sends every queued DATA chunk on the active path and drops control
 *   chunks once "sent".
 * - Missing reports follow RFC 9260 7.2.4's HTNA rule as kernels from
 *   2.5.44 do (sctp_mark_missing()): once every transmitted list has been
 *   walked, a chunk still missing whose TSN is below the highest TSN this
 *   SACK newly acked, on any path, gets tsn_missing_report++.  2.5.33's
 *   sctp_check_transmitted() took the highest newly acked TSN of each
 *   list alone, so a chunk got no report for a newer TSN acked on another
 *   path.  There is no fast retransmit: the count is only kept; chunks on
 *   the retransmit queue are neither marked nor counted.
 */
#include <errno.h>

#include "compat/slab.h"
#include "sctp/sm.h"
#include "sctp/structs.h"

/**
 * sctp_outqueue_init() - make empty outbound queues
 * @asoc: the owning association
 * @q: the queues
 */
void sctp_outqueue_init(struct sctp_association *asoc, struct sctp_outq *q)
{
	q->asoc = asoc;
	INIT_LIST_HEAD(&q->out_chunk_list);
	INIT_LIST_HEAD(&q->control_chunk_list);
	INIT_LIST_HEAD(&q->retransmit);
	INIT_LIST_HEAD(&q->sacked);
	q->outstanding_bytes = 0;
	q->empty = 1;
}

/**
 * sctp_chunk_new() - allocate a chunk
 * @chunk_type: enum sctp_cid
 * @data_len: payload bytes
 * @gfp: allocation flags
 *
 * Return: the chunk, on no list, without a TSN; or NULL.
 */
struct sctp_chunk *sctp_chunk_new(uint8_t chunk_type, uint32_t data_len,
				  unsigned int gfp)
{
	struct sctp_chunk *chunk = kzalloc(sizeof(*chunk), gfp);

	if (!chunk)
		return NULL;
	INIT_LIST_HEAD(&chunk->list);
	chunk->chunk_type = chunk_type;
	chunk->data_len = data_len;
	return chunk;
}

/**
 * sctp_chunk_free() - free a chunk
 * @chunk: the chunk; it must be on no list
 */
void sctp_chunk_free(struct sctp_chunk *chunk)
{
	kfree(chunk);
}

static void sctp_outq_free_list(struct list_head *list)
{
	struct sctp_chunk *chunk, *temp;

	list_for_each_entry_safe(chunk, temp, list, list) {
		list_del(&chunk->list);
		sctp_chunk_free(chunk);
	}
}

static void sctp_outq_update_empty(struct sctp_outq *q)
{
	struct sctp_transport *t;

	q->empty = list_empty(&q->out_chunk_list) &&
		   list_empty(&q->control_chunk_list) &&
		   list_empty(&q->retransmit) && list_empty(&q->sacked);
	list_for_each_entry(t, &q->asoc->peer.transport_addr_list, transports) {
		if (!list_empty(&t->transmitted))
			q->empty = 0;
	}
}

/**
 * sctp_outqueue_teardown() - free every chunk of every queue
 * @q: the queues; left empty and reusable
 *
 * Walks the association's transports for their transmitted lists, so it
 * must run before the transports are freed.
 *
 * Context: the caller holds the association's lock.
 */
void sctp_outqueue_teardown(struct sctp_outq *q)
{
	struct sctp_transport *t;

	list_for_each_entry(t, &q->asoc->peer.transport_addr_list, transports) {
		sctp_outq_free_list(&t->transmitted);
		t->flight_size = 0;
	}
	sctp_outq_free_list(&q->retransmit);
	sctp_outq_free_list(&q->sacked);
	sctp_outq_free_list(&q->out_chunk_list);
	sctp_outq_free_list(&q->control_chunk_list);
	q->outstanding_bytes = 0;
	q->empty = 1;
}

/**
 * sctp_outq_tail() - queue a chunk for sending
 * @q: the queues
 * @chunk: a chunk on no list; DATA goes to the out list, the rest to the
 *	control list
 */
void sctp_outq_tail(struct sctp_outq *q, struct sctp_chunk *chunk)
{
	if (chunk->chunk_type == SCTP_CID_DATA)
		list_add_tail(&chunk->list, &q->out_chunk_list);
	else
		list_add_tail(&chunk->list, &q->control_chunk_list);
	q->empty = 0;
}

/**
 * sctp_outq_flush() - send everything queued
 * @q: the queues
 *
 * Control chunks are sent and freed; each DATA chunk, in order, gets the
 * next TSN and moves to the active path's transmitted list, counted in
 * its flight size and the outstanding bytes.
 *
 * Context: the caller holds the association's lock.
 * Return: the number of DATA chunks sent, or -ENOTCONN when there is no
 * path (nothing changed).
 */
int sctp_outq_flush(struct sctp_outq *q)
{
	struct sctp_association *asoc = q->asoc;
	struct sctp_transport *t = asoc->peer.active_path;
	struct sctp_chunk *chunk, *temp;
	int sent = 0;

	if (!t)
		return -ENOTCONN;
	sctp_outq_free_list(&q->control_chunk_list);
	list_for_each_entry_safe(chunk, temp, &q->out_chunk_list, list) {
		chunk->tsn = asoc->next_tsn++;
		chunk->has_tsn = true;
		chunk->transport = t;
		chunk->tsn_gap_acked = false;
		list_move_tail(&chunk->list, &t->transmitted);
		t->flight_size += chunk->data_len;
		q->outstanding_bytes += chunk->data_len;
		sent++;
	}
	sctp_outq_update_empty(q);
	return sent;
}

/* whether @tsn lies in one of the (verified) gap blocks of @sack */
static bool sctp_acked_in_gap(const struct sctp_sack_view *sack, uint32_t tsn)
{
	uint32_t offset = tsn - sack->cum_tsn_ack;
	struct sctp_sack_gap gap;
	unsigned int i;

	for (i = 0; i < sack->num_gap_ack_blocks; i++) {
		gap = sctp_sack_view_gap(sack, i);
		if (offset >= gap.start && offset <= gap.end)
			return true;
	}
	return false;
}

/*
 * The walk of one transmitted list (2.5.33 sctp_check_transmitted()):
 * frees what the cumulative ack covers, marks what a gap block covers,
 * un-marks what the peer reneged on.  Raises *@highest_new to the highest
 * TSN this SACK acks for the first time.  Returns whether it newly acked
 * anything sent on @t.
 */
static bool sctp_check_transmitted(struct sctp_outq *q,
				   struct sctp_transport *t,
				   const struct sctp_sack_view *sack,
				   uint32_t *highest_new)
{
	struct sctp_chunk *chunk, *temp;
	bool newly_acked = false;

	list_for_each_entry_safe(chunk, temp, &t->transmitted, list) {
		if (TSN_lte(chunk->tsn, sack->cum_tsn_ack)) {
			if (!chunk->tsn_gap_acked) {
				t->flight_size -= chunk->data_len;
				q->outstanding_bytes -= chunk->data_len;
				newly_acked = true;
			}
			list_del(&chunk->list);
			sctp_chunk_free(chunk);
		} else if (sctp_acked_in_gap(sack, chunk->tsn)) {
			if (!chunk->tsn_gap_acked) {
				chunk->tsn_gap_acked = true;
				t->flight_size -= chunk->data_len;
				q->outstanding_bytes -= chunk->data_len;
				newly_acked = true;
				if (TSN_lt(*highest_new, chunk->tsn))
					*highest_new = chunk->tsn;
			}
		} else if (chunk->tsn_gap_acked) {
			/* reneged: the peer dropped it again */
			chunk->tsn_gap_acked = false;
			t->flight_size += chunk->data_len;
			q->outstanding_bytes += chunk->data_len;
		}
	}
	return newly_acked;
}

/*
 * RFC 9260 7.2.4 (HTNA): a chunk still missing after this SACK and
 * below the highest TSN it newly acked gets a missing report (a later
 * kernel's sctp_mark_missing(), without fast retransmit).
 */
static void sctp_mark_missing(struct sctp_transport *t, uint32_t highest_new)
{
	struct sctp_chunk *chunk;

	list_for_each_entry(chunk, &t->transmitted, list) {
		if (!chunk->tsn_gap_acked && TSN_lt(chunk->tsn, highest_new))
			chunk->tsn_missing_report++;
	}
}

/**
 * sctp_sack_outqueue() - process a SACK against the outbound queues
 * @q: the queues
 * @sack: the SACK header, followed by its gap blocks and duplicate TSNs
 * @len: the chunk's length minus its 4-byte header (bytes at @sack)
 *
 * Chunks with TSN at or below the cumulative ack are freed; chunks inside
 * a gap block are marked gap-acked and kept; a chunk marked before and
 * not covered now is un-marked (the peer reneged); chunks still missing
 * below the highest TSN this SACK newly acked get a missing report (RFC
 * 9260 7.2.4, HTNA).  The ack point never
 * moves back; outstanding bytes, flight sizes and the peer's rwnd
 * (a_rwnd minus outstanding, floored at 0) are updated; a transport that
 * had data newly acked has its error count cleared (RFC 9260 8.3) and, if
 * inactive, comes back up.  TSNs compare in 32-bit
 * serial arithmetic.
 *
 * Context: the caller holds the association's lock.
 * Return: 0; the error of sctp_sm_pull_sack() (-EMSGSIZE, -EINVAL) for a
 * malformed SACK, -ESTALE for a cumulative ack below the ack point,
 * -ERANGE for an ack of a TSN never sent; on error nothing changed.
 */
int sctp_sack_outqueue(struct sctp_outq *q, const struct sctp_sackhdr *sack,
		       size_t len)
{
	struct sctp_association *asoc = q->asoc;
	struct sctp_chunk *chunk, *temp;
	struct sctp_sack_view v;
	struct sctp_transport *t;
	uint32_t ctsn, highest_new;
	int error;

	/* the parser's own checks, so both accept the same SACKs */
	error = sctp_sm_pull_sack(sack, len, &v);
	if (!error)
		error = sctp_sack_check_tsns(&v, asoc->ctsn_ack_point,
					     asoc->next_tsn);
	if (error)
		return error;
	ctsn = v.cum_tsn_ack;
	highest_new = ctsn;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		if (!sctp_check_transmitted(q, t, &v, &highest_new))
			continue;
		/* RFC 9260 8.3: an ack clears the path's error counter */
		t->error_count = 0;
		if (t->state == SCTP_INACTIVE)
			sctp_assoc_control_transport(asoc, t,
						     SCTP_TRANSPORT_UP);
	}
	/* only once every list was walked is the HTNA known */
	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports)
		sctp_mark_missing(t, highest_new);
	/* acked chunks waiting for retransmission need not be sent again */
	list_for_each_entry_safe(chunk, temp, &q->retransmit, list) {
		if (chunk->has_tsn && TSN_lte(chunk->tsn, ctsn)) {
			list_del(&chunk->list);
			sctp_chunk_free(chunk);
		}
	}

	if (TSN_lt(asoc->ctsn_ack_point, ctsn))
		asoc->ctsn_ack_point = ctsn;
	asoc->peer.rwnd = v.a_rwnd > q->outstanding_bytes ?
				  v.a_rwnd - q->outstanding_bytes :
				  0;
	sctp_outq_update_empty(q);
	return 0;
}

/**
 * sctp_outq_check() - verify the outbound queues completely
 * @q: the queues
 *
 * Every ring sound; on each transmitted list, chunks sent on that
 * transport, with TSNs strictly increasing, above the ack point and
 * below next_tsn; each flight size and the outstanding bytes equal to the
 * bytes not gap-acked; @q->empty right.  Reports the first violation
 * through the check handler with the caller's file:line
 * (compat/check.h); never aborts.  A NULL @q is reported as such.
 *
 * Context: no writer runs concurrently.
 * Return: true when sound.
 */
bool (sctp_outq_check)(const struct sctp_outq *q)
{
	const struct sctp_association *asoc;
	const struct sctp_transport *t;
	const struct sctp_chunk *chunk;
	uint32_t outstanding = 0, flight, prev_tsn;
	bool empty, first;

	if (!q)
		return check_fail("no outqueue (NULL)");
	asoc = q->asoc;
	if (!list_check(&q->out_chunk_list) ||
	    !list_check(&q->control_chunk_list) ||
	    !list_check(&q->retransmit) || !list_check(&q->sacked))
		return false;
	empty = list_empty(&q->out_chunk_list) &&
		list_empty(&q->control_chunk_list) &&
		list_empty(&q->retransmit) && list_empty(&q->sacked);
	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		if (!list_check(&t->transmitted))
			return false;
		flight = 0;
		first = true;
		prev_tsn = 0;
		list_for_each_entry(chunk, &t->transmitted, list) {
			if (chunk->transport != t || !chunk->has_tsn)
				return check_fail(
					"a chunk on transport %p's transmitted list was %s",
					(const void *)t,
					chunk->has_tsn ? "sent on another" :
							 "never given a TSN");
			if (!first && !TSN_lt(prev_tsn, chunk->tsn))
				return check_fail(
					"TSN %u follows TSN %u on a transmitted list",
					chunk->tsn, prev_tsn);
			if (!TSN_lt(asoc->ctsn_ack_point, chunk->tsn) ||
			    !TSN_lt(chunk->tsn, asoc->next_tsn))
				return check_fail(
					"TSN %u outside (ack point %u, next_tsn %u)",
					chunk->tsn, asoc->ctsn_ack_point,
					asoc->next_tsn);
			if (!chunk->tsn_gap_acked)
				flight += chunk->data_len;
			prev_tsn = chunk->tsn;
			first = false;
			empty = false;
		}
		if (flight != t->flight_size)
			return check_fail(
				"transport %p: flight_size %u, %u in flight",
				(const void *)t, t->flight_size, flight);
		outstanding += flight;
	}
	if (outstanding != q->outstanding_bytes)
		return check_fail("outstanding_bytes %u, %u in flight",
				  q->outstanding_bytes, outstanding);
	if ((bool)q->empty != empty)
		return check_fail("empty is %d, but the queues are %s",
				  (int)q->empty, empty ? "empty" : "not");
	return true;
}
