/* SPDX-License-Identifier: MIT */
/*
 * sctp/sm.h - building and parsing chunks (sm_make_chunk.c) and the
 * state functions that use them (sm_statefuns.c).
 *
 * Mirrors the parts of 2.5.33's include/net/sctp/sm.h that the ported
 * files need: sctp_make_init(), sctp_make_sack(), sctp_process_init(),
 * sctp_sf_do_dupcook_a(), and the chunk makers the scenario of
 * "kstruct sctp" uses.
 *
 * Every parser here checks every length against its buffer; the error
 * values are those listed in sctp/packet.h (-EINVAL impossible value,
 * -EMSGSIZE truncated, -EFBIG output too small), plus -ESTALE and
 * -ERANGE for a SACK that does not fit the association's TSNs.
 *
 * Deliberate differences from 2.5.33 are listed in sm_make_chunk.c and
 * sm_statefuns.c.
 */
#ifndef KSTRUCT_SCTP_SM_H
#define KSTRUCT_SCTP_SM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <kstruct/compat/export.h>
#include <kstruct/sctp/sctp.h>

KSTRUCT_EXPORT_BEGIN

struct sctp_association;
struct sctp_bind_addr;
union sctp_addr;

/* what a Supported Address Types parameter announces (bit mask) */
#define SCTP_ADDR4_SUPPORTED 0x1u
#define SCTP_ADDR6_SUPPORTED 0x2u
#define SCTP_HOSTNAME_SUPPORTED 0x4u

#define SCTP_DATA_CHUNK_LEN 16 /* DATA header size */

/**
 * sctp_param_next() - walk the parameters of a chunk
 * @params: the first parameter
 * @len: bytes from @params to the end of the chunk
 * @offset: in: where the next parameter starts (0 for the first);
 *	out: where the one after it starts
 * @param: out: the parameter found
 * @param_len: out: its length field (padding excluded)
 *
 * Context: always ends; 2.5.33 looped forever on a length of 0.
 * Return: 1 for a parameter, 0 at the end, -EINVAL for a length below 4,
 * -EMSGSIZE for one running past @len or fewer than 4 bytes left.
 */
int sctp_param_next(const void *params, size_t len, size_t *offset,
		    const uint8_t **param, size_t *param_len);

/**
 * struct sctp_init_view - an INIT or INIT ACK chunk, in host order
 * @type: SCTP_CID_INIT or SCTP_CID_INIT_ACK
 * @init_tag: initiate tag (never 0)
 * @a_rwnd: advertised receiver window
 * @num_outbound_streams: outbound streams (never 0)
 * @num_inbound_streams: maximum inbound streams (never 0)
 * @initial_tsn: first TSN
 * @chunk_len: the chunk's length field
 * @addr_types: SCTP_ADDR4/ADDR6/HOSTNAME_SUPPORTED of the Supported
 *	Address Types parameter; 0 when there is none
 * @has_supported_addr_types: a Supported Address Types parameter is there
 * @ecn_capable: an ECN Capable parameter is there
 * @num_ipv4: IPv4 address parameters
 * @num_ipv6: IPv6 address parameters
 * @cookie: the State Cookie's value (INIT ACK), or NULL
 * @cookie_len: its length
 * @hostname: the first Host Name Address parameter, header included
 *	(when sctp_verify_init() returned -EADDRNOTAVAIL), or NULL
 * @hostname_len: its length field (padding excluded)
 * @params: the first parameter (inside the parsed buffer)
 * @params_len: bytes of parameters, up to the chunk's length field
 */
struct sctp_init_view {
	uint8_t type;
	uint32_t init_tag;
	uint32_t a_rwnd;
	uint16_t num_outbound_streams;
	uint16_t num_inbound_streams;
	uint32_t initial_tsn;
	size_t chunk_len;
	unsigned int addr_types;
	bool has_supported_addr_types;
	bool ecn_capable;
	unsigned int num_ipv4;
	unsigned int num_ipv6;
	const uint8_t *cookie;
	size_t cookie_len;
	const uint8_t *hostname;
	size_t hostname_len;
	const uint8_t *params;
	size_t params_len;
};

