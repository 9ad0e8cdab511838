// SPDX-License-Identifier: MIT
/*
 * sctp/sm_make_chunk.c - building and parsing SCTP chunks.
 *
 * Mirrors net/sctp/sm_make_chunk.c of Linux 2.5.33: sctp_make_init(),
 * sctp_make_init_ack(), sctp_make_sack(), sctp_process_init() (its
 * parameter walk and sctp_process_param()), the parameter-to-address
 * conversions; and sctp_sm_pull_sack() of net/sctp/sm_statefuns.c.
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - Chunks are encoded into caller buffers by *_raw() functions with
 *   host-order inputs; 2.5.33 grew an skb through sctp_addto_chunk().
 * - Every parser checks every length (2.5.33's parameter walk looped
 *   forever on a length of 0 and read past the chunk on one too long;
 *   its sctp_sm_pull_sack() trusted the SACK's counts), and reports a
 *   defined error instead of skipping or crashing.  sctp_verify_init()
 *   is a later kernel's function (2.5.41); 2.5.33 verified nothing.
 * - SACK blocks are checked (start at least 1, start <= end, ascending,
 *   not overlapping) and so are the cumulative ack's bounds.
 * - Unknown INIT parameters are skipped whatever their upper two bits say
 *   (as 2.5.33 did); no Unrecognized Parameter cause is reported.
 * - A Host Name Address parameter makes sctp_verify_init() refuse the
 *   chunk (-EADDRNOTAVAIL) so that the caller answers with an ABORT
 *   carrying an "Unresolvable Address" cause
 *   (sctp_make_unresolvable_abort()), as RFC 9260 3.3.2.1 requires and
 *   kernels from 2.5.49 do; 2.5.33's sctp_process_param() ignored it.
 * - sctp_process_init() returns an error: it takes the chunk's length
 *   and verifies the whole chunk before changing anything, and when an
 *   allocation fails it removes the peers it added and restores the path
 *   pointers and the peer port.  2.5.33's returned nothing and ignored a
 *   failed sctp_assoc_add_peer(): the association simply lacked that
 *   peer.  (Its clean-up label, which freed every transport, could never
 *   run: sctp_process_param() always returned 1.)
 * - sctp_process_init() takes the scope from the association (the scope
 *   its peer address had when it was made) where 2.5.33 recomputed it
 *   from @peer_addr, and the peer port from @peer_addr.
 * - sctp_make_init() announces fixed defaults (a_rwnd, stream counts:
 *   kstruct's association has no socket options), and sctp_make_sack()
 *   takes the TSNs received instead of a tsnmap.
 * - sctp_make_restart_abort() and sctp_make_unresolvable_abort() are
 *   kstruct's: they build the ABORTs that 2.5.33's
 *   sctp_sf_do_dupcook_a() built inline, and that later kernels' Host
 *   Name handling sends.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>

#include "compat/slab.h"
#include "sctp/packet.h"
#include "sctp/sm.h"
#include "sctp/structs.h"

/* largest value a 16-bit length field can hold */
#define SCTP_MAX_CHUNK_LEN 0xffffu

int sctp_param_next(const void *params, size_t len, size_t *offset,
		    const uint8_t **param, size_t *param_len)
{
	const uint8_t *p = params;
	size_t off = *offset, left, plen;

	if (off >= len)
		return 0;
	left = len - off;
	if (left < sizeof(struct sctp_paramhdr))
		return -EMSGSIZE;
	plen = sctp_get16(p + off + 2);
	if (plen < sizeof(struct sctp_paramhdr))
		return -EINVAL;
	if (plen > left)
		return -EMSGSIZE;
	*param = p + off;
	*param_len = plen;
	/* the last parameter's padding is not counted by the chunk length */
	*offset = off + (SCTP_PAD4(plen) < left ? SCTP_PAD4(plen) : left);
	return 1;
}