/**
 * sctp_verify_init() - check an INIT or INIT ACK chunk completely
 * @chunk: the chunk, header first
 * @len: bytes available at @chunk
 * @init: out: the chunk's fields (only valid when 0 or -EADDRNOTAVAIL
 *	is returned)
 *
 * Checks the chunk header (type INIT or INIT ACK, length 20 or more and
 * not past @len), the fixed fields (initiate tag and both stream counts
 * non-zero), and every parameter: framing; IPv4 address length 8, IPv6
 * 20; Supported Address Types of even length; ECN Capable of length 4;
 * a State Cookie only in an INIT ACK.  Other parameter types are skipped,
 * whatever their upper bits (2.5.33 did the same).  A Host Name Address
 * parameter makes the chunk unacceptable: RFC 9260 3.3.2.1 has its
 * receiver answer with an ABORT (sctp_make_unresolvable_abort() builds
 * it from @init->hostname); 2.5.33 ignored the parameter.
 *
 * Return: 0; -EINVAL (wrong type, length field below 20, zero tag or
 * streams, a malformed parameter); -EMSGSIZE (chunk or parameter past the
 * end, fewer than 4 bytes left); -EADDRNOTAVAIL (otherwise sound, but
 * with a Host Name Address: @init is filled, @init->hostname set).
 */
int sctp_verify_init(const void *chunk, size_t len,
		     struct sctp_init_view *init);

/**
 * sctp_make_init_raw() - encode an INIT or INIT ACK chunk
 * @buf: where the chunk goes
 * @size: capacity of @buf
 * @init: @type and the fixed fields; @addr_types (when non-zero, a
 *	Supported Address Types parameter listing IPv4, IPv6, host name in
 *	that order) and @ecn_capable; other members are ignored
 * @addr_params: address parameters, already encoded (see
 *	sctp_make_addr_param()), copied as they are; or NULL
 * @addr_len: their length in bytes (a multiple of 4)
 * @cookie: for an INIT ACK, the State Cookie's value; or NULL
 * @cookie_len: its length
 *
 * Parameter order: addresses, State Cookie, Supported Address Types, ECN
 * Capable.  Every parameter is padded to 4 bytes; the chunk's length field
 * excludes the final padding, as RFC 9260 section 3.2 asks.
 *
 * Return: bytes written including the final padding; -EINVAL for a zero
 * initiate tag or stream count, an @addr_len not a multiple of 4, a
 * length with a NULL pointer, or a State Cookie in an INIT;
 * -EFBIG when @buf is too small or the chunk would pass 65535 bytes.
 */
int sctp_make_init_raw(void *buf, size_t size,
		       const struct sctp_init_view *init,
		       const void *addr_params, size_t addr_len,
		       const void *cookie, size_t cookie_len);

/**
 * struct sctp_sack_gap - a gap ack block in host order
 * @start: first TSN of the block, as an offset from the cumulative ack
 * @end: last TSN, likewise
 */
struct sctp_sack_gap {
	uint16_t start;
	uint16_t end;
};

/**
 * struct sctp_sack_view - a SACK chunk, in host order
 * @cum_tsn_ack: cumulative TSN ack
 * @a_rwnd: advertised receiver window
 * @num_gap_ack_blocks: N
 * @num_dup_tsns: X
 * @chunk_len: the chunk's length field (16 + 4N + 4X or more: bytes
 *	after the duplicate TSNs are ignored)
 * @gabs: the N blocks (network order, inside the parsed buffer); read
 *	them with sctp_sack_view_gap()
 * @dups: the X duplicate TSNs; read them with sctp_sack_view_dup()
 */
struct sctp_sack_view {
	uint32_t cum_tsn_ack;
	uint32_t a_rwnd;
	uint16_t num_gap_ack_blocks;
	uint16_t num_dup_tsns;
	size_t chunk_len;
	const uint8_t *gabs;
	const uint8_t *dups;
};

/**
 * sctp_sack_view_gap() - the @i-th gap ack block of a verified SACK
 * @sack: the SACK
 * @i: below @sack->num_gap_ack_blocks
 *
 * Return: the block, host order.
 */
struct sctp_sack_gap sctp_sack_view_gap(const struct sctp_sack_view *sack,
					unsigned int i);

/**
 * sctp_sack_view_dup() - the @i-th duplicate TSN of a verified SACK
 * @sack: the SACK
 * @i: below @sack->num_dup_tsns
 *
 * Return: the TSN, host order.
 */
uint32_t sctp_sack_view_dup(const struct sctp_sack_view *sack, unsigned int i);