/* one parameter of an INIT/INIT ACK: check it, note what it says */
static int sctp_verify_init_param(struct sctp_init_view *init,
				  const uint8_t *param, size_t plen)
{
	size_t i;

	switch (sctp_get16(param)) {
	case SCTP_PARAM_IPV4_ADDRESS:
		if (plen != sizeof(struct sctp_ipv4addr_param))
			return -EINVAL;
		init->num_ipv4++;
		break;
	case SCTP_PARAM_IPV6_ADDRESS:
		if (plen != sizeof(struct sctp_ipv6addr_param))
			return -EINVAL;
		init->num_ipv6++;
		break;
	case SCTP_PARAM_SUPPORTED_ADDRESS_TYPES:
		if (plen % 2)
			return -EINVAL;
		init->has_supported_addr_types = true;
		for (i = sizeof(struct sctp_paramhdr); i < plen; i += 2) {
			switch (sctp_get16(param + i)) {
			case SCTP_PARAM_IPV4_ADDRESS:
				init->addr_types |= SCTP_ADDR4_SUPPORTED;
				break;
			case SCTP_PARAM_IPV6_ADDRESS:
				init->addr_types |= SCTP_ADDR6_SUPPORTED;
				break;
			case SCTP_PARAM_HOST_NAME_ADDRESS:
				init->addr_types |= SCTP_HOSTNAME_SUPPORTED;
				break;
			default: /* unknown types are ignored */
				break;
			}
		}
		break;
	case SCTP_PARAM_ECN_CAPABLE:
		if (plen != sizeof(struct sctp_ecn_capable_param))
			return -EINVAL;
		init->ecn_capable = true;
		break;
	case SCTP_PARAM_STATE_COOKIE:
		if (init->type != SCTP_CID_INIT_ACK)
			return -EINVAL;
		init->cookie = param + sizeof(struct sctp_paramhdr);
		init->cookie_len = plen - sizeof(struct sctp_paramhdr);
		break;
	case SCTP_PARAM_HOST_NAME_ADDRESS:
		/* refused once the whole chunk is known to be sound */
		if (!init->hostname) {
			init->hostname = param;
			init->hostname_len = plen;
		}
		break;
	default:
		break;
	}
	return 0;
}

int sctp_verify_init(const void *chunk, size_t len, struct sctp_init_view *init)
{
	const uint8_t *c = chunk;
	struct sctp_init_view v;
	const uint8_t *param;
	size_t clen, off = 0, plen;
	int ret;

	if (len < sizeof(struct sctp_chunkhdr))
		return -EMSGSIZE;
	memset(&v, 0, sizeof(v));
	v.type = c[0];
	if (v.type != SCTP_CID_INIT && v.type != SCTP_CID_INIT_ACK)
		return -EINVAL;
	clen = sctp_get16(c + 2);
	if (clen < SCTP_INIT_CHUNK_LEN)
		return -EINVAL;
	if (clen > len)
		return -EMSGSIZE;
	v.chunk_len = clen;
	v.init_tag = sctp_get32(c + 4);
	v.a_rwnd = sctp_get32(c + 8);
	v.num_outbound_streams = sctp_get16(c + 12);
	v.num_inbound_streams = sctp_get16(c + 14);
	v.initial_tsn = sctp_get32(c + 16);
	if (!v.init_tag || !v.num_outbound_streams || !v.num_inbound_streams)
		return -EINVAL;
	v.params = c + SCTP_INIT_CHUNK_LEN;
	v.params_len = clen - SCTP_INIT_CHUNK_LEN;

	while ((ret = sctp_param_next(v.params, v.params_len, &off, &param,
				      &plen)) > 0) {
		ret = sctp_verify_init_param(&v, param, plen);
		if (ret)
			return ret;
	}
	if (ret)
		return ret;
	*init = v;
	return v.hostname ? -EADDRNOTAVAIL : 0;
}

/* append a parameter's header and value, padded; caller checked room */
static size_t put_param(uint8_t *p, uint16_t type, const void *value,
			size_t vlen)
{
	size_t plen = sizeof(struct sctp_paramhdr) + vlen;

	sctp_put16(p, type);
	sctp_put16(p + 2, (uint16_t)plen);
	if (vlen)
		memcpy(p + 4, value, vlen);
	memset(p + plen, 0, SCTP_PAD4(plen) - plen);
	return SCTP_PAD4(plen);
}