/**
 * sctp_sm_pull_sack() - read and check a SACK after its chunk header
 * @sackhdr: the SACK header (cumulative TSN ack, a_rwnd, N, X), followed
 *	by the N gap blocks and X duplicate TSNs
 * @len: the chunk's length minus its 4-byte header
 * @sack: out: its fields (only valid when 0 is returned); chunk_len is
 *	set to @len + 4
 *
 * The one SACK check that sctp_verify_sack() and sctp_sack_outqueue()
 * share, so they accept exactly the same SACKs.  2.5.33's
 * sctp_sm_pull_sack() pulled 12 + 4N + 4X bytes without looking at the
 * length; here the counts must fit in @len.  Bytes after the duplicate
 * TSNs are ignored, as 2.5.33 (whose receive path stepped to the next
 * chunk by the length field) and later kernels ignore them.
 *
 * Return: 0; -EMSGSIZE (@len below 12, or counts that overrun it);
 * -EINVAL (a block starting at 0 or with start > end, blocks out of
 * order or overlapping).
 */
int sctp_sm_pull_sack(const void *sackhdr, size_t len,
		      struct sctp_sack_view *sack);

/**
 * sctp_verify_sack() - check a SACK chunk's framing and blocks
 * @chunk: the chunk, header first
 * @len: bytes available at @chunk
 * @sack: out: its fields (only valid when 0 is returned)
 *
 * The chunk header (type SACK, length field 16 or more and within @len),
 * then sctp_sm_pull_sack() on the rest.
 *
 * Return: 0; -EINVAL (not a SACK, a length field below 16, a block
 * starting at 0 or with start > end, blocks out of order or
 * overlapping); -EMSGSIZE (past @len, or counts that overrun the chunk).
 */
int sctp_verify_sack(const void *chunk, size_t len,
		     struct sctp_sack_view *sack);

/**
 * sctp_sack_check_tsns() - check a SACK against what was sent
 * @sack: a verified SACK
 * @ctsn_ack_point: the highest TSN cumulatively acked so far
 * @next_tsn: the next TSN the association will send
 *
 * Return: 0; -ESTALE when the cumulative ack is below @ctsn_ack_point;
 * -ERANGE when it, or the end of a gap block, is at or after @next_tsn
 * (a TSN never sent).
 */
int sctp_sack_check_tsns(const struct sctp_sack_view *sack,
			 uint32_t ctsn_ack_point, uint32_t next_tsn);

/**
 * sctp_make_sack_raw() - encode a SACK chunk
 * @buf: where the chunk goes
 * @size: capacity of @buf
 * @cum_tsn_ack: cumulative TSN ack
 * @a_rwnd: advertised receiver window
 * @gabs: @ngabs blocks (host order, offsets from @cum_tsn_ack), or NULL
 * @ngabs: how many
 * @dups: @ndups duplicate TSNs, or NULL
 * @ndups: how many
 *
 * Return: bytes written (16 + 4N + 4X); -EINVAL for blocks that
 * sctp_verify_sack() would refuse, or a count with a NULL array;
 * -EFBIG when @buf is too small or the chunk would pass 65535 bytes.
 */
int sctp_make_sack_raw(void *buf, size_t size, uint32_t cum_tsn_ack,
		       uint32_t a_rwnd, const struct sctp_sack_gap *gabs,
		       unsigned int ngabs, const uint32_t *dups,
		       unsigned int ndups);

/**
 * sctp_make_chunk_raw() - encode any chunk from its value
 * @buf: where the chunk goes
 * @size: capacity of @buf
 * @type: chunk type
 * @flags: chunk flags
 * @value: the value (after the 4-byte header), or NULL
 * @vlen: its length
 *
 * Return: bytes written, padded to 4; -EINVAL for a @vlen with a NULL
 * @value; -EFBIG when it does not fit.
 */
int sctp_make_chunk_raw(void *buf, size_t size, uint8_t type, uint8_t flags,
			const void *value, size_t vlen);

/**
 * sctp_make_data_raw() - encode an unfragmented DATA chunk (B and E set)
 * @buf: where the chunk goes
 * @size: capacity of @buf
 * @tsn: its TSN
 * @stream: stream identifier
 * @ssn: stream sequence number
 * @ppid: payload protocol identifier
 * @payload: the user data
 * @plen: its length (at least 1)
 *
 * Return: bytes written, padded to 4; -EINVAL for an empty or NULL
 * payload;
 * -EFBIG when it does not fit.
 */
int sctp_make_data_raw(void *buf, size_t size, uint32_t tsn, uint16_t stream,
		       uint16_t ssn, uint32_t ppid, const void *payload,
		       size_t plen);