int sctp_make_init_raw(void *buf, size_t size,
		       const struct sctp_init_view *init,
		       const void *addr_params, size_t addr_len,
		       const void *cookie, size_t cookie_len)
{
	uint8_t types[6], *p = buf;
	size_t ntypes = 0, need, off, last_pad;

	if (!init->init_tag || !init->num_outbound_streams ||
	    !init->num_inbound_streams || addr_len % 4 ||
	    (addr_len && !addr_params) || (cookie_len && !cookie) ||
	    (init->type != SCTP_CID_INIT && init->type != SCTP_CID_INIT_ACK) ||
	    (cookie && init->type != SCTP_CID_INIT_ACK))
		return -EINVAL;
	if (init->addr_types & SCTP_ADDR4_SUPPORTED)
		sctp_put16(types + 2 * ntypes++, SCTP_PARAM_IPV4_ADDRESS);
	if (init->addr_types & SCTP_ADDR6_SUPPORTED)
		sctp_put16(types + 2 * ntypes++, SCTP_PARAM_IPV6_ADDRESS);
	if (init->addr_types & SCTP_HOSTNAME_SUPPORTED)
		sctp_put16(types + 2 * ntypes++, SCTP_PARAM_HOST_NAME_ADDRESS);

	/* sizes first, so a too small buffer is left untouched */
	need = SCTP_INIT_CHUNK_LEN + addr_len;
	last_pad = 0;
	if (cookie) {
		if (cookie_len > SCTP_MAX_CHUNK_LEN)
			return -EFBIG;
		need += SCTP_PAD4(4 + cookie_len);
		last_pad = SCTP_PAD4(4 + cookie_len) - (4 + cookie_len);
	}
	if (ntypes) {
		need += SCTP_PAD4(4 + 2 * ntypes);
		last_pad = SCTP_PAD4(4 + 2 * ntypes) - (4 + 2 * ntypes);
	}
	if (init->ecn_capable) {
		need += 4;
		last_pad = 0;
	}
	if (need - last_pad > SCTP_MAX_CHUNK_LEN || need > size)
		return -EFBIG;

	p[0] = init->type;
	p[1] = 0;
	sctp_put16(p + 2, (uint16_t)(need - last_pad));
	sctp_put32(p + 4, init->init_tag);
	sctp_put32(p + 8, init->a_rwnd);
	sctp_put16(p + 12, init->num_outbound_streams);
	sctp_put16(p + 14, init->num_inbound_streams);
	sctp_put32(p + 16, init->initial_tsn);
	off = SCTP_INIT_CHUNK_LEN;
	if (addr_len)
		memcpy(p + off, addr_params, addr_len);
	off += addr_len;
	if (cookie)
		off += put_param(p + off, SCTP_PARAM_STATE_COOKIE, cookie,
				 cookie_len);
	if (ntypes)
		off += put_param(p + off, SCTP_PARAM_SUPPORTED_ADDRESS_TYPES,
				 types, 2 * ntypes);
	if (init->ecn_capable)
		off += put_param(p + off, SCTP_PARAM_ECN_CAPABLE, NULL, 0);
	return (int)off;
}

struct sctp_sack_gap sctp_sack_view_gap(const struct sctp_sack_view *sack,
					unsigned int i)
{
	struct sctp_sack_gap gap = {
		.start = sctp_get16(sack->gabs + 4 * i),
		.end = sctp_get16(sack->gabs + 4 * i + 2),
	};

	return gap;
}

uint32_t sctp_sack_view_dup(const struct sctp_sack_view *sack, unsigned int i)
{
	return sctp_get32(sack->dups + 4 * i);
}

/*
 * Whether @gap may follow @prev (NULL for the first block): blocks start
 * past the cumulative ack, ascend and do not overlap.
 */
static bool sctp_gap_follows(const struct sctp_sack_gap *prev,
			     const struct sctp_sack_gap *gap)
{
	if (gap->start == 0 || gap->start > gap->end)
		return false;
	return !prev || gap->start > prev->end;
}

static int sctp_check_gaps(const struct sctp_sack_gap *gabs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!sctp_gap_follows(i ? &gabs[i - 1] : NULL, &gabs[i]))
			return -EINVAL;
	}
	return 0;
}

int sctp_sm_pull_sack(const void *sackhdr, size_t len,
		      struct sctp_sack_view *sack)
{
	const uint8_t *h = sackhdr;
	struct sctp_sack_view v;
	struct sctp_sack_gap prev = { 0, 0 }, gap;
	size_t need;
	unsigned int i;

	if (len < sizeof(struct sctp_sackhdr))
		return -EMSGSIZE;
	memset(&v, 0, sizeof(v));
	v.chunk_len = sizeof(struct sctp_chunkhdr) + len;
	v.cum_tsn_ack = sctp_get32(h);
	v.a_rwnd = sctp_get32(h + 4);
	v.num_gap_ack_blocks = sctp_get16(h + 8);
	v.num_dup_tsns = sctp_get16(h + 10);
	need = sizeof(struct sctp_sackhdr) + 4 * (size_t)v.num_gap_ack_blocks +
	       4 * (size_t)v.num_dup_tsns;
	if (need > len)
		return -EMSGSIZE;
	v.gabs = h + sizeof(struct sctp_sackhdr);
	v.dups = v.gabs + 4 * (size_t)v.num_gap_ack_blocks;
	for (i = 0; i < v.num_gap_ack_blocks; i++) {
		gap = sctp_sack_view_gap(&v, i);
		if (!sctp_gap_follows(i ? &prev : NULL, &gap))
			return -EINVAL;
		prev = gap;
	}
	*sack = v;
	return 0;
}

int sctp_verify_sack(const void *chunk, size_t len, struct sctp_sack_view *sack)
{
	const uint8_t *c = chunk;
	size_t clen;

	if (len < sizeof(struct sctp_chunkhdr))
		return -EMSGSIZE;
	if (c[0] != SCTP_CID_SACK)
		return -EINVAL;
	clen = sctp_get16(c + 2);
	if (clen < SCTP_SACK_CHUNK_LEN)
		return -EINVAL;
	if (clen > len)
		return -EMSGSIZE;
	return sctp_sm_pull_sack(c + sizeof(struct sctp_chunkhdr),
				 clen - sizeof(struct sctp_chunkhdr), sack);
}

int sctp_sack_check_tsns(const struct sctp_sack_view *sack,
			 uint32_t ctsn_ack_point, uint32_t next_tsn)
{
	uint32_t highest = sack->cum_tsn_ack;

	if (TSN_lt(sack->cum_tsn_ack, ctsn_ack_point))
		return -ESTALE;
	if (sack->num_gap_ack_blocks)
		highest +=
			sctp_sack_view_gap(sack, sack->num_gap_ack_blocks - 1)
				.end;
	/* the blocks ascend, so the last one reaches furthest */
	if (TSN_gte(sack->cum_tsn_ack, next_tsn) || TSN_gte(highest, next_tsn))
		return -ERANGE;
	return 0;
}

int sctp_make_sack_raw(void *buf, size_t size, uint32_t cum_tsn_ack,
		       uint32_t a_rwnd, const struct sctp_sack_gap *gabs,
		       unsigned int ngabs, const uint32_t *dups,
		       unsigned int ndups)
{
	uint8_t *p = buf;
	size_t need =
		SCTP_SACK_CHUNK_LEN + 4 * (size_t)ngabs + 4 * (size_t)ndups;
	unsigned int i;
	int ret;

	if ((ngabs && !gabs) || (ndups && !dups))
		return -EINVAL;
	ret = sctp_check_gaps(gabs, ngabs);
	if (ret)
		return ret;
	if (need > SCTP_MAX_CHUNK_LEN || need > size)
		return -EFBIG;
	p[0] = SCTP_CID_SACK;
	p[1] = 0;
	sctp_put16(p + 2, (uint16_t)need);
	sctp_put32(p + 4, cum_tsn_ack);
	sctp_put32(p + 8, a_rwnd);
	sctp_put16(p + 12, (uint16_t)ngabs);
	sctp_put16(p + 14, (uint16_t)ndups);
	p += SCTP_SACK_CHUNK_LEN;
	for (i = 0; i < ngabs; i++, p += 4) {
		sctp_put16(p, gabs[i].start);
		sctp_put16(p + 2, gabs[i].end);
	}
	for (i = 0; i < ndups; i++, p += 4)
		sctp_put32(p, dups[i]);
	return (int)need;
}