/* ---- chunks made from an association (sm_make_chunk.c) ---- */

/*
 * Stream counts (2.5.33: SCTP_MAX_STREAM, 10, both ways); the advertised
 * window is SCTP_DEFAULT_MAXWINDOW (sctp/structs.h), 2.5.33's receive
 * buffer.
 */
#define SCTP_DEFAULT_OUTSTREAMS 10
#define SCTP_DEFAULT_MAXINSTREAMS 10
/* TSNs a SACK can describe from the first; duplicates it reports (2.5.33) */
#define SCTP_TSN_MAP_SIZE 2048
#define SCTP_MAX_DUP_TSNS 128

/**
 * sctp_make_init() - encode the INIT an association sends
 * @asoc: the association: our tag (c.my_vtag), first TSN (next_tsn)
 * @bp: the local addresses to announce, in list order
 * @gfp: allocation flags (for the encoded address list)
 * @buf: where the chunk goes
 * @size: capacity of @buf
 *
 * The INIT carries a_rwnd SCTP_DEFAULT_MAXWINDOW, SCTP_DEFAULT_OUTSTREAMS
 * outbound and SCTP_DEFAULT_MAXINSTREAMS inbound streams, the addresses of
 * @bp (sctp_bind_addrs_to_raw()), Supported Address Types (IPv4, IPv6)
 * and ECN Capable.
 *
 * Return: bytes written; -EINVAL when @asoc has no tag yet; -EFBIG;
 * -ENOMEM.
 */
int sctp_make_init(const struct sctp_association *asoc,
		   const struct sctp_bind_addr *bp, unsigned int gfp, void *buf,
		   size_t size);

/**
 * sctp_make_init_ack() - encode the INIT ACK an association answers with
 * @asoc: the association, as for sctp_make_init(); ECN Capable is
 *	announced only when @asoc->peer.ecn_capable (2.5.33 did the same),
 *	and there is no Supported Address Types parameter
 * @bp: the local addresses to announce
 * @gfp: allocation flags
 * @cookie: the State Cookie's value
 * @cookie_len: its length
 * @buf: where the chunk goes
 * @size: capacity of @buf
 *
 * Return: as sctp_make_init().
 */
int sctp_make_init_ack(const struct sctp_association *asoc,
		       const struct sctp_bind_addr *bp, unsigned int gfp,
		       const void *cookie, size_t cookie_len, void *buf,
		       size_t size);

/**
 * sctp_make_sack() - encode the SACK for the DATA TSNs received so far
 * @asoc: the association; the peer's first TSN is peer.i.initial_tsn
 * @tsns: the TSNs received, in arrival order (repeats allowed)
 * @ntsns: how many
 * @buf: where the chunk goes
 * @size: capacity of @buf
 *
 * Plays 2.5.33's tsnmap: the cumulative ack is the last TSN before the
 * first one missing, each run of received TSNs after it is a gap block,
 * and a TSN received again is a duplicate (up to SCTP_MAX_DUP_TSNS of
 * them are reported).  a_rwnd is
 * SCTP_DEFAULT_MAXWINDOW.
 *
 * Return: bytes written; -ERANGE for a TSN SCTP_TSN_MAP_SIZE or more past
 * the first one; -EFBIG.
 */
int sctp_make_sack(const struct sctp_association *asoc, const uint32_t *tsns,
		   unsigned int ntsns, void *buf, size_t size);

/**
 * sctp_make_restart_abort() - an ABORT for a restart with new addresses
 * @ssa: the address the restarted peer added
 * @buf: where the chunk goes
 * @size: capacity of @buf
 *
 * One error cause, "Restart of an Association with New Addresses"
 * (SCTP_ERROR_RESTART), whose value is @ssa as an address parameter.
 *
 * Return: bytes written; -EINVAL for a family that is not IPv4 or IPv6;
 * -EFBIG.
 */
int sctp_make_restart_abort(const union sctp_addr *ssa, void *buf, size_t size);

/**
 * sctp_make_unresolvable_abort() - an ABORT for an unresolvable address
 * @param: the parameter that could not be resolved (a Host Name Address,
 *	as sctp_verify_init() reports it), header included
 * @plen: its length, which its length field must equal
 * @buf: where the chunk goes
 * @size: capacity of @buf
 *
 * One error cause, "Unresolvable Address" (SCTP_ERROR_DNS_FAILED, RFC
 * 9260 3.3.10.5), whose value is the whole parameter; padded to 4, the
 * chunk length leaving the final padding out.
 *
 * Return: bytes written; -EINVAL for a NULL @param, a @plen below 4 or
 * not the parameter's length field; -EFBIG when @buf is too small or the
 * chunk would pass 65535 bytes (@buf untouched).
 */