int sctp_make_chunk_raw(void *buf, size_t size, uint8_t type, uint8_t flags,
			const void *value, size_t vlen)
{
	uint8_t *p = buf;
	size_t clen = sizeof(struct sctp_chunkhdr) + vlen;

	if (vlen && !value)
		return -EINVAL;
	if (clen > SCTP_MAX_CHUNK_LEN || SCTP_PAD4(clen) > size)
		return -EFBIG;
	p[0] = type;
	p[1] = flags;
	sctp_put16(p + 2, (uint16_t)clen);
	if (vlen)
		memcpy(p + 4, value, vlen);
	memset(p + clen, 0, SCTP_PAD4(clen) - clen);
	return (int)SCTP_PAD4(clen);
}

int sctp_make_data_raw(void *buf, size_t size, uint32_t tsn, uint16_t stream,
		       uint16_t ssn, uint32_t ppid, const void *payload,
		       size_t plen)
{
	uint8_t *p = buf;
	size_t clen = SCTP_DATA_CHUNK_LEN + plen;

	if (!plen || !payload)
		return -EINVAL;
	if (clen > SCTP_MAX_CHUNK_LEN || SCTP_PAD4(clen) > size)
		return -EFBIG;
	p[0] = SCTP_CID_DATA;
	p[1] = 0x03; /* B and E: first and last fragment */
	sctp_put16(p + 2, (uint16_t)clen);
	sctp_put32(p + 4, tsn);
	sctp_put16(p + 8, stream);
	sctp_put16(p + 10, ssn);
	sctp_put32(p + 12, ppid);
	memcpy(p + SCTP_DATA_CHUNK_LEN, payload, plen);
	memset(p + clen, 0, SCTP_PAD4(clen) - clen);
	return (int)SCTP_PAD4(clen);
}

/* ---- chunks made from an association ---- */

/*
 * As 2.5.33's: an INIT announces both address types and ECN; an INIT ACK
 * neither types nor, unless the peer's INIT had it, ECN.
 */
static int sctp_make_init_common(const struct sctp_association *asoc,
				 const struct sctp_bind_addr *bp,
				 unsigned int gfp, uint8_t type,
				 const void *cookie, size_t cookie_len,
				 void *buf, size_t size)
{
	struct sctp_init_view init = {
		.type = type,
		.init_tag = asoc->c.my_vtag,
		.a_rwnd = SCTP_DEFAULT_MAXWINDOW,
		.num_outbound_streams = SCTP_DEFAULT_OUTSTREAMS,
		.num_inbound_streams = SCTP_DEFAULT_MAXINSTREAMS,
		.initial_tsn = asoc->next_tsn,
	};
	uint8_t *raw = NULL;
	int addrs_len, ret;

	if (type == SCTP_CID_INIT) {
		init.addr_types = SCTP_ADDR4_SUPPORTED | SCTP_ADDR6_SUPPORTED;
		init.ecn_capable = true;
	} else {
		init.ecn_capable = asoc->peer.ecn_capable;
	}
	if (!init.init_tag)
		return -EINVAL;
	addrs_len = sctp_bind_addrs_to_raw(bp, &raw, gfp);
	if (addrs_len < 0)
		return addrs_len;
	ret = sctp_make_init_raw(buf, size, &init, raw, (size_t)addrs_len,
				 cookie, cookie_len);
	kfree(raw);
	return ret;
}

int sctp_make_init(const struct sctp_association *asoc,
		   const struct sctp_bind_addr *bp, unsigned int gfp, void *buf,
		   size_t size)
{
	return sctp_make_init_common(asoc, bp, gfp, SCTP_CID_INIT, NULL, 0, buf,
				     size);
}

int sctp_make_init_ack(const struct sctp_association *asoc,
		       const struct sctp_bind_addr *bp, unsigned int gfp,
		       const void *cookie, size_t cookie_len, void *buf,
		       size_t size)
{
	return sctp_make_init_common(asoc, bp, gfp, SCTP_CID_INIT_ACK, cookie,
				     cookie_len, buf, size);
}

int sctp_make_sack(const struct sctp_association *asoc, const uint32_t *tsns,
		   unsigned int ntsns, void *buf, size_t size)
{
	uint64_t seen[SCTP_TSN_MAP_SIZE / 64];
	struct sctp_sack_gap gabs[SCTP_TSN_MAP_SIZE / 2];
	uint32_t dups[SCTP_MAX_DUP_TSNS];
	uint32_t base = asoc->peer.i.initial_tsn;
	unsigned int i, ngabs = 0, ndups = 0, off, cum, top = 0;

	memset(seen, 0, sizeof(seen));
	for (i = 0; i < ntsns; i++) {
		if (TSN_lt(tsns[i], base) ||
		    tsns[i] - base >= SCTP_TSN_MAP_SIZE)
			return -ERANGE;
	}
	for (i = 0; i < ntsns; i++) {
		off = tsns[i] - base;
		if (seen[off / 64] & (1ull << (off % 64))) {
			if (ndups < SCTP_MAX_DUP_TSNS)
				dups[ndups++] = tsns[i];
			continue;
		}
		seen[off / 64] |= 1ull << (off % 64);
		if (off + 1 > top)
			top = off + 1;
	}
	/* cum: number of TSNs received in a row from the first one */
	for (cum = 0; cum < top && (seen[cum / 64] & (1ull << (cum % 64)));
	     cum++)
		;
	for (off = cum; off < top; off++) {
		if (!(seen[off / 64] & (1ull << (off % 64))))
			continue;
		/* offsets are from the cumulative ack, base + cum - 1 */
		if (ngabs && gabs[ngabs - 1].end == off - cum) {
			gabs[ngabs - 1].end = (uint16_t)(off - cum + 1);
		} else {
			gabs[ngabs].start = (uint16_t)(off - cum + 1);
			gabs[ngabs].end = (uint16_t)(off - cum + 1);
			ngabs++;
		}
	}
	return sctp_make_sack_raw(buf, size, base + cum - 1,
				  SCTP_DEFAULT_MAXWINDOW, gabs, ngabs, dups,
				  ndups);
}

int sctp_make_restart_abort(const union sctp_addr *ssa, void *buf, size_t size)
{
	struct sctp_af *af = sctp_get_af_specific(ssa->sa.sa_family);
	uint8_t cause[4 + sizeof(struct sctp_ipv6addr_param)];
	int plen;

	if (!af)
		return -EINVAL;
	plen = af->to_addr_param(ssa, cause + 4);
	sctp_put16(cause, SCTP_ERROR_RESTART);
	sctp_put16(cause + 2, (uint16_t)(4 + plen));
	return sctp_make_chunk_raw(buf, size, SCTP_CID_ABORT, 0, cause,
				   4 + (size_t)plen);
}

int sctp_make_unresolvable_abort(const void *param, size_t plen, void *buf,
				 size_t size)
{
	uint8_t *p = buf;
	size_t clen = sizeof(struct sctp_chunkhdr) +
		      sizeof(struct sctp_errhdr) + plen;

	if (!param || plen < sizeof(struct sctp_paramhdr) ||
	    sctp_get16((const uint8_t *)param + 2) != plen)
		return -EINVAL;
	if (clen > SCTP_MAX_CHUNK_LEN || SCTP_PAD4(clen) > size)
		return -EFBIG;
	p[0] = SCTP_CID_ABORT;
	p[1] = 0;
	sctp_put16(p + 2, (uint16_t)clen);
	sctp_put16(p + 4, SCTP_ERROR_DNS_FAILED);
	sctp_put16(p + 6, (uint16_t)(sizeof(struct sctp_errhdr) + plen));
	memcpy(p + 8, param, plen);
	memset(p + clen, 0, SCTP_PAD4(clen) - clen);
	return (int)SCTP_PAD4(clen);
}

/*
 * Whether address parameters of type IPv6 may become peers of @asoc:
 * 2.5.33's sctp_process_param() took them only when the association's
 * socket was PF_INET6.  An association with no socket (kstruct makes
 * them for tests and the tour) takes both, as an IPv6 socket does.
 */
static bool sctp_assoc_takes_ipv6_peers(const struct sctp_association *asoc)
{
	const struct sock *sk = asoc->ep ? asoc->ep->sk : NULL;

	return !sk || sk->family == AF_INET6;
}

/*
 * What sctp_process_init() restores when it fails: the peer port and the
 * path choices that sctp_assoc_add_peer() may have changed.
 */
struct sctp_peer_saved {
	uint16_t port;
	struct sctp_transport *primary_path;
	struct sctp_transport *active_path;
	struct sctp_transport *retran_path;
};