int sctp_make_unresolvable_abort(const void *param, size_t plen, void *buf,
				 size_t size);

/**
 * sctp_process_init() - take in a peer's INIT (or the INIT in a cookie)
 * @asoc: the association
 * @cid: SCTP_CID_INIT while answering an INIT; anything else (the
 *	COOKIE ECHO's type) when processing the INIT kept in a cookie
 * @peer_addr: the address the chunk came from, with the peer's port
 * @init: the INIT (or INIT ACK) chunk
 * @len: bytes at @init
 *
 * Verifies the chunk first (sctp_verify_init()), then adds @peer_addr as
 * a peer; then, only when processing a cookie, adds each address
 * parameter that is in the association's scope (with the peer's port),
 * IPv6 ones only when the association's socket is AF_INET6 or it has
 * none (2.5.33 took them only on a PF_INET6 socket).  Then records the
 * peer's INIT fields (peer.i, c.peer_vtag), its window (peer.rwnd), which
 * families it takes (a Supported Address Types parameter names them;
 * without one they stay as they were), ECN (set when the parameter is
 * there, never cleared), and sets every transport's ssthresh to the
 * peer's a_rwnd.
 *
 * Context: takes @asoc->base.lock (the transport list's writers' lock);
 * the caller must be a registered RCU thread (a failed call frees the
 * transports it added after a grace period).
 * Return: 0; the error of sctp_verify_init() (-EADDRNOTAVAIL: a Host
 * Name Address, to be answered with an ABORT); -EINVAL for a @peer_addr
 * of another family or port; -ENOMEM.  On error the association is as it
 * was (the peers this call added are removed again).
 */
int sctp_process_init(struct sctp_association *asoc, uint8_t cid,
		      const union sctp_addr *peer_addr, const void *init,
		      size_t len);

/* ---- state functions (sm_statefuns.c) ---- */

/**
 * enum sctp_disposition - what a state function decided
 * @SCTP_DISPOSITION_CONSUME: handled; the association was updated
 * @SCTP_DISPOSITION_ABORT: refused; an ABORT was built to send back
 */
enum sctp_disposition {
	SCTP_DISPOSITION_CONSUME,
	SCTP_DISPOSITION_ABORT,
};

/**
 * sctp_sf_do_dupcook_a() - a duplicate COOKIE ECHO: the peer restarted
 * @asoc: the existing association
 * @new_asoc: a fresh association (no peers yet) built from the cookie
 * @peer_addr: where the COOKIE ECHO came from
 * @init: the INIT kept in the cookie
 * @len: bytes at @init
 * @abort: where to build the ABORT, if one is needed
 * @abort_size: capacity of @abort
 * @abort_len: out: bytes of ABORT built (0 when none)
 *
 * RFC 9260 section 5.2.4 case A.  @new_asoc takes in the cookie's INIT
 * (sctp_process_init() with SCTP_CID_COOKIE_ECHO); then every transport
 * of @new_asoc must already be a transport of @asoc, since a restarted
 * peer may not add addresses.  If one is not, an ABORT carrying the first
 * such address (sctp_make_restart_abort()) is built and @asoc is left as
 * it was.  Otherwise @asoc takes the new peer's tag, INIT fields, window,
 * families and ECN, and each of its transports the new ssthresh.
 * 2.5.33 had the test inverted: it accepted the restart only when the two
 * address lists were identical.
 *
 * Context: as sctp_process_init().  @new_asoc stays the caller's.
 * Return: SCTP_DISPOSITION_CONSUME or SCTP_DISPOSITION_ABORT; a negative
 * errno from sctp_process_init() or sctp_make_restart_abort() (then
 * neither association changed, bar @new_asoc having been left as
 * sctp_process_init() leaves it on error: as it was).
 */
int sctp_sf_do_dupcook_a(struct sctp_association *asoc,
			 struct sctp_association *new_asoc,
			 const union sctp_addr *peer_addr, const void *init,
			 size_t len, void *abort, size_t abort_size,
			 size_t *abort_len);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_SCTP_SM_H */