/*
 * Take the transports added after @last off the association again, and
 * put the path choices and the peer port back as they were.
 */
static void sctp_process_init_undo(struct sctp_association *asoc,
				   struct list_head *last,
				   const struct sctp_peer_saved *saved)
{
	struct sctp_transport *t;

	while (asoc->peer.transport_addr_list.prev != last) {
		t = list_last_entry(&asoc->peer.transport_addr_list,
				    struct sctp_transport, transports);
		sctp_assoc_rm_peer(asoc, t);
	}
	asoc->peer.port = saved->port;
	asoc->peer.primary_path = saved->primary_path;
	asoc->peer.active_path = saved->active_path;
	asoc->peer.retran_path = saved->retran_path;
}

int sctp_process_init(struct sctp_association *asoc, uint8_t cid,
		      const union sctp_addr *peer_addr, const void *init,
		      size_t len)
{
	struct sctp_peer_saved saved;
	struct sctp_init_view v;
	struct sctp_transport *t;
	struct list_head *last;
	const uint8_t *param;
	size_t off = 0, plen;
	uint16_t port;
	int ret;

	ret = sctp_verify_init(init, len, &v);
	if (ret)
		return ret;
	if (peer_addr->sa.sa_family != AF_INET &&
	    peer_addr->sa.sa_family != AF_INET6)
		return -EINVAL;
	port = sctp_addr_port(peer_addr);

	spin_lock(&asoc->base.lock);
	if (asoc->peer.transport_count && asoc->peer.port != port) {
		spin_unlock(&asoc->base.lock);
		return -EINVAL;
	}
	saved.port = asoc->peer.port;
	saved.primary_path = asoc->peer.primary_path;
	saved.active_path = asoc->peer.active_path;
	saved.retran_path = asoc->peer.retran_path;
	last = asoc->peer.transport_addr_list.prev;

	if (!sctp_assoc_add_peer(asoc, peer_addr, GFP_ATOMIC)) {
		ret = -ENOMEM;
		goto err_undo;
	}

	/* the INIT itself never adds peers: that waits for the cookie */
	while (cid != SCTP_CID_INIT &&
	       sctp_param_next(v.params, v.params_len, &off, &param, &plen) >
		       0) {
		union sctp_addr addr;
		struct sctp_af *af;
		uint16_t type = sctp_get16(param);

		if (type != SCTP_PARAM_IPV4_ADDRESS &&
		    type != SCTP_PARAM_IPV6_ADDRESS)
			continue;
		if (type == SCTP_PARAM_IPV6_ADDRESS &&
		    !sctp_assoc_takes_ipv6_peers(asoc))
			continue;
		af = sctp_param_type2af(type);
		if (!af)
			continue;
		memset(&addr, 0, sizeof(addr));
		af->from_addr_param(&addr, param, port);
		if (!sctp_in_scope(&addr, asoc->scope))
			continue;
		if (!sctp_assoc_add_peer(asoc, &addr, GFP_ATOMIC)) {
			ret = -ENOMEM;
			goto err_undo;
		}
	}

	asoc->peer.i.init_tag = v.init_tag;
	asoc->peer.i.a_rwnd = v.a_rwnd;
	asoc->peer.i.num_outbound_streams = v.num_outbound_streams;
	asoc->peer.i.num_inbound_streams = v.num_inbound_streams;
	asoc->peer.i.initial_tsn = v.initial_tsn;
	asoc->c.peer_vtag = v.init_tag;
	asoc->peer.rwnd = v.a_rwnd;
	/* as 2.5.33: without the parameter the families stay as they were
	 * (both, from sctp_association_new()); ECN is only ever set */
	if (v.has_supported_addr_types) {
		asoc->peer.ipv4_address = v.addr_types & SCTP_ADDR4_SUPPORTED;
		asoc->peer.ipv6_address = v.addr_types & SCTP_ADDR6_SUPPORTED;
	}
	if (v.ecn_capable)
		asoc->peer.ecn_capable = true;
	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports)
		t->ssthresh = v.a_rwnd;
	spin_unlock(&asoc->base.lock);
	return 0;

err_undo:
	sctp_process_init_undo(asoc, last, &saved);
	spin_unlock(&asoc->base.lock);
	return ret;
}
